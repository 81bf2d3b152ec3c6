// A chunk's events read in ranges are the same as those ranges of the whole chunk's events, for
// sparse and dense fields of every type (sparse fields skip rows a byte of presence bits at a time).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ChunkBuilder } from '../../../../src/storage/ingest/index.ts'
import type { FlatEvent } from '../../../../src/storage/types.ts'
import { chunkEvents } from './chunk-events.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`chunk-events seed=${seed}`)

const value = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
)
/** Events over 1–40 field names, each present with its own probability (many very sparse). */
const eventsArb = fc
  .array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 })
  .chain((odds) =>
    fc.array(
      fc
        .tuple(...odds.map(() => fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), value)))
        .map((cells) => {
          const e: Record<string, unknown> = {}
          cells.forEach(([roll, v], i) => {
            if (roll < odds[i] * odds[i]) e[`f${i}`] = v
          })
          return e
        }),
      { minLength: 1, maxLength: 300 },
    ),
  )

const plain = (events: readonly FlatEvent[]) => events.map((e) => [e.time, e.sysTime, { ...e.fields }])

describe('chunkEvents', () => {
  it('reads consecutive ranges as the whole chunk', () => {
    fc.assert(
      fc.property(eventsArb, fc.array(fc.integer({ min: 1, max: 70 }), { minLength: 1 }), (raws, steps) => {
        const b = new ChunkBuilder(
          { receiveTime: 1_700_000_000_000_000_000n, sysTime: 1_700_000_000_500_000_000n },
          raws.length,
        )
        for (const r of raws) b.add(r)
        for (const chunk of b.finish()) {
          const whole = chunkEvents(chunk)
          const parts: FlatEvent[] = []
          let from = 0
          for (let k = 0; from < chunk.rows; k++) {
            const to = Math.min(chunk.rows, from + steps[k % steps.length])
            chunkEvents(chunk, from, to, parts)
            from = to
          }
          expect(plain(parts)).toEqual(plain(whole))
          const mid = Math.floor(chunk.rows / 3)
          expect(plain(chunkEvents(chunk, mid))).toEqual(plain(whole.slice(mid)))
        }
      }),
      { seed, numRuns: 150, interruptAfterTimeLimit: 20_000 },
    )
  })
})
