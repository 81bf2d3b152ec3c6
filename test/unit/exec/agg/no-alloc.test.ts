// No per-row allocation in the batch add paths (addNumbers / addInt64s / addCodes, with and without a
// selection vector): each runs 3M adds while a PerformanceObserver counts young-generation collections
// (scavenges). A path that boxed one double per row would allocate ~48 MB and trigger several; an
// allocating control loop shows the probe sees them. The feeding loop is shared by every state class on
// purpose, as an executor's would be: the per-class batch loops must keep doubles unboxed regardless.
import { constants, PerformanceObserver } from 'node:perf_hooks'
import { getHeapSpaceStatistics } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { rng } from '../../../../bench/data-gen.ts'
import type { AggState } from '../../../../src/exec/agg/agg-state.ts'
import type { ArgExtremumState } from '../../../../src/exec/agg/arg-extremum.ts'
import { CodeDictionary } from '../../../../src/exec/agg/code-dictionary.ts'
import { type AggKind, type AggParams, createAggState } from '../../../../src/exec/agg/registry.ts'

const N = 2_000_000
const r = rng(3)
const nums = new Float64Array(N)
const ints = new Float64Array(N)
const words = new Int32Array(2 * N)
const codes = new Int32Array(N)
const dict = new CodeDictionary(Array.from({ length: 5000 }, (_, i) => `value-${i}`))
for (let i = 0; i < N; i++) {
  nums[i] = r() * 1000
  ints[i] = Math.floor(r() * 400)
  // Datetimes in ns (≈ 1.7e18, past 2^53), as a block's Int32 pair view hands them out.
  const t = 1_700_000_000_000_000_000n + BigInt(Math.floor(r() * 1e12))
  words[2 * i] = Number(BigInt.asIntN(32, t))
  words[2 * i + 1] = Number(t >> 32n)
  codes[i] = Math.floor(r() ** 2 * dict.values.length)
}
/** A selection vector over every other row, as a filter would hand the aggregation. */
const sel = new Uint32Array(N / 2)
for (let i = 0; i < sel.length; i++) sel[i] = 2 * i

/** Bytes in use in the young generation (where per-row garbage would land). */
const newSpaceUsed = () =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_used_size ?? 0

/**
 * Young-generation allocation while `fn` runs: minor GCs seen, and the growth of the young generation
 * when none happened (so small allocations show too). Entries arrive asynchronously: wait a tick.
 */
async function probe(fn: () => void): Promise<{ scavenges: number; grown: number }> {
  let minor = 0
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail: { kind: number } }).detail.kind
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) minor++
    }
  })
  obs.observe({ entryTypes: ['gc'] })
  const before = newSpaceUsed()
  fn()
  // Read the young generation right after the loop, before anything else gets to run.
  const after = newSpaceUsed()
  await new Promise((resolve) => setTimeout(resolve, 20))
  obs.disconnect()
  return { scavenges: minor, grown: minor === 0 ? after - before : Number.NaN }
}

/** Minor GCs while `fn` runs. */
async function scavenges(fn: () => void): Promise<number> {
  return (await probe(fn)).scavenges
}

/** Measured rounds over the rows: 2 × 1.5M adds (selection: 4 × 0.75M); one boxed double per add would be 48 MB. */
const ROUNDS = 2

/** Feeds rows [from, to) in blocks of 65,536, as the executor would per block. */
type Path = 'number' | 'integer' | 'int64' | 'code' | 'selected'
const BLOCK = 65_536
const PATHS: Record<Path, (s: AggState, from: number, to: number) => void> = {
  number: (s, from, to) => {
    for (let b = from; b < to; b += BLOCK) s.addNumbers(nums, null, b, Math.min(to, b + BLOCK))
  },
  integer: (s, from, to) => {
    for (let b = from; b < to; b += BLOCK) s.addNumbers(ints, null, b, Math.min(to, b + BLOCK))
  },
  int64: (s, from, to) => {
    for (let b = from; b < to; b += BLOCK) s.addInt64s(words, null, b, Math.min(to, b + BLOCK))
  },
  code: (s, from, to) => {
    for (let b = from; b < to; b += BLOCK) s.addCodes(codes, dict, null, b, Math.min(to, b + BLOCK))
  },
  selected: (s, from, to) => {
    for (let b = from / 2; b < to / 2; b += BLOCK) s.addNumbers(nums, sel, b, Math.min(to / 2, b + BLOCK))
  },
}

const CASES: [AggKind, AggParams, Path[]][] = [
  ['count', {}, ['number', 'code']],
  ['countif', {}, ['number', 'int64']],
  ['sum', {}, ['number', 'integer', 'int64', 'selected']],
  ['avg', {}, ['number', 'int64', 'selected']],
  ['min', {}, ['number', 'int64', 'code']],
  ['max', {}, ['number', 'int64', 'code', 'selected']],
  ['variance', {}, ['number', 'int64']],
  ['stdev', {}, ['selected']],
  ['dcount', {}, ['number', 'integer', 'int64', 'code']],
  ['percentile', { percent: 95 }, ['number', 'int64', 'selected']],
  ['percentiles_array', { percents: [50, 99] }, ['number']],
  ['histogram', { bins: 10 }, ['number']],
  ['rate', { seconds: 60 }, ['number', 'selected']],
  ['topk', { k: 10 }, ['number', 'integer', 'code', 'selected']],
  ['make_set', {}, ['integer', 'code']],
]

describe('batch add paths do not allocate per row', () => {
  it('control: an allocating loop is seen by the probe', async () => {
    const sink: unknown[] = [null]
    const n = await scavenges(() => {
      for (let i = 0; i < N; i++) sink[0] = { v: nums[i] }
    })
    console.log(`control (one object per row): scavenges=${n}`)
    expect(n).toBeGreaterThanOrEqual(3)
  })

  for (const [kind, params, paths] of CASES) {
    for (const path of paths) {
      it(`${kind} via ${path}`, async () => {
        const state = createAggState(kind, params)
        // Warm up until the optimizing compiler has the loop (an interpreted or baseline call boxes its
        // double arguments), and past one-off growth such as the exact→sketch switch; then measure.
        for (let k = 0; k < (path === 'selected' ? 2 : 1); k++) PATHS[path](state, 0, N)
        const rounds = path === 'selected' ? 2 * ROUNDS : ROUNDS
        const { scavenges: n, grown } = await probe(() => {
          for (let k = 0; k < rounds; k++) PATHS[path](state, N / 4, N)
        })
        const adds = (rounds * 3 * N) / (path === 'selected' ? 8 : 4)
        console.log(
          `${kind} ${path}: scavenges=${n} young_growth=${(grown / adds).toFixed(3)} B/add over ${adds} adds`,
        )
        // One scavenge may come from elsewhere (JIT, the observer); per-row boxing gives several.
        expect(n).toBeLessThanOrEqual(1)
        if (n === 0) expect(grown / adds).toBeLessThan(1)
      })
    }
  }

  it('arg_max via addNumbersAt / addInt64sAt (payload captured only for new bests)', async () => {
    let captures = 0
    const source = {
      capture: (o: number) => {
        captures++
        return { row: o }
      },
    }
    for (const path of ['number', 'int64'] as const) {
      const s = createAggState('arg_max') as ArgExtremumState
      const feedArg = (from: number, to: number) => {
        if (path === 'number') s.addNumbersAt(nums, null, from, to, 0, source)
        else s.addInt64sAt(words, null, from, to, 0, source)
      }
      feedArg(0, N)
      feedArg(0, N)
      const n = await scavenges(() => feedArg(N / 4, N))
      console.log(`arg_max ${path}: scavenges=${n} captures=${captures}`)
      expect(n).toBeLessThanOrEqual(1)
      expect(s.result()).not.toBeNull()
    }
    expect(captures).toBeLessThan(200)
  })
})
