// exec/kernels/series/series-reduce.ts: series functions giving one value per row: series_sum,
// series_magnitude, series_dot_product, series_cosine_similarity, series_pearson_correlation, and
// series_stats / series_stats_dynamic (two-pass mean and sample variance). Null elements are
// skipped (pairs: both must be numbers); reference rule 92.
import type { NumSeries } from '../../num-series.ts'
import type { CellJson } from '../../result.ts'
import type { NumVec, Vec } from '../../vector.ts'
import type { Kernel } from '../kernel.ts'
import { elementAt, operand } from './series-operands.ts'

/** A real per row from `f(row)` (NaN: null). */
function perRow(n: number, sel: Uint32Array | null | undefined, f: (i: number) => number): NumVec {
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  const count = sel ? sel.length : n
  for (let r = 0; r < count; r++) {
    const i = sel ? sel[r] : r
    const x = f(i)
    if (!Number.isNaN(x)) [values[i], valid[i]] = [x, 1]
  }
  return { kind: 'num', type: 'real', values, valid }
}

/** Σ of `g(x)` over the numbers of row i (0 for an empty row; NaN for a null row). */
function fold(s: NumSeries, i: number, g: (x: number) => number): number {
  if (s.len[i] < 0) return Number.NaN
  let sum = 0
  for (let k = 0; k < s.len[i]; k++) {
    const x = elementAt(s, i, k)
    if (!Number.isNaN(x)) sum += g(x)
  }
  return sum
}

/** Sums over the pairs of numbers of two rows, up to the shorter length. */
function pairs(a: NumSeries, b: NumSeries, i: number) {
  const len = Math.min(a.len[i], b.len[i])
  let [n, sa, sb, sab, saa, sbb] = [0, 0, 0, 0, 0, 0]
  for (let k = 0; k < len; k++) {
    const x = elementAt(a, i, k)
    const y = elementAt(b, i, k)
    if (Number.isNaN(x) || Number.isNaN(y)) continue
    n++
    sa += x
    sb += y
    sab += x * y
    saa += x * x
    sbb += y * y
  }
  return { n, sa, sb, sab, saa, sbb }
}

const dot: Kernel = (args, n, site) => {
  const [a, b] = [operand(args[0], n).s, operand(args[1], n).s]
  return perRow(n, site.sel, (i) => (a.len[i] < 0 || b.len[i] < 0 ? Number.NaN : pairs(a, b, i).sab))
}

const cosine: Kernel = (args, n, site) => {
  const [a, b] = [operand(args[0], n).s, operand(args[1], n).s]
  return perRow(n, site.sel, (i) => {
    if (a.len[i] < 0 || b.len[i] < 0) return Number.NaN
    const p = pairs(a, b, i)
    const norm = Math.sqrt(p.saa) * Math.sqrt(p.sbb)
    return norm === 0 ? Number.NaN : p.sab / norm
  })
}

/** Pearson's r from centred sums (two passes over the pairs: the mean first, for accuracy). */
const pearson: Kernel = (args, n, site) => {
  const [a, b] = [operand(args[0], n).s, operand(args[1], n).s]
  return perRow(n, site.sel, (i) => {
    if (a.len[i] < 0 || b.len[i] < 0 || a.len[i] !== b.len[i]) return Number.NaN
    const p = pairs(a, b, i)
    if (p.n < 2) return Number.NaN
    const [ma, mb] = [p.sa / p.n, p.sb / p.n]
    let [cab, caa, cbb] = [0, 0, 0]
    for (let k = 0; k < a.len[i]; k++) {
      const x = elementAt(a, i, k)
      const y = elementAt(b, i, k)
      if (Number.isNaN(x) || Number.isNaN(y)) continue
      cab += (x - ma) * (y - mb)
      caa += (x - ma) ** 2
      cbb += (y - mb) ** 2
    }
    const d = Math.sqrt(caa) * Math.sqrt(cbb)
    return d === 0 ? Number.NaN : Math.max(-1, Math.min(1, cab / d))
  })
}

/** The seven statistics of a row in Axiom's order, or null for a null row. */
export interface SeriesStats {
  readonly min: number | null
  readonly min_idx: number | null
  readonly max: number | null
  readonly max_idx: number | null
  readonly avg: number | null
  readonly variance: number | null
  readonly stdev: number | null
}

/** Statistics of row i: min/max with their first positions; mean, then the sample variance (two passes). */
function statsOf(s: NumSeries, i: number): SeriesStats {
  let [count, sum] = [0, 0]
  let [min, max, minIdx, maxIdx] = [0, 0, -1, -1]
  for (let k = 0; k < s.len[i]; k++) {
    const x = elementAt(s, i, k)
    if (Number.isNaN(x)) continue
    count++
    sum += x
    if (minIdx < 0 || x < min) [min, minIdx] = [x, k]
    if (maxIdx < 0 || x > max) [max, maxIdx] = [x, k]
  }
  if (count === 0)
    return { min: null, min_idx: null, max: null, max_idx: null, avg: null, variance: null, stdev: null }
  const avg = sum / count
  let squares = 0
  for (let k = 0; k < s.len[i]; k++) {
    const x = elementAt(s, i, k)
    if (!Number.isNaN(x)) squares += (x - avg) * (x - avg)
  }
  const variance = count > 1 ? squares / (count - 1) : 0
  return { min, min_idx: minIdx, max, max_idx: maxIdx, avg, variance, stdev: Math.sqrt(variance) }
}

/** A dynamic per row from `f(i)` (null for null rows). */
function dynRows(v: Vec, n: number, f: (s: NumSeries, i: number) => CellJson): Vec {
  const s = operand(v, n).s
  const values: CellJson[] = new Array(n)
  for (let i = 0; i < n; i++) values[i] = s.len[i] < 0 ? null : f(s, i)
  return { kind: 'dyn', values }
}

/** Reduction kernels keyed by kernel key. */
export const SERIES_REDUCE_KERNELS = {
  series_sum: (args, n, site) => {
    const s = operand(args[0], n).s
    return perRow(n, site.sel, (i) => fold(s, i, (x) => x))
  },
  series_magnitude: (args, n, site) => {
    const s = operand(args[0], n).s
    return perRow(n, site.sel, (i) => Math.sqrt(fold(s, i, (x) => x * x)))
  },
  series_dot_product: dot,
  series_cosine_similarity: cosine,
  series_pearson_correlation: pearson,
  series_stats: (args, n) =>
    dynRows(args[0], n, (s, i) => {
      const t = statsOf(s, i)
      return [t.min, t.min_idx, t.max, t.max_idx, t.avg, t.variance, t.stdev]
    }),
  series_stats_dynamic: (args, n) => dynRows(args[0], n, (s, i) => ({ ...statsOf(s, i) })),
} as const satisfies Record<string, Kernel>
