// Property (#21 sample): over N events, `sample p` keeps a count within 5 standard deviations of N·p
// (each row is kept independently with probability p, so the count is Binomial(N, p); a 5σ miss has
// probability < 6e-7 per run). Deterministic for a printed FC_SEED, so a failure replays. Also: the
// streaming result equals the parallel executor's over the same blocks on disk, and the same seed
// keeps the same rows whatever the block size.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../../../src/index.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`sample-fraction seed=${SEED} (set FC_SEED to replay)`)

const N = 20_000
const NOW_MS = Date.UTC(2026, 0, 2)
const events = Array.from({ length: N }, (_, i) => ({ _time: NOW_MS - 1000 - i, i, g: `g${i % 7}` }))

let dir: string
let stores: Apldb[] = []

async function store(blockRows: number, onDisk: boolean): Promise<Apldb> {
  const s = await openStore({
    blockRows,
    durability: 'none',
    clock: () => NOW_MS,
    ...(onDisk ? { path: join(dir, String(blockRows)) } : {}),
  })
  await s.datasets.create({ name: 'ev' })
  await s.ingest('ev', events)
  if (onDisk) await s.flush()
  stores.push(s)
  return s
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apldb-sample-'))
})
afterAll(async () => {
  for (const s of stores) await s.close()
  stores = []
  await rm(dir, { recursive: true, force: true })
})

/** The `i` values a sample keeps, in order. */
async function kept(s: Apldb, apl: string, sampleSeed: number, parallel?: 'on' | 'off'): Promise<number[]> {
  const r = await s.queryResult(`${apl} | project i | sort by i asc`, {
    sampleSeed,
    limit: 50_000,
    ...(parallel ? { parallel } : {}),
  })
  return r.tables[0].columns[0] as number[]
}

describe('sample', () => {
  it('keeps a fraction within 5σ of p', async () => {
    const s = await store(4096, false)
    await fc.assert(
      fc.asyncProperty(fc.double({ min: 0.005, max: 0.995, noNaN: true }), fc.nat(), async (p, seed) => {
        const r = await s.queryResult(`ev | sample ${p} | count`, { sampleSeed: seed })
        const got = r.tables[0].columns[0][0] as number
        const sd = Math.sqrt(N * p * (1 - p))
        expect(Math.abs(got - N * p)).toBeLessThanOrEqual(5 * sd)
      }),
      { seed: SEED, numRuns: 40, interruptAfterTimeLimit: 20_000 },
    )
  })

  it('keeps the same rows for a seed at any block size, streaming or parallel', async () => {
    const small = await store(97, true)
    const large = await store(65_536, false)
    const seed = SEED >>> 0
    const q = `ev | where g != 'g3' | extend j = i * 2 | sample 0.1`
    const a = await kept(small, q, seed, 'off')
    expect(a.length).toBeGreaterThan(0)
    expect(await kept(small, q, seed, 'on')).toEqual(a)
    expect(await kept(large, q, seed)).toEqual(a)
    const count = await small.queryResult(`${q} | summarize count() by g`, {
      sampleSeed: seed,
      parallel: 'on',
    })
    const total = (count.tables[0].columns[1] as number[]).reduce((x, y) => x + y, 0)
    expect(total).toBe(a.length)
    // Another seed keeps other rows.
    expect(await kept(small, q, (seed + 1) >>> 0, 'off')).not.toEqual(a)
  })
})
