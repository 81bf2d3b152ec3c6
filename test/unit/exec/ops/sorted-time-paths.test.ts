// The fast paths for time-ordered blocks (time-order.ts and its users) against plain row-by-row
// answers: the ascending test (nulls, NaN, equal ms with falling ns), window cuts by binary search
// (bounds inside a run of equal times, between ns), bins filled per run, count() runs found by
// search over a selection (a window cutting a run, unsorted times, nulls, numbers in the key), the
// integer-packed sort (ties, nulls, both directions, fallbacks) and the lazily ordered top-N heap.
import { describe, expect, it } from 'vitest'
import { GroupCounts } from '../../../../src/exec/agg/group-counts.ts'
import type { Batch } from '../../../../src/exec/batch.ts'
import { scopeOf } from '../../../../src/exec/eval/evaluate.ts'
import { binKernel } from '../../../../src/exec/kernels/binning/binning.ts'
import { constantVec } from '../../../../src/exec/kernels/constants.ts'
import type { KernelSite } from '../../../../src/exec/kernels/kernel.ts'
import { GroupScratch } from '../../../../src/exec/ops/agg-feed.ts'
import {
  countByBins,
  countByBinsAndDictionary,
  countByDictionary,
  countByRuns,
  countByRunsAndDictionary,
} from '../../../../src/exec/ops/count-by-key.ts'
import { GroupIndex } from '../../../../src/exec/ops/group-keys.ts'
import { orderRows, rowComparator } from '../../../../src/exec/ops/sort-order.ts'
import { RowHeap } from '../../../../src/exec/ops/top-n-heap.ts'
import type { Cell } from '../../../../src/exec/result.ts'
import { windowSelection } from '../../../../src/exec/scan/window-selection.ts'
import { ascendingRows, ascendingTimes, firstAtLeast } from '../../../../src/exec/time-order.ts'
import type { NumVec, StrVec, TimeVec, Vec } from '../../../../src/exec/vector.ts'
import { cellAt } from '../../../../src/exec/vector.ts'
import type { BoundExpr, SortKey } from '../../../../src/plan/index.ts'
import { lcg } from './lcg.ts'

const T0 = Date.UTC(2026, 0, 10)

/** Ascending times: ms steps of 0 … maxStep, ns random within an ms but ascending (ties kept). */
function ascending(n: number, seed: number, maxStep = 3): TimeVec {
  const r = lcg(seed)
  const ms = new Float64Array(n)
  const ns = new Int32Array(n)
  let m = T0
  let k = 0
  for (let i = 0; i < n; i++) {
    const step = Math.floor(r() * (maxStep + 1))
    if (step > 0) {
      m += step
      k = 0
    }
    if (r() < 0.3) k += Math.floor(r() * 1000)
    ms[i] = m
    ns[i] = k
  }
  return { kind: 'time', ms, ns, valid: null }
}

function shuffled(t: TimeVec, seed: number): TimeVec {
  const r = lcg(seed)
  const idx = Array.from(t.ms.keys())
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1))
    ;[idx[i], idx[j]] = [idx[j], idx[i]]
  }
  return {
    kind: 'time',
    ms: Float64Array.from(idx, (i) => t.ms[i]),
    ns: Int32Array.from(idx, (i) => t.ns[i]),
    valid: null,
  }
}

const nsOf = (t: TimeVec, i: number) => BigInt(t.ms[i]) * 1_000_000n + BigInt(t.ns[i])

/** windowSelection row by row. */
function windowByRow(t: TimeVec, n: number, start?: bigint, end?: bigint): number[] | null {
  const keep: number[] = []
  for (let i = 0; i < n; i++) {
    if (t.valid !== null && t.valid[i] !== 1) continue
    const x = nsOf(t, i)
    if ((start === undefined || x >= start) && (end === undefined || x < end)) keep.push(i)
  }
  return keep.length === n ? null : keep
}

describe('ascendingTimes', () => {
  it('tells ascending (ms, ns) without nulls from anything else', () => {
    const t = ascending(500, 1)
    expect(ascendingTimes(t)).toBe(true)
    expect(ascendingTimes(shuffled(t, 2))).toBe(false)
    const ns = Int32Array.from(t.ns)
    // Equal ms, ns falling: not ascending.
    const at = t.ms.findIndex((m, i) => i > 0 && m === t.ms[i - 1] && t.ns[i] > 0)
    ns[at] = t.ns[at - 1] - 1
    expect(ascendingTimes({ ...t, ms: Float64Array.from(t.ms), ns })).toBe(false)
    const valid = new Uint8Array(500).fill(1)
    valid[7] = 0
    expect(ascendingTimes({ ...t, ms: Float64Array.from(t.ms), valid })).toBe(false)
    expect(ascendingTimes({ ...t, ms: Float64Array.from(t.ms), valid: new Uint8Array(500).fill(1) })).toBe(
      true,
    )
    const nan = Float64Array.from(t.ms)
    nan[0] = Number.NaN
    expect(ascendingTimes({ ...t, ms: nan })).toBe(false)
    // The cached answer is per (ms, ns, valid): the same ms with other ns is tested again.
    expect(ascendingTimes({ ...t, ns: Int32Array.from(t.ns).reverse() })).toBe(false)
    expect(ascendingTimes(t)).toBe(true)
  })

  it('finds the first value at least x by galloping', () => {
    const ms = Float64Array.from([1, 1, 2, 2, 2, 5, 7, 7, 9, 12])
    for (let x = 0; x <= 13; x++)
      for (let from = 0; from <= ms.length; from++) {
        let want = from
        while (want < ms.length && ms[want] < x) want++
        expect(firstAtLeast(ms, x, from, ms.length)).toBe(want)
      }
  })

  it('tells ascending row lists', () => {
    expect(ascendingRows(Uint32Array.from([0, 2, 3, 9]))).toBe(true)
    expect(ascendingRows(Uint32Array.from([0, 2, 2, 9]))).toBe(false)
    expect(ascendingRows(Uint32Array.from([3, 1]))).toBe(false)
  })
})

describe('windowSelection', () => {
  it('cuts an ascending block by search exactly where a row-by-row test does', () => {
    const t = ascending(3000, 3)
    const r = lcg(4)
    const pick = () => nsOf(t, Math.floor(r() * 3000)) + BigInt(Math.floor(r() * 3) - 1)
    const ranges: { start?: bigint; end?: bigint }[] = [
      { start: nsOf(t, 0) },
      { end: nsOf(t, 2999) + 1n },
      {},
    ]
    for (let k = 0; k < 200; k++)
      ranges.push({ start: pick(), end: pick() }, { start: pick() }, { end: pick() })
    for (const range of ranges) {
      const got = windowSelection(t, 3000, range)
      expect(got === null ? null : Array.from(got)).toEqual(windowByRow(t, 3000, range.start, range.end))
      const mixed = shuffled(t, 5)
      const slow = windowSelection(mixed, 3000, range)
      expect(slow === null ? null : Array.from(slow)).toEqual(
        windowByRow(mixed, 3000, range.start, range.end),
      )
    }
  })

  it('drops null times (the row-by-row path)', () => {
    const t = ascending(100, 6)
    const valid = new Uint8Array(100).fill(1)
    valid[50] = 0
    const v = { ...t, valid }
    const range = { start: nsOf(t, 10), end: nsOf(t, 90) }
    expect(Array.from(windowSelection(v, 100, range) ?? [])).toEqual(
      windowByRow(v, 100, range.start, range.end),
    )
  })
})

const env = { strictTypes: false, binAutoStep: 3_600_000_000_000n, now: 0n }
const site: KernelSite = { type: 'datetime', coercion: 'none', env }

describe('bin(datetime, step) on ascending times', () => {
  it('equals flooring every row, sorted or not', () => {
    for (const [step, maxStep] of [
      [300_000, 20_000],
      [1000, 300],
      [7, 2],
    ] as const) {
      const t = ascending(5000, step, maxStep)
      for (const v of [t, shuffled(t, 9)]) {
        const out = binKernel(
          [v, constantVec('timespan', BigInt(step) * 1_000_000n, 5000)],
          5000,
          site,
        ) as TimeVec
        for (let i = 0; i < 5000; i++) {
          expect(out.ms[i]).toBe(Math.floor(v.ms[i] / step) * step)
          expect(out.ns[i]).toBe(0)
        }
        // Bins of ascending times are ascending (and known so without a pass).
        expect(ascendingTimes(out)).toBe(v === t)
      }
    }
  })
})

type Key = string | number | null

/** A time-ordered block's bins (runs), and a key of strings, numbers (some NaN) and nulls. */
function block(n: number, seed: number, distinctNumbers: number) {
  const r = lcg(seed)
  const t = ascending(n, seed, 40)
  const bins = binKernel([t, constantVec('timespan', 1000n * 1_000_000n, n)], n, site) as TimeVec
  const keys: Key[] = []
  for (let i = 0; i < n; i++) {
    const u = r()
    keys.push(
      u < 0.02
        ? null
        : u < 0.2
          ? 200 + Math.floor(r() * distinctNumbers)
          : u < 0.21
            ? Number.NaN
            : ['GET', 'PUT', 'POST'][Math.floor(r() * 3)],
    )
  }
  return { bins, keys }
}

function mixedOf(keys: readonly Key[]): Vec {
  const dict = ['GET', 'PUT', 'POST', 'unused']
  const str: StrVec = {
    kind: 'str',
    codes: Int32Array.from(keys, (k) => (typeof k === 'string' ? dict.indexOf(k) : -1)),
    dict,
  }
  const num: NumVec = {
    kind: 'num',
    type: 'real',
    values: Float64Array.from(keys, (k) => (typeof k === 'number' ? k : 0)),
    valid: Uint8Array.from(keys, (k) => (typeof k === 'number' ? 1 : 0)),
  }
  return { kind: 'mixed', values: keys as Cell[], parts: [str, num] }
}

/** Counts per key through the counting path, as JSON of the key cells → count. */
function counted(
  batches: readonly { keys: Vec[]; rows: Uint32Array }[],
  path: typeof countByRunsAndDictionary,
): Map<string, number> {
  const groups = new GroupIndex(batches[0].keys.length)
  const tally = new GroupCounts()
  const born = () => {}
  const scratch = new GroupScratch()
  for (const b of batches) expect(path(groups, b.keys, b.rows, tally, born, scratch)).toBe(true)
  const out = new Map<string, number>()
  groups.members.forEach((m, g) => {
    const key = JSON.stringify(m.map((id, k) => String(groups.keys[k].values[id])))
    expect(out.has(key), `one group per key ${key}`).toBe(false)
    out.set(key, tally.of(g))
  })
  return out
}

function countedByRow(batches: readonly { keys: Vec[]; rows: Uint32Array }[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const b of batches)
    for (const i of b.rows) {
      const key = JSON.stringify(b.keys.map((v) => String(cellAt(v, i))))
      out.set(key, (out.get(key) ?? 0) + 1)
    }
  return out
}

describe('count() by time runs over time-ordered blocks', () => {
  it('finds runs by search over a window that cuts runs, and counts numbers in the key apart', () => {
    for (const distinct of [5, 40]) {
      const batches = [0, 1, 2].map((s) => {
        const { bins, keys } = block(4000, 10 + s + distinct, distinct)
        const t = bins
        // A window cutting mid-run on both ends (rows between two times inside runs).
        const sel = windowSelection(ascending(4000, 10 + s + distinct, 40), 4000, {
          start: BigInt(T0 + 5003) * 1_000_000n,
          end: BigInt(T0 + 70_011) * 1_000_000n,
        })
        const rows = sel ?? Uint32Array.from({ length: 4000 }, (_, i) => i)
        return { keys: [t as Vec, mixedOf(keys)], rows }
      })
      expect(batches[0].rows.length).toBeLessThan(4000)
      const want = countedByRow(batches)
      for (const path of [countByRunsAndDictionary]) expect(counted(batches, path)).toEqual(want)
      // Key order swapped: the run key second.
      const swapped = batches.map((b) => ({ keys: [b.keys[1], b.keys[0]], rows: b.rows }))
      expect(counted(swapped, countByRunsAndDictionary)).toEqual(countedByRow(swapped))
    }
  })

  it('counts unsorted times, null times and row lists out of order the row-by-row way', () => {
    const { bins, keys } = block(3000, 21, 4)
    const valid = new Uint8Array(3000).fill(1)
    for (let i = 0; i < 3000; i += 97) valid[i] = 0
    const withNulls: TimeVec = { ...bins, valid }
    const unsorted = shuffled(bins, 22)
    const rows = Uint32Array.from({ length: 3000 }, (_, i) => i)
    const backwards = rows.slice().reverse()
    for (const batch of [
      { keys: [withNulls as Vec, mixedOf(keys)], rows },
      { keys: [bins as Vec, mixedOf(keys)], rows: backwards },
    ])
      expect(counted([batch], countByRunsAndDictionary)).toEqual(countedByRow([batch]))
    // Unsorted bins make short runs: the path declines them (the general path counts them).
    const short = { keys: [unsorted as Vec, mixedOf(keys)], rows }
    const groups = new GroupIndex(2)
    expect(
      countByRunsAndDictionary(groups, short.keys, rows, new GroupCounts(), () => {}, new GroupScratch()),
    ).toBe(false)
  })

  it('counts a single time key by runs, and a single mixed key by entry and number', () => {
    const { bins, keys } = block(5000, 31, 50)
    const sel = windowSelection(ascending(5000, 31, 40), 5000, { start: BigInt(T0 + 20_000) * 1_000_000n })
    const rows = sel ?? new Uint32Array(0)
    expect(rows.length).toBeGreaterThan(0)
    const byRuns = [{ keys: [bins as Vec], rows }]
    expect(counted(byRuns, (g, k, r, s, b) => countByRuns(g, k, r, s, b))).toEqual(countedByRow(byRuns))
    // Raw times: runs of one ms split by ns.
    const raw = ascending(5000, 32, 1)
    const rawRows = windowSelection(raw, 5000, { start: nsOf(raw, 100) + 1n, end: nsOf(raw, 4900) })
    const byTimes = [{ keys: [raw as Vec], rows: rawRows ?? new Uint32Array(0) }]
    expect(counted(byTimes, (g, k, r, s, b) => countByRuns(g, k, r, s, b))).toEqual(countedByRow(byTimes))
    const byKey = [{ keys: [mixedOf(keys)], rows }]
    expect(counted(byKey, countByDictionary)).toEqual(countedByRow(byKey))
  })
})

const SPAN = { start: 0, end: 0 }
const column = (name: string, type: string) =>
  ({ kind: 'Column', name, type, span: SPAN }) as unknown as BoundExpr
/** `bin(_time, stepNs)` (or `bin_auto(_time)` without a step) as the binder gives it. */
function binExpr(stepNs?: bigint): BoundExpr {
  const args = [column('_time', 'datetime')]
  if (stepNs !== undefined)
    args.push({ kind: 'Literal', type: 'timespan', value: stepNs, span: SPAN } as unknown as BoundExpr)
  const kernel = stepNs === undefined ? 'bin_auto' : 'bin'
  return {
    kind: 'Call',
    kernel,
    fn: { name: kernel },
    args,
    type: 'datetime',
    span: SPAN,
  } as unknown as BoundExpr
}

describe('count() by bin(_time, step), k without building the bins', () => {
  const schema = [
    { name: '_time', type: 'datetime' as const, storage: [] },
    { name: 'k', type: 'unknown' as const, storage: [] },
  ]
  const scope = scopeOf(schema, { ...env, binAutoStep: 2_000_000_000n })

  /** Counts through the path (it must take every batch), as JSON of the key cells → count. */
  function viaBins(batches: readonly Batch[], exprs: BoundExpr[]): Map<string, number> {
    const groups = new GroupIndex(2)
    const tally = new GroupCounts()
    const born = () => {}
    const scratch = new GroupScratch()
    for (const b of batches) {
      const rows = b.sel ?? Uint32Array.from({ length: b.length }, (_, i) => i)
      expect(countByBinsAndDictionary(groups, exprs, b, rows, tally, born, scratch, scope)).toBe(true)
    }
    const out = new Map<string, number>()
    groups.members.forEach((m, g) => {
      const key = JSON.stringify(m.map((id, k) => String(groups.keys[k].values[id])))
      expect(out.has(key), `one group per key ${key}`).toBe(false)
      out.set(key, tally.of(g))
    })
    return out
  }

  /** The same counts row by row over the bins binKernel builds. */
  function byRow(batches: readonly Batch[], stepNs: bigint, binFirst: boolean): Map<string, number> {
    return countedByRow(
      batches.map((b) => {
        const bins = binKernel([b.cols[0], constantVec('timespan', stepNs, b.length)], b.length, site)
        const rows = b.sel ?? Uint32Array.from({ length: b.length }, (_, i) => i)
        return { keys: binFirst ? [bins, b.cols[1]] : [b.cols[1], bins], rows }
      }),
    )
  }

  function batchesOf(seed: number): Batch[] {
    return [0, 1, 2].map((s) => {
      const { keys } = block(4000, seed + s, 6)
      const t = ascending(4000, seed + s, 40)
      // Cut on both ends inside runs of one bin.
      const sel = windowSelection(t, 4000, {
        start: BigInt(T0 + 5003) * 1_000_000n,
        end: BigInt(T0 + 70_011) * 1_000_000n,
      })
      return { length: 4000, sel, cols: [t, mixedOf(keys)] }
    })
  }

  it('counts as row-by-row grouping over the built bins, both key orders, bin_auto too', () => {
    const batches = batchesOf(60)
    expect(batches[0].sel).not.toBeNull()
    const step = 1_000_000_000n
    expect(viaBins(batches, [binExpr(step), column('k', 'unknown')])).toEqual(byRow(batches, step, true))
    expect(viaBins(batches, [column('k', 'unknown'), binExpr(step)])).toEqual(byRow(batches, step, false))
    expect(viaBins(batches, [binExpr(), column('k', 'unknown')])).toEqual(
      byRow(batches, 2_000_000_000n, true),
    )
  })

  it('declines unsorted times, sub-millisecond steps, short runs and computed keys', () => {
    const [b] = batchesOf(70)
    const rows = b.sel ?? new Uint32Array(0)
    const args = [new GroupIndex(2), new GroupCounts(), () => {}, new GroupScratch(), scope] as const
    const k = column('k', 'unknown')
    const decline = (batch: Batch, exprs: BoundExpr[]) =>
      countByBinsAndDictionary(args[0], exprs, batch, rows, args[1], args[2], args[3], args[4])
    expect(
      decline({ ...b, cols: [shuffled(b.cols[0] as TimeVec, 71), b.cols[1]] }, [binExpr(1_000_000_000n), k]),
    ).toBe(false)
    expect(decline(b, [binExpr(1_500_000n), k])).toBe(false)
    expect(decline(b, [binExpr(1_000_000n), k])).toBe(false)
    expect(decline(b, [binExpr(-1_000_000_000n), k])).toBe(false)
    const lower = {
      kind: 'Call',
      kernel: 'tolower',
      fn: { name: 'tolower' },
      args: [k],
      type: 'string',
      span: SPAN,
    }
    expect(decline(b, [binExpr(1_000_000_000n), lower as unknown as BoundExpr])).toBe(false)
    expect(args[0].size).toBe(0)
  })
})

describe('count() by bin(_time, step) alone without building the bins', () => {
  const schema = [{ name: '_time', type: 'datetime' as const, storage: [] }]
  const scope = scopeOf(schema, { ...env, binAutoStep: 2_000_000_000n })

  function batchesOf(seed: number): Batch[] {
    return [0, 1, 2].map((s) => {
      const t = ascending(4000, seed + s, 40)
      const sel = windowSelection(t, 4000, {
        start: BigInt(T0 + 5003) * 1_000_000n,
        end: BigInt(T0 + 70_011) * 1_000_000n,
      })
      return { length: 4000, sel, cols: [t] }
    })
  }

  /** Counts through the path (it must take every batch), in group order: [bin ms, count]. */
  function viaBins(batches: readonly Batch[], expr: BoundExpr): [number, number][] {
    const groups = new GroupIndex(1)
    const tally = new GroupCounts()
    for (const b of batches) {
      const rows = b.sel ?? Uint32Array.from({ length: b.length }, (_, i) => i)
      expect(countByBins(groups, [expr], b, rows, tally, () => {}, scope)).toBe(true)
    }
    return groups.members.map((m, g) => [Number(groups.keys[0].values[m[0]]) / 1e6, tally.of(g)])
  }

  /** The same counts, in the same group order, by countByRuns over the bins binKernel builds. */
  function byBuiltBins(batches: readonly Batch[], stepNs: bigint): [number, number][] {
    const groups = new GroupIndex(1)
    const tally = new GroupCounts()
    for (const b of batches) {
      const bins = binKernel([b.cols[0], constantVec('timespan', stepNs, b.length)], b.length, site)
      const rows = b.sel ?? Uint32Array.from({ length: b.length }, (_, i) => i)
      expect(countByRuns(groups, [bins], rows, tally, () => {})).toBe(true)
    }
    return groups.members.map((m, g) => [Number(groups.keys[0].values[m[0]]) / 1e6, tally.of(g)])
  }

  it('counts the groups, in the same order, that counting runs of the built bins does; bin_auto too', () => {
    const batches = batchesOf(80)
    for (const step of [1_000_000_000n, 500_000_000n]) {
      const got = viaBins(batches, binExpr(step))
      expect(got.length).toBeGreaterThan(1)
      expect(got).toEqual(byBuiltBins(batches, step))
    }
    expect(viaBins(batches, binExpr())).toEqual(byBuiltBins(batches, 2_000_000_000n))
  })

  it('declines unsorted times, sub-millisecond steps, short runs, a column key and two keys', () => {
    const [b] = batchesOf(90)
    const rows = b.sel ?? new Uint32Array(0)
    const groups = new GroupIndex(1)
    const decline = (batch: Batch, exprs: BoundExpr[]) =>
      countByBins(groups, exprs, batch, rows, new GroupCounts(), () => {}, scope)
    expect(decline({ ...b, cols: [shuffled(b.cols[0] as TimeVec, 91)] }, [binExpr(1_000_000_000n)])).toBe(
      false,
    )
    expect(decline(b, [binExpr(1_500_000n)])).toBe(false)
    expect(decline(b, [binExpr(1_000_000n)])).toBe(false)
    expect(decline(b, [column('_time', 'datetime')])).toBe(false)
    expect(decline(b, [binExpr(1_000_000_000n), binExpr(1_000_000_000n)])).toBe(false)
    expect(groups.size).toBe(0)
  })
})

/** orderRows by the comparator alone (the reference order). */
function byComparator(vecs: Vec[], keys: SortKey[], n: number): number[] {
  const idx = Array.from({ length: n }, (_, i) => i)
  return idx.sort(rowComparator(vecs, keys))
}

const sortKey = (descending: boolean, nullsFirst: boolean): SortKey => ({
  expr: {
    kind: 'Literal',
    type: 'long',
    value: 0n,
    span: { start: 0, end: 0 },
  } as unknown as SortKey['expr'],
  descending,
  nullsFirst,
})

describe('orderRows on one number or time key', () => {
  it('orders as the comparator does: ties in row order, nulls placed, both directions', () => {
    const r = lcg(41)
    const n = 2000
    const longs: NumVec = {
      kind: 'num',
      type: 'long',
      values: Float64Array.from({ length: n }, () => Math.floor(r() * 50) - 25),
      valid: Uint8Array.from({ length: n }, () => (r() < 0.05 ? 0 : 1)),
    }
    const times: TimeVec = { ...shuffled(ascending(n, 42, 2), 43), ns: new Int32Array(n) }
    const withNs = shuffled(ascending(n, 44, 2), 45)
    const reals: NumVec = { ...longs, type: 'real', values: longs.values.map((x) => x / 3) }
    const huge: NumVec = {
      ...longs,
      values: Float64Array.from(longs.values, (x, i) => (i === 0 ? 2 ** 60 : x)),
    }
    // In order and in reverse order (ties in runs): one pass, no sort.
    const up: TimeVec = { ...ascending(n, 46, 2), ns: new Int32Array(n) }
    const down: NumVec = { kind: 'num', type: 'real', values: up.ms.map((x) => -x / 7), valid: null }
    for (const v of [longs, times, withNs, reals, huge, up, down] as Vec[])
      for (const desc of [false, true])
        for (const nullsFirst of [false, true]) {
          const keys = [sortKey(desc, nullsFirst)]
          expect(Array.from(orderRows(n, [v], keys))).toEqual(byComparator([v], keys, n))
          expect(Array.from(orderRows(n, [v], keys, 17))).toEqual(byComparator([v], keys, n).slice(0, 17))
        }
  })
})

describe('RowHeap fills unordered, then heapifies', () => {
  it('keeps the best rows, with ties to the earlier row', () => {
    const r = lcg(51)
    const n = 500
    const v: NumVec = {
      kind: 'num',
      type: 'long',
      values: Float64Array.from({ length: n }, () => Math.floor(r() * 40)),
      valid: null,
    }
    // A dense 5-row batch placed after all of v (places 1000 …): kept whole while every row stays.
    const v5: NumVec = { kind: 'num', type: 'long', values: Float64Array.from([3, 1, 4, 1, 5]), valid: null }
    const all: NumVec = { ...v, values: Float64Array.from([...v.values, ...v5.values]) }
    const placeOf = (i: number) => (i < n ? i : 1000 + i - n)
    const valueAt = (place: number) => (place < n ? v.values[place] : v5.values[place - 1000])
    for (const cap of [1, 7, 100, 504, 505, 800])
      for (const desc of [false, true]) {
        const keys = [sortKey(desc, false)]
        const heap = new RowHeap(cap, keys)
        const batch = { length: n, sel: null, cols: [v] }
        const whole = { length: 5, sel: null, cols: [v5] }
        // Arrival out of scan order: v's first half, the small batch, v's second half.
        heap.offerBatch(
          { batch, keys: [v], base: 0 },
          Uint32Array.from({ length: 250 }, (_, i) => i),
          n,
        )
        heap.offerBatch({ batch: whole, keys: [v5], base: 1000 }, null, 5)
        heap.offerBatch(
          { batch, keys: [v], base: 0 },
          Uint32Array.from({ length: 250 }, (_, i) => 250 + i),
          n,
        )
        const { batch: dense, places } = heap.compact(1)
        expect(dense.length).toBe(places.length)
        for (let j = 0; j < dense.length; j++) expect(cellAt(dense.cols[0], j)).toBe(valueAt(places[j]))
        // The kept set is the stable sort's first `cap` rows (ties to the lower place).
        const want = byComparator([all], keys, n + 5)
          .slice(0, cap)
          .map(placeOf)
          .sort((a, b) => a - b)
        expect(Array.from(places)).toEqual(want)
      }
  })
})
