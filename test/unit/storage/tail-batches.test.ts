// storage/tail-batches.ts: a tail prefix's batch is built in steps with the event loop running in
// between, equals the one-piece build, and is built once for concurrent readers of one prefix.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { batchToEvents, buildBatch } from '../../../src/storage/block/build.ts'
import { TailBatches } from '../../../src/storage/tail-batches.ts'
import type { FlatEvent, FlatValue } from '../../../src/storage/types.ts'
import { StepClock } from '../../../src/util/loop-turn.ts'
import { loopIterations } from '../util/loop-iterations.ts'

/** A build that pauses every 256 events (a clock whose pieces last no time). */
const stepEvery256 = () => new TailBatches(() => new StepClock(0))
const STEP = 256

function events(n: number, seed: number): FlatEvent[] {
  const out: FlatEvent[] = []
  for (let i = 0; i < n; i++) {
    const fields: Record<string, FlatValue> = { s: `v${(i * seed) % 97}`, n: i % 7 === 0 ? 1.5 : i }
    if (i % 5 === seed % 5) fields.sparse = i % 2 === 0
    out.push({ time: BigInt(i) * 1_000_000n, sysTime: BigInt(i), fields })
  }
  return out
}

describe('TailBatches', () => {
  it('builds the same batch as buildBatch, for prefixes across step boundaries', async () => {
    const seed = Date.now() % 1000
    console.log(`seed ${seed}`)
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 * STEP + 5 }), async (n) => {
        const evs = events(3 * STEP + 5, 7)
        const got = await stepEvery256().get({ events: evs, length: n, firstSeq: 0 })
        const want = buildBatch(evs.slice(0, n))
        expect(got.rowCount).toBe(n)
        expect(got.columns.map((c) => `${c.field}:${c.type}`)).toEqual(
          want.columns.map((c) => `${c.field}:${c.type}`),
        )
        expect(batchToEvents(got)).toEqual(batchToEvents(want))
      }),
      { seed, numRuns: 12 },
    )
  })

  it('lets the event loop run between steps, and reads only its prefix while the tail grows', async () => {
    const evs = events(4 * STEP, 3)
    const want = batchToEvents(buildBatch(evs))
    const loop = loopIterations()
    const building = stepEvery256().get({ events: evs, length: evs.length, firstSeq: 0 })
    // Appends land while the build pauses: the tail's array is only ever appended to.
    setImmediate(() => evs.push(...events(STEP, 5)))
    const got = await building
    loop.stop()
    expect(loop.now()).toBeGreaterThanOrEqual(3)
    expect(got.rowCount).toBe(4 * STEP)
    expect(batchToEvents(got)).toEqual(want)
  })

  it('shares one build among readers of a prefix and rebuilds for a longer one', async () => {
    const evs = events(100, 1)
    const tails = new TailBatches()
    const a = tails.get({ events: evs, length: 50, firstSeq: 0 })
    const b = tails.get({ events: evs, length: 50, firstSeq: 0 })
    expect(b).toBe(a)
    const c = await tails.get({ events: evs, length: 80, firstSeq: 0 })
    expect(c.rowCount).toBe(80)
    expect((await a).rowCount).toBe(50)
  })
})
