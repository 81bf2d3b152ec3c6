// exec/kernels/series/series-filters.ts: series_fir (direct-form FIR convolution, Kusto's `normalize`
// and `center` options) and series_iir (Direct Form I difference equation, normalised by a[0]).
// Null or non-numeric input elements read as 0; samples before the series start are 0 (rule 93).
import type { NumSeries } from '../../num-series.ts'
import type { Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import type { Kernel } from '../kernel.ts'
import { elementAt, operand, SeriesBuilder, WorkMeter } from './series-operands.ts'

/** Row i of `s` as a dense array (nulls 0), or null for a null row. */
function dense(s: NumSeries, i: number): Float64Array | null {
  if (s.len[i] < 0) return null
  const out = new Float64Array(s.len[i])
  for (let k = 0; k < out.length; k++) {
    const x = elementAt(s, i, k)
    out[k] = Number.isNaN(x) ? 0 : x
  }
  return out
}

/** A boolean option of row i (default when absent or not a boolean). */
function flag(v: Vec | undefined, i: number, fallback: boolean): boolean {
  const c = v === undefined ? null : cellAt(v, i)
  return typeof c === 'boolean' ? c : fallback
}

/**
 * series_fir(x, filter [, normalize = true [, center = false]]):
 * y[i] = Σ_j f[j]·x[i − j + c], c = floor(len(f) / 2) when centred else 0; f divided by Σf when
 * normalising and Σf ≠ 0.
 */
const fir: Kernel = (args, n, site) => {
  const xs = operand(args[0], n).s
  const fs = operand(args[1], n).s
  const out = new SeriesBuilder(n, xs.data.length)
  const rows = site.sel ?? null
  const work = new WorkMeter()
  for (let r = 0; r < (rows ? rows.length : n); r++) {
    const i = rows ? rows[r] : r
    work.add(site, (Math.max(xs.len[i], 0) + 1) * (Math.max(fs.len[i], 0) + 1))
    const x = dense(xs, i)
    const f = dense(fs, i)
    if (x === null || f === null || f.length === 0) continue
    const sum = f.reduce((a, b) => a + b, 0)
    const scale = flag(args[2], i, true) && sum !== 0 ? 1 / sum : 1
    const c = flag(args[3], i, false) ? Math.floor(f.length / 2) : 0
    out.open(i, x.length)
    for (let k = 0; k < x.length; k++) {
      let y = 0
      for (let j = 0; j < f.length; j++) {
        const t = k - j + c
        if (t >= 0 && t < x.length) y += f[j] * x[t]
      }
      out.put(k, y * scale)
    }
  }
  return out.finish()
}

/**
 * series_iir(x, b, a): a[0]·y[i] = Σ_j b[j]·x[i−j] − Σ_{k≥1} a[k]·y[i−k] (Direct Form I, as SciPy's
 * lfilter); null when a is empty or a[0] is 0.
 */
const iir: Kernel = (args, n, site) => {
  const xs = operand(args[0], n).s
  const bs = operand(args[1], n).s
  const as = operand(args[2], n).s
  const out = new SeriesBuilder(n, xs.data.length)
  const rows = site.sel ?? null
  const work = new WorkMeter()
  for (let r = 0; r < (rows ? rows.length : n); r++) {
    const i = rows ? rows[r] : r
    work.add(site, (Math.max(xs.len[i], 0) + 1) * (Math.max(bs.len[i], 0) + Math.max(as.len[i], 0) + 1))
    const x = dense(xs, i)
    const b = dense(bs, i)
    const a = dense(as, i)
    if (x === null || b === null || a === null || a.length === 0 || a[0] === 0) continue
    const y = new Float64Array(x.length)
    out.open(i, x.length)
    for (let k = 0; k < x.length; k++) {
      let acc = 0
      for (let j = 0; j < b.length && j <= k; j++) acc += b[j] * x[k - j]
      for (let j = 1; j < a.length && j <= k; j++) acc -= a[j] * y[k - j]
      y[k] = acc / a[0]
      out.put(k, y[k])
    }
  }
  return out.finish()
}

/** Filter kernels keyed by kernel key. */
export const SERIES_FILTER_KERNELS = { series_fir: fir, series_iir: iir } as const satisfies Record<
  string,
  Kernel
>
