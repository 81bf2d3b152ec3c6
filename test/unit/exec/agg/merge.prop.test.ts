// Property: for every aggregation state, splitting the input at random points into 1–8 partial states,
// sending each through serialize/deserialize (as between worker threads) and merging them in a random
// order and shape gives the same result as one state over the whole input: exactly for exact states
// (and for dcount in every mode), within the stated bound for sketches. Each result is also checked
// against a plain reference computation.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AggState } from '../../../../src/exec/agg/agg-state.ts'
import type { ArgExtremumState } from '../../../../src/exec/agg/arg-extremum.ts'
import type { HistogramBucket } from '../../../../src/exec/agg/histogram.ts'
import { type AggParams, createAggState, deserializeAggState } from '../../../../src/exec/agg/registry.ts'
import type { HeavyHitter } from '../../../../src/exec/agg/space-saving.ts'
import { canonicalJson, compareValues } from '../../../../src/exec/agg/value-order.ts'
import {
  boolCell,
  type Cell,
  dynCell,
  feed,
  feedArg,
  feedBatched,
  i64Cell,
  normalised,
  nullCell,
  numCell,
  type Row,
  rowOf,
  skewedCell,
  smallCell,
  strCell,
} from './feed.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`agg-merge seed=${seed}`)

const RUNS = 150
const opts = { seed, numRuns: RUNS, interruptAfterTimeLimit: 8_000 }

/** How a run splits and merges: cut points (as fractions) and the pair picked at each merge step. */
/** Row-at-a-time typed paths, batch paths over whole arrays, or batch paths through a selection. */
type Feeding = 'rows' | 'batch' | 'selected'
type Fill = (s: AggState, part: readonly Row[], base: number, feeding: Feeding) => void

const plan = fc.record({
  cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 7 }),
  picks: fc.array(fc.nat(), { minLength: 16, maxLength: 16 }),
  reship: fc.boolean(),
  /** How partial states are fed (the single reference state is always fed row by row). */
  feeding: fc.constantFrom<Feeding>('rows', 'batch', 'selected'),
})
type Plan = typeof plan extends fc.Arbitrary<infer T> ? T : never

/** Sends a state through its bytes, as a worker thread would. */
function ship<S extends AggState>(s: S): S {
  return deserializeAggState(s.kind, s.serialize()) as unknown as S
}

/** Splits `rows` per `p`, builds each partial state with `make` + `fill`, ships and merges them. */
function splitMerge(rows: readonly Row[], p: Plan, make: () => AggState, fill: Fill): AggState {
  const cuts = p.cuts.map((c) => Math.floor(c * (rows.length + 1))).sort((a, b) => a - b)
  const bounds = [0, ...cuts, rows.length]
  let parts: AggState[] = []
  for (let i = 0; i + 1 < bounds.length; i++) {
    const s = make()
    fill(s, rows.slice(bounds[i], bounds[i + 1]), bounds[i], p.feeding)
    parts.push(ship(s))
  }
  // Random merge shape: each step merges one random partial into another random partial.
  let step = 0
  while (parts.length > 1) {
    const a = p.picks[step++ % p.picks.length] % parts.length
    let b = p.picks[step++ % p.picks.length] % (parts.length - 1)
    if (b >= a) b++
    parts[a].merge(parts[b])
    if (p.reship) parts[a] = ship(parts[a])
    parts = parts.filter((_, i) => i !== b)
  }
  return parts[0]
}

/** One state over all rows, fed row by row (also shipped once, so serialization must keep the result). */
function whole(rows: readonly Row[], make: () => AggState, fill: Fill) {
  const s = make()
  fill(s, rows, 0, 'rows')
  return ship(s)
}

const plainFill: Fill = (s, r, _base, feeding) => {
  if (feeding === 'rows') feed(s, r)
  else feedBatched(s, r, feeding === 'selected')
}

/** Runs the split/merge property for `kind`: `check(merged, single, rows)` must hold. */
function property(
  kind: string,
  rows: fc.Arbitrary<Row[]>,
  params: fc.Arbitrary<AggParams>,
  check: (merged: AggState, single: AggState, rows: readonly Row[], params: AggParams) => void,
  fill: Fill = plainFill,
): void {
  fc.assert(
    fc.property(rows, params, plan, (rs, ps, p) => {
      const make = () => createAggState(kind, ps)
      check(splitMerge(rs, p, make, fill), whole(rs, make, fill), rs, ps)
    }),
    opts,
  )
}

const noParams = fc.constant<AggParams>({})
const rowsOf = (cell: fc.Arbitrary<Cell>, max = 200) => fc.array(rowOf(cell), { maxLength: max, size: 'max' })
const numeric = fc.oneof(numCell, i64Cell, nullCell)
const mixed = fc.oneof(numCell, i64Cell, strCell, boolCell, nullCell, dynCell)

/** Non-null cells as normalised values. */
const values = (rows: readonly Row[]) => rows.map((r) => normalised(r.cell)).filter((v) => v !== null)

/** Text key of a value: numbers by value (−0 = 0, NaN and ±Infinity distinct), bigints apart from numbers. */
const textKey = (x: unknown) =>
  typeof x === 'number' ? `d${x === 0 ? 0 : x}` : typeof x === 'bigint' ? `n${x}` : canonicalJson(x)

/** Sorted keys of a multiset (order-free comparison of lists and sets). */
const bag = (xs: readonly unknown[]) => xs.map(textKey).sort()

/** Exact nearest-rank percentile of sorted `v`. */
const nearestRank = (v: readonly number[], p: number) =>
  v[Math.min(v.length, Math.max(1, Math.ceil((p * v.length) / 100 - 1e-9))) - 1]

/** Distance (in values) from `target` rank to the rank interval of `x` in sorted `v`. */
function rankMiss(v: readonly number[], x: number, target: number): number {
  const below = v.filter((y) => y < x).length
  const upTo = v.filter((y) => y <= x).length
  return target < below ? below - target : target > upTo ? target - upTo : 0
}

describe('merge of random partitions equals one state', () => {
  it('count', () =>
    property('count', rowsOf(mixed), noParams, (m, s, rows) => {
      expect(m.result()).toBe(s.result())
      expect(m.result()).toBe(rows.length)
    }))

  it('countif', () =>
    property('countif', rowsOf(fc.oneof(boolCell, nullCell)), noParams, (m, s, rows) => {
      expect(m.result()).toBe(s.result())
      expect(m.result()).toBe(rows.filter((r) => r.cell.t === 'bool' && r.cell.v).length)
    }))

  it('sum (exact: integers as exact int64, doubles correctly rounded)', () =>
    property('sum', rowsOf(numeric), noParams, (m, s, rows) => {
      expect(m.result()).toEqual(s.result())
      const vs = values(rows)
      if (vs.every((v) => typeof v === 'bigint' || Number.isInteger(v))) {
        const exact = vs.reduce<bigint>((a, v) => a + BigInt(v as number | bigint), 0n)
        const r = m.result() as number | bigint
        if (exact >= -(2n ** 63n) && exact < 2n ** 63n) expect(BigInt(r)).toBe(exact)
        else expect(r).toBe(Number(exact))
      }
    }))

  it('rate (exact sum per second of the bucket; null without values or a positive bucket)', () =>
    property(
      'rate',
      rowsOf(numeric),
      fc.record({ seconds: fc.constantFrom(0.5, 60, 86_400, 0) }),
      (m, s, rows, ps) => {
        expect(m.result()).toBe(s.result())
        const none = values(rows).length === 0 || ps.seconds === 0
        expect(m.result() === null).toBe(none)
      },
    ))

  it('avg', () =>
    property('avg', rowsOf(numeric), noParams, (m, s, rows) => {
      expect(m.result()).toBe(s.result())
      expect(m.result() === null).toBe(values(rows).length === 0)
    }))

  for (const kind of ['min', 'max'] as const) {
    it(kind, () =>
      property(kind, rowsOf(fc.oneof(mixed, smallCell)), noParams, (m, s, rows) => {
        expect(m.result()).toEqual(s.result())
        const vs = values(rows).filter(
          (v) => typeof v !== 'object' && !(typeof v === 'number' && Number.isNaN(v)),
        )
        vs.sort(compareValues)
        const want = vs.length === 0 ? null : kind === 'min' ? vs[0] : vs[vs.length - 1]
        // −0 and 0 are equal values: either may be kept.
        if (want === 0) expect(m.result() === 0).toBe(true)
        else expect(m.result()).toEqual(want)
      }),
    )
  }

  for (const kind of ['variance', 'stdev'] as const) {
    it(`${kind} (Chan merge: equal to rounding)`, () =>
      property(
        kind,
        rowsOf(fc.oneof(numCell, nullCell).filter((c) => c.t !== 'num' || Math.abs(c.v) < 1e9)),
        noParams,
        (m, s) => {
          const a = m.result() as number | null
          const b = s.result() as number | null
          if (a === null || b === null) return expect(a).toBe(b)
          expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)))
        },
      ))
  }

  it('make_list (same multiset below the cap; a sub-multiset of cap size above it)', () =>
    property(
      'make_list',
      rowsOf(mixed, 120),
      fc.record({ maxSize: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constant(1_048_576)) }),
      (m, s, rows, ps) => {
        const all = bag(values(rows))
        const got = bag(m.result() as unknown[])
        expect(got.length).toBe(Math.min(all.length, ps.maxSize as number))
        if (all.length <= (ps.maxSize as number)) {
          expect(got).toEqual(all)
          expect(bag(s.result() as unknown[])).toEqual(all)
        } else for (const x of got) expect(all).toContain(x)
      },
    ))

  it('make_set (same set below the cap)', () =>
    property(
      'make_set',
      rowsOf(mixed, 120),
      fc.record({ maxSize: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constant(1_048_576)) }),
      (m, s, rows, ps) => {
        // 0 and −0 are one set element; canonical JSON prints both as 0.
        const distinct = [...new Set(bag(values(rows)))]
        const got = bag(m.result() as unknown[])
        expect(new Set(got).size).toBe(got.length)
        expect(got.length).toBe(Math.min(distinct.length, ps.maxSize as number))
        if (distinct.length <= (ps.maxSize as number)) {
          expect(got).toEqual(distinct)
          expect(bag(s.result() as unknown[])).toEqual(distinct)
        } else for (const x of got) expect(distinct).toContain(x)
      },
    ))

  for (const kind of ['arg_min', 'arg_max'] as const) {
    it(`${kind} (same value and same row: ties keep the smallest ordinal)`, () =>
      property(
        kind,
        rowsOf(fc.oneof(smallCell, numCell, i64Cell, strCell, nullCell)),
        noParams,
        (m, s, rows) => {
          expect(m.result()).toEqual(s.result())
          const vs = rows
            .map((r, i) => ({ v: normalised(r.cell), i }))
            .filter(({ v }) => v !== null && !(typeof v === 'number' && Number.isNaN(v)))
          if (vs.length === 0) return expect(m.result()).toBeNull()
          const sign = kind === 'arg_max' ? -1 : 1
          vs.sort((a, b) => sign * compareValues(a.v, b.v) || a.i - b.i)
          const r = m.result() as { value: unknown; payload: { row: number } }
          expect(r.payload.row).toBe(vs[0].i)
        },
        (s, r, base, feeding) => feedArg(s as ArgExtremumState, r, base, feeding !== 'rows'),
      ))
  }

  it('dcount (exact, exact→HLL overflow, HLL: always equal to one state)', () =>
    property(
      'dcount',
      rowsOf(mixed, 300),
      fc.record({
        exactLimit: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant(65_536)),
        precision: fc.integer({ min: 4, max: 10 }),
      }),
      (m, s, rows, ps) => {
        expect(m.result()).toBe(s.result())
        expect(m.isEstimate).toBe(s.isEstimate)
        // dcount compares integers by value: 2^53 (double) and 2n ** 53n (int64) are one value.
        const key = (v: unknown) =>
          (typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 63) && v < 2 ** 63) ||
          typeof v === 'bigint'
            ? `i${BigInt(v as number | bigint)}`
            : textKey(v)
        const distinct = new Set(values(rows).map(key)).size
        expect(m.isEstimate).toBe(distinct > (ps.exactLimit as number))
        if (!m.isEstimate) expect(m.result()).toBe(distinct)
      },
    ))

  it('percentile / percentiles_array (exact: equal; t-digest: rank within 1%)', () =>
    property(
      'percentiles_array',
      rowsOf(
        fc.oneof(
          numCell,
          i64Cell.filter((c) => c.t === 'i64' && c.v > -(2n ** 40n) && c.v < 2n ** 40n),
          nullCell,
        ),
        300,
      ),
      fc.record({
        percents: fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 5 }),
        exactLimit: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant(4096)),
      }),
      (m, s, rows, ps) => {
        const v = (values(rows) as (number | bigint)[])
          .map(Number)
          .filter((x) => !Number.isNaN(x))
          .sort((a, b) => a - b)
        const pcts = ps.percents as number[]
        const got = m.result() as number[] | null
        if (v.length === 0) return expect(got).toBeNull()
        expect(m.isEstimate).toBe(v.length > (ps.exactLimit as number))
        if (!m.isEstimate) {
          expect(got).toEqual(s.result())
          expect(got).toEqual(pcts.map((p) => nearestRank(v, p)))
          return
        }
        pcts.forEach((p, i) => {
          expect(rankMiss(v, (got as number[])[i], (p / 100) * v.length)).toBeLessThanOrEqual(
            0.01 * v.length + 1,
          )
        })
      },
    ))

  it('topk (exact while keys fit; Space-Saving bounds after evictions)', () =>
    property(
      'topk',
      rowsOf(fc.oneof({ weight: 5, arbitrary: skewedCell }, strCell, nullCell), 300),
      fc.integer({ min: 1, max: 8 }).chain((k) =>
        fc.record({
          k: fc.constant(k),
          capacity: fc.oneof(fc.integer({ min: k, max: k + 12 }), fc.constant(1000)),
        }),
      ),
      (m, s, rows, ps) => {
        const truth = new Map<string, number>()
        for (const v of values(rows)) truth.set(textKey(v), (truth.get(textKey(v)) ?? 0) + 1)
        const got = m.result() as HeavyHitter[]
        const exact = truth.size <= (ps.capacity as number)
        expect(m.isEstimate).toBe(!exact)
        for (let i = 1; i < got.length; i++) {
          expect(got[i - 1].count > got[i].count || compareValues(got[i - 1].key, got[i].key) < 0).toBe(true)
        }
        if (exact) {
          expect(got).toEqual(s.result())
          const want = [...truth.entries()]
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
            .slice(0, ps.k)
          expect(got.map((h) => h.count)).toEqual(want.map((w) => w[1]))
          for (const h of got) expect(h).toMatchObject({ error: 0, count: truth.get(textKey(h.key)) })
          return
        }
        for (const h of got) {
          const t = truth.get(textKey(h.key)) ?? 0
          expect(h.count).toBeGreaterThanOrEqual(t)
          expect(h.count - h.error).toBeLessThanOrEqual(t)
        }
      },
    ))

  it('histogram (exact: equal; estimate: counts add up)', () =>
    property(
      'histogram',
      rowsOf(fc.oneof(numCell, nullCell), 300),
      fc.record({
        bins: fc.integer({ min: 1, max: 12 }),
        exactLimit: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant(4096)),
      }),
      (m, s, rows) => {
        const v = (values(rows) as number[]).filter((x) => !Number.isNaN(x)).sort((a, b) => a - b)
        const got = m.result() as HistogramBucket[]
        expect(got.reduce((a, b) => a + b.count, 0)).toBe(v.length)
        if (!m.isEstimate) {
          expect(got).toEqual(s.result())
          for (const [i, b] of got.entries()) {
            // −Infinity lands in the first bucket, +Infinity in the last (the range spans finite values).
            const first = i === 0
            const last = i === got.length - 1
            expect(b.count).toBe(v.filter((x) => (first || x >= b.lower) && (last || x < b.upper)).length)
          }
        }
      },
    ))

  it('percentile (single) agrees with percentiles_array', () =>
    property(
      'percentile',
      rowsOf(fc.oneof(numCell, nullCell), 100),
      fc.record({ percent: fc.double({ min: 0, max: 100, noNaN: true }) }),
      (m, s, rows, ps) => {
        const arr = createAggState('percentiles_array', { percents: [ps.percent as number] })
        feed(arr, rows)
        expect(m.result()).toEqual(s.result())
        expect([m.result()]).toEqual(arr.result() ?? [null])
      },
    ))
})
