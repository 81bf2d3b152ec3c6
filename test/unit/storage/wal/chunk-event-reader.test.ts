// A chunk read in consecutive ranges (as the unsealed tail is made, a piece at a time) gives the same
// events as one read of the whole chunk, for sparse and dense fields of every type; a range that does
// not start where the last one ended reads right too.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ChunkBuilder } from '../../../../src/storage/ingest/index.ts'
import type { FlatEvent } from '../../../../src/storage/types.ts'
import { ChunkEventReader, chunkEvents } from '../../../../src/storage/wal/chunk-events.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`chunk-event-reader seed=${seed}`)

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

describe('ChunkEventReader', () => {
  it('reads consecutive ranges as one read of the chunk', () => {
    fc.assert(
      fc.property(eventsArb, fc.array(fc.integer({ min: 1, max: 70 }), { minLength: 1 }), (raws, steps) => {
        const b = new ChunkBuilder(
          { receiveTime: 1_700_000_000_000_000_000n, sysTime: 1_700_000_000_500_000_000n },
          raws.length,
        )
        for (const r of raws) b.add(r)
        for (const chunk of b.finish()) {
          const whole = chunkEvents(chunk)
          const reader = new ChunkEventReader(chunk)
          const parts: FlatEvent[] = []
          let from = 0
          for (let k = 0; from < chunk.rows; k++) {
            const to = Math.min(chunk.rows, from + steps[k % steps.length])
            reader.events(from, to, parts)
            from = to
          }
          expect(plain(parts)).toEqual(plain(whole))
          // A range elsewhere (not where the reader stopped) is read from its own start.
          const mid = Math.floor(chunk.rows / 3)
          expect(plain(reader.events(mid, chunk.rows))).toEqual(plain(whole.slice(mid)))
          expect(plain(reader.events(0, mid))).toEqual(plain(whole.slice(0, mid)))
        }
      }),
      { seed, numRuns: 150, interruptAfterTimeLimit: 20_000 },
    )
  })
})
