// Unit tests: percentile / percentiles_array (Kusto nearest rank while exact; t-digest past the exact
// limit, with the rank error measured over 1M values of several distributions, also after merging
// 8 partial digests) and histogram buckets. Prints `percentile max_rank_error=…% (≤1%)` per distribution.
import { DDSketch } from '@datadog/sketches-js'
import { describe, expect, it } from 'vitest'
import { rng } from '../../../../bench/data-gen.ts'
import { ExactBudget } from '../../../../src/exec/agg/exact-budget.ts'
import type { HistogramBucket } from '../../../../src/exec/agg/histogram.ts'
import { bigintToWords, wordsOut } from '../../../../src/exec/agg/int64-words.ts'
import { createAggState, deserializeAggState } from '../../../../src/exec/agg/registry.ts'
import { TDigest } from '../../../../src/exec/agg/tdigest.ts'

const ship = <S extends { kind: string; serialize(): Uint8Array }>(s: S): S =>
  deserializeAggState(s.kind, s.serialize()) as unknown as S

const PERCENTS = [0, 0.1, 1, 5, 10, 20, 25, 30, 40, 50, 60, 70, 75, 80, 90, 95, 99, 99.9, 100]

/** Values < x and ≤ x in sorted `v` (binary searches). */
function rankInterval(v: Float64Array, x: number): [number, number] {
  let a = 0
  let b = v.length
  while (a < b) {
    const m = (a + b) >>> 1
    if (v[m] < x) a = m + 1
    else b = m
  }
  const below = a
  b = v.length
  while (a < b) {
    const m = (a + b) >>> 1
    if (v[m] <= x) a = m + 1
    else b = m
  }
  return [below, a]
}

/** Largest distance (as a fraction of N) between each requested rank and the rank interval of its answer. */
function maxRankError(sorted: Float64Array, percents: readonly number[], answers: readonly number[]): number {
  let worst = 0
  percents.forEach((p, i) => {
    const target = (p / 100) * sorted.length
    const [below, upTo] = rankInterval(sorted, answers[i])
    const miss = target < below ? below - target : target > upTo ? target - upTo : 0
    worst = Math.max(worst, miss / sorted.length)
  })
  return worst
}

const r = rng(20240601)
const normal = () => {
  const u = 1 - r()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r())
}
/** 1M-value test distributions: request-duration-like, uniform, and heavy duplicates. */
const DISTRIBUTIONS: [string, () => number][] = [
  ['uniform', () => r()],
  ['uniform_narrow_1000..1001', () => 1000 + r()],
  ['lognormal_durations_ms', () => Math.exp(3 + 1.2 * normal())],
  ['heavy_duplicates_20_values', () => Math.floor(r() ** 3 * 20)],
  ['duplicates_50_values_skewed', () => Math.floor(r() ** 2 * 50)],
  ['half_one_value', () => (r() < 0.5 ? 7 : r() * 100)],
]

describe('percentile (exact range: Kusto nearest rank)', () => {
  it('returns the smallest value with at least P % of values ≤ it', () => {
    const s = createAggState('percentiles_array', { percents: [0, 10, 50, 51, 95, 100, 33.3] })
    for (let i = 10; i >= 1; i--) s.addNumber(i)
    expect(s.result()).toEqual([1, 1, 5, 6, 10, 10, 4])
    const t = createAggState('percentile', { percent: 95 })
    for (let i = 1; i <= 20; i++) t.addNumber(i)
    expect(t.result()).toBe(19)
    expect(t.isEstimate).toBe(false)
  })

  it('is null over no rows, ignores NaN and nulls, takes int64 words and keeps ±Infinity at the ends', () => {
    expect(createAggState('percentile', { percent: 50 }).result()).toBeNull()
    expect(createAggState('percentiles_array', { percents: [50] }).result()).toBeNull()
    const s = createAggState('percentiles_array', { percents: [0, 50, 100] })
    for (const v of [Number.NaN, null, 3, Number.NEGATIVE_INFINITY, 1, Number.POSITIVE_INFINITY, 2]) s.add(v)
    expect(s.result()).toEqual([Number.NEGATIVE_INFINITY, 2, Number.POSITIVE_INFINITY])
    const t = createAggState('percentile', { percent: 100 })
    bigintToWords(5_000_000_000n)
    t.addInt64(wordsOut[0], wordsOut[1])
    expect(ship(t).result()).toBe(5_000_000_000)
  })

  it('stays exact up to exactLimit values, then estimates; ±Infinity stays exact past it', () => {
    const s = createAggState('percentiles_array', { percents: [0, 1, 50, 100], exactLimit: 100 })
    for (let i = 0; i < 100; i++) s.addNumber(i)
    expect(s.isEstimate).toBe(false)
    s.addNumber(Number.NEGATIVE_INFINITY)
    s.addNumber(Number.POSITIVE_INFINITY)
    for (let i = 100; i < 1000; i++) s.addNumber(i)
    expect(s.isEstimate).toBe(true)
    const [p0, p1, p50, p100] = ship(s).result() as number[]
    expect([p0, p100]).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY])
    expect(Math.abs(p1 - 9)).toBeLessThanOrEqual(10)
    expect(Math.abs(p50 - 499)).toBeLessThanOrEqual(10)
  })

  it("past exactLimit, stays exact while the aggregation's budget gives room, then gives it back as a digest", () => {
    const budget = new ExactBudget(1000)
    const a = createAggState('percentiles_array', { percents: [0, 50, 95, 100], exactLimit: 100 }, budget)
    const b = createAggState('percentile', { percent: 50, exactLimit: 100 }, budget)
    const values = Float64Array.from({ length: 600 }, (_, i) => (i * 7919) % 600)
    a.addNumbers(values, null, 0, 600)
    expect([a.isEstimate, budget.used > 0]).toEqual([false, true])
    // Nearest rank over 0 … 599: 50 % is the 300th value (299), 95 % the 570th (569).
    expect(a.result()).toEqual([0, 299, 569, 599])
    expect(ship(a).result()).toEqual([0, 299, 569, 599])
    // The second state's buffer cannot grow past 100 + what is left: it turns into a digest.
    for (let i = 0; i < 1000; i++) b.addNumber(i)
    expect(b.isEstimate).toBe(true)
    const used = budget.used
    // A digest holds no budget; the first state still holds its room.
    for (let i = 0; i < 2000; i++) a.addNumber(i)
    expect(a.isEstimate).toBe(true)
    expect(budget.used).toBeLessThan(used)
    expect(budget.used).toBe(0)
  })

  it('merging exact partials stays exact in a state with a budget; without one, past exactLimit it estimates', () => {
    const parts = [0, 1, 2].map((p) => {
      const s = createAggState('percentile', { percent: 99, exactLimit: 100 }, new ExactBudget(10_000))
      for (let i = 0; i < 3000; i++) s.addNumber(3 * i + p)
      return ship(s)
    })
    expect(parts.map((p) => p.isEstimate)).toEqual([false, false, false])
    const into = createAggState('percentile', { percent: 99, exactLimit: 100 }, new ExactBudget(20_000))
    for (const p of parts) into.merge(p)
    // 9,000 values 0 … 8,999: the 99th percentile is the 8,910th value.
    expect([into.isEstimate, into.result()]).toEqual([false, 8909])
    const [first, ...rest] = parts
    for (const o of rest) first.merge(o)
    expect(first.isEstimate).toBe(true)
  })

  it('ranks −0 before +0 like a sort, past the partitioned range too', () => {
    for (const n of [10, 10_000]) {
      const s = createAggState(
        'percentiles_array',
        { percents: [25, 75], exactLimit: 100 },
        new ExactBudget(2 * n),
      )
      for (let i = 0; i < n; i++) s.addNumber(i < n / 2 ? -0 : 0)
      const [lo, hi] = s.result() as number[]
      expect([s.isEstimate, Object.is(lo, -0), Object.is(hi, 0)]).toEqual([false, true, true])
    }
  })

  it('batch adds respect the exact limit too', () => {
    const s = createAggState('percentile', { percent: 50, exactLimit: 5 })
    s.addNumbers(
      Float64Array.from({ length: 10 }, (_, i) => i),
      null,
      0,
      10,
    )
    expect(s.isEstimate).toBe(true)
    const t = createAggState('percentile', { percent: 50, exactLimit: 5 })
    t.addNumbers(
      Float64Array.from({ length: 10 }, (_, i) => i),
      null,
      0,
      5,
    )
    expect([t.isEstimate, t.result()]).toEqual([false, 2])
  })

  it('rejects percentages outside 0 … 100 and merges of different percentages', () => {
    for (const percent of [-1, 100.5, Number.NaN]) {
      expect(() => createAggState('percentile', { percent })).toThrow(
        expect.objectContaining({ code: 'AGG_BAD_PARAM' }),
      )
    }
    expect(() => createAggState('percentile')).toThrow(/percentile must be a number in \[0, 100\]/)
    expect(() => createAggState('percentiles_array', { percents: [] })).toThrow(/1 to 64/)
    expect(() =>
      createAggState('percentile', { percent: 50 }).merge(createAggState('percentile', { percent: 90 })),
    ).toThrow(expect.objectContaining({ code: 'AGG_MERGE_MISMATCH' }))
  })
})

describe('percentile (t-digest past the exact range)', () => {
  it('keeps every centroid within one unit of the k1 scale (size invariant)', () => {
    const d = new TDigest(200)
    for (let i = 0; i < 200_000; i++) d.add(r() ** 2)
    const { means, weights } = d.centroids()
    const total = weights.reduce((a, b) => a + b, 0)
    expect(total).toBe(200_000)
    const k = (q: number) => (200 / (2 * Math.PI)) * Math.asin(2 * Math.min(1, Math.max(0, q)) - 1)
    let left = 0
    for (let i = 0; i < weights.length; i++) {
      if (i > 0) expect(means[i]).toBeGreaterThanOrEqual(means[i - 1])
      if (weights[i] > 1)
        expect(k((left + weights[i]) / total) - k(left / total)).toBeLessThanOrEqual(1 + 1e-9)
      left += weights[i]
    }
    expect(weights.length).toBeLessThan(200)
  })

  it('rank error ≤ 1 % over 1M values per distribution (random and sorted order, and after 8-way merge)', () => {
    const N = 1_000_000
    for (const [name, gen] of DISTRIBUTIONS) {
      const xs = new Float64Array(N)
      for (let i = 0; i < N; i++) xs[i] = gen()
      const sorted = xs.slice().sort()
      const one = createAggState('percentiles_array', { percents: PERCENTS })
      for (let i = 0; i < N; i++) one.addNumber(xs[i])
      const inOrder = createAggState('percentiles_array', { percents: PERCENTS })
      for (let i = 0; i < N; i++) inOrder.addNumber(sorted[i])
      const parts = Array.from({ length: 8 }, () =>
        createAggState('percentiles_array', { percents: PERCENTS }),
      )
      for (let i = 0; i < N; i++) parts[((i * 8) / N) | 0].addNumber(xs[i])
      const merged = ship(parts[3])
      for (const i of [6, 0, 7, 1, 5, 2, 4]) merged.merge(ship(parts[i]))
      expect(one.isEstimate && merged.isEstimate).toBe(true)
      const errs = [one, inOrder, merged].map((s) => maxRankError(sorted, PERCENTS, s.result() as number[]))
      const worst = Math.max(...errs)
      console.log(
        `percentile ${name}: max_rank_error=${(worst * 100).toFixed(4)}% (≤1%) ` +
          `[random ${(errs[0] * 100).toFixed(4)}%, sorted ${(errs[1] * 100).toFixed(4)}%, merged ${(errs[2] * 100).toFixed(4)}%]`,
      )
      expect(worst).toBeLessThanOrEqual(0.01)
    }
  })

  it('for reference: DDSketch (α = 1 %) bounds value error, not rank error', () => {
    const N = 200_000
    const xs = new Float64Array(N)
    for (let i = 0; i < N; i++) xs[i] = 1000 + r()
    const sorted = xs.slice().sort()
    const dd = new DDSketch({ relativeAccuracy: 0.01 })
    const td = createAggState('percentiles_array', { percents: PERCENTS })
    for (let i = 0; i < N; i++) {
      dd.accept(xs[i])
      td.addNumber(xs[i])
    }
    const ddErr = maxRankError(
      sorted,
      PERCENTS,
      PERCENTS.map((p) => dd.getValueAtQuantile(p / 100)),
    )
    const tdErr = maxRankError(sorted, PERCENTS, td.result() as number[])
    console.log(
      `uniform 1000..1001: ddsketch max_rank_error=${(ddErr * 100).toFixed(2)}% vs t-digest ${(tdErr * 100).toFixed(4)}%`,
    )
    expect(tdErr).toBeLessThan(ddErr)
  })
})

describe('histogram', () => {
  it('splits min … max into equal-width buckets, the last one closed', () => {
    const s = createAggState('histogram', { bins: 4 })
    for (const v of [0, 1, 2, 3, 4, 5, 6, 7, 8, null, Number.NaN]) s.add(v)
    expect(s.result()).toEqual([
      { lower: 0, upper: 2, count: 2 },
      { lower: 2, upper: 4, count: 2 },
      { lower: 4, upper: 6, count: 2 },
      { lower: 6, upper: 8, count: 3 },
    ])
    expect(ship(s).result()).toEqual(s.result())
  })

  it('gives [] over no rows and one bucket when every value is equal', () => {
    expect(createAggState('histogram', { bins: 3 }).result()).toEqual([])
    const s = createAggState('histogram', { bins: 3 })
    for (let i = 0; i < 5; i++) s.addNumber(2.5)
    expect(s.result()).toEqual([{ lower: 2.5, upper: 2.5, count: 5 }])
  })

  it('estimates bucket counts within 2 % of N past the exact range, summing to N', () => {
    const N = 300_000
    const s = createAggState('histogram', { bins: 10 })
    const xs = new Float64Array(N)
    for (let i = 0; i < N; i++) {
      xs[i] = Math.exp(1 + 0.5 * normal())
      s.addNumber(xs[i])
    }
    const got = s.result() as HistogramBucket[]
    expect(s.isEstimate).toBe(true)
    expect(got.reduce((a, b) => a + b.count, 0)).toBe(N)
    got.forEach((b, i) => {
      const last = i === got.length - 1
      const truth = xs.filter((x) => x >= b.lower && (last ? x <= b.upper : x < b.upper)).length
      expect(Math.abs(b.count - truth)).toBeLessThanOrEqual(0.02 * N)
    })
  })

  it('rejects bins outside 1 … 1,000', () => {
    for (const bins of [0, 1001, 2.5]) {
      expect(() => createAggState('histogram', { bins })).toThrow(
        expect.objectContaining({ code: 'AGG_BAD_PARAM' }),
      )
    }
  })
})
