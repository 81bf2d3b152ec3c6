// storage/tail-batches.ts: a tail's batch, assembled from its WAL records in steps with the event loop
// running in between, equals buildBatch over the same events, for any range of the records (a
// record cut by a seal at either end too); one assembly serves concurrent readers of one range.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { batchToEvents, buildBatch } from '../../../src/storage/block/build.ts'
import { TailBatches } from '../../../src/storage/tail-batches.ts'
import { type TailChunk, type TailView, tailFieldTypes } from '../../../src/storage/tail-chunks.ts'
import { type FlatEvent, type FlatValue, typeOfValue } from '../../../src/storage/types.ts'
import { encodeWalBatch } from '../../../src/storage/wal/record.ts'
import { StepClock } from '../../../src/util/loop-turn.ts'
import { loopIterations } from '../util/loop-iterations.ts'

/** An assembly that pauses at every step (a clock whose pieces last no time). */
const everyStep = () => new TailBatches(() => new StepClock(0, 1))

function events(n: number, seed: number): FlatEvent[] {
  const out: FlatEvent[] = []
  for (let i = 0; i < n; i++) {
    const fields: Record<string, FlatValue> = { s: `v${(i * seed) % 97}`, n: i % 7 === 0 ? 1.5 : i }
    if (i % 5 === seed % 5) fields.sparse = i % 2 === 0
    if (i % 50 === 3) fields[`rare${i % 3}`] = 'x'
    out.push({ time: BigInt(i) * 1_000_000n, sysTime: BigInt(i), fields })
  }
  return out
}

/** `evs` as WAL records of `per` events each, sequence numbers from 0. */
function records(evs: readonly FlatEvent[], per: number): TailChunk[] {
  const out: TailChunk[] = []
  for (let at = 0; at < evs.length; at += per) {
    const part = evs.slice(at, at + per)
    const [payload] = encodeWalBatch(at, part)
    out.push({ firstSeq: at, count: part.length, payload })
  }
  return out
}

describe('TailBatches', () => {
  it('assembles the same batch as buildBatch, for any range of the records', async () => {
    const seed = Date.now() % 1000
    console.log(`seed ${seed}`)
    const evs = events(700, 7)
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 699 }),
        fc.integer({ min: 0, max: 700 }),
        async (per, first, n) => {
          const length = Math.min(n, evs.length - first)
          const tail: TailView = { chunks: records(evs, per), firstSeq: first, length }
          const got = await everyStep().get(tail)
          const want = buildBatch(evs.slice(first, first + length))
          expect(got.rowCount).toBe(length)
          expect(got.columns.map((c) => `${c.field}:${c.type}`)).toEqual(
            want.columns.map((c) => `${c.field}:${c.type}`),
          )
          expect(batchToEvents(got)).toEqual(batchToEvents(want))
          // The field types read from the records are those of the range's events.
          const types = new Map<string, Set<string>>()
          for (const e of evs.slice(first, first + length))
            for (const [k, v] of Object.entries(e.fields))
              types.set(k, (types.get(k) ?? new Set()).add(typeOfValue(v)))
          const sorted = (m: ReadonlyMap<string, ReadonlySet<string>>) =>
            [...m].map(([k, s]) => `${k}:${[...s].sort().join('|')}`).sort()
          expect(sorted(tailFieldTypes(tail))).toEqual(sorted(types))
        },
      ),
      { seed, numRuns: 25 },
    )
  })

  it('lets the event loop run between steps, and reads only its range while the records grow', async () => {
    const evs = events(1000, 3)
    const chunks = records(evs, 100)
    const want = batchToEvents(buildBatch(evs))
    const loop = loopIterations()
    const building = everyStep().get({ chunks, firstSeq: 0, length: evs.length })
    // Appends land while the assembly pauses: the list of records is only ever appended to.
    const more = records(events(1100, 5), 100).slice(10)
    setImmediate(() => chunks.push(...more))
    const got = await building
    loop.stop()
    expect(loop.now()).toBeGreaterThanOrEqual(3)
    expect(got.rowCount).toBe(evs.length)
    expect(batchToEvents(got)).toEqual(want)
  })

  it('shares one assembly among readers of a range and assembles again for a longer one', async () => {
    const chunks = records(events(100, 1), 30)
    const tails = new TailBatches()
    const a = tails.get({ chunks, firstSeq: 0, length: 50 })
    const b = tails.get({ chunks, firstSeq: 0, length: 50 })
    expect(b).toBe(a)
    const c = await tails.get({ chunks, firstSeq: 0, length: 80 })
    expect(c.rowCount).toBe(80)
    expect((await a).rowCount).toBe(50)
    // A range past its records is a caller bug, refused at once.
    expect(() => tails.get({ chunks, firstSeq: 90, length: 20 })).toThrow(/found 10 events/)
  })
})
