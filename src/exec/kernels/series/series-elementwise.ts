// exec/kernels/series/series-elementwise.ts: element-wise series functions: unary math (series_abs …
// series_tan) over the typed elements with the input's row layout reused, and binary arithmetic,
// min/max, pow and comparisons with a number broadcast against an array. A NaN result is a null element.
import type { NumSeries } from '../../num-series.ts'
import { seriesOf, seriesVec } from '../../num-series.ts'
import type { Kernel } from '../kernel.ts'
import { elementAt, operand, SeriesBuilder, WorkMeter } from './series-operands.ts'

/** A unary kernel: `f` over every element; rows keep their ranges (no per-row work). */
function unary(f: (x: number) => number): Kernel {
  return (args, n) => {
    const s = seriesOf(args[0], n)
    const data = new Float64Array(s.data.length)
    let present: Uint8Array | null = null
    for (let j = 0; j < data.length; j++) {
      const x = s.present !== null && s.present[j] === 0 ? Number.NaN : f(s.data[j])
      if (Number.isNaN(x)) {
        present ??= new Uint8Array(data.length).fill(1)
        present[j] = 0
      } else data[j] = x
    }
    const out: NumSeries = { start: s.start, len: s.len, data, present }
    return seriesVec(out, n)
  }
}

/** Sign as -1/0/1 (NaN stays NaN). */
const sign = (x: number): number => (x > 0 ? 1 : x < 0 ? -1 : x === 0 ? 0 : Number.NaN)

/** How two arrays of different lengths combine (per each function's Axiom page). */
type Lengths = 'shorter' | 'longer'

/**
 * A binary kernel: arrays element by element (to the shorter or the longer length; a missing element
 * is null), or an array against a number at every element. Two numbers, or a null side, give null.
 */
function binary(f: (a: number, b: number) => number, lengths: Lengths, bools = false): Kernel {
  return (args, n, site) => {
    const a = operand(args[0], n)
    const b = operand(args[1], n)
    const out = new SeriesBuilder(n, a.s.data.length, bools)
    const rows = site.sel ?? null
    const work = new WorkMeter()
    const count = rows === null ? n : rows.length
    for (let r = 0; r < count; r++) {
      const i = rows === null ? r : rows[r]
      work.add(site, Math.max(a.s.len[i], 0) + Math.max(b.s.len[i], 0) + 1)
      const la = a.s.len[i]
      const lb = b.s.len[i]
      if (la < 0 && lb < 0) continue
      if (la < 0 || lb < 0) {
        const arr = la < 0 ? b.s : a.s
        const x = la < 0 ? a.scalar[i] : b.scalar[i]
        if (Number.isNaN(x)) continue
        const len = arr.len[i]
        out.open(i, len)
        for (let k = 0; k < len; k++) {
          const e = elementAt(arr, i, k)
          out.put(k, Number.isNaN(e) ? e : la < 0 ? f(x, e) : f(e, x))
        }
        continue
      }
      const len = lengths === 'shorter' ? Math.min(la, lb) : Math.max(la, lb)
      out.open(i, len)
      for (let k = 0; k < len; k++) {
        const x = elementAt(a.s, i, k)
        const y = elementAt(b.s, i, k)
        out.put(k, Number.isNaN(x) || Number.isNaN(y) ? Number.NaN : f(x, y))
      }
    }
    return out.finish()
  }
}

const bit = (t: boolean): number => (t ? 1 : 0)

/** Element-wise series kernels keyed by kernel key. */
export const SERIES_ELEMENTWISE_KERNELS = {
  series_abs: unary(Math.abs),
  series_acos: unary(Math.acos),
  series_asin: unary(Math.asin),
  series_atan: unary(Math.atan),
  series_ceiling: unary(Math.ceil),
  series_cos: unary(Math.cos),
  series_exp: unary(Math.exp),
  series_floor: unary(Math.floor),
  series_log: unary((x) => (x > 0 ? Math.log(x) : Number.NaN)),
  series_sign: unary(sign),
  series_sin: unary(Math.sin),
  series_tan: unary(Math.tan),
  series_add: binary((x, y) => x + y, 'shorter'),
  series_subtract: binary((x, y) => x - y, 'longer'),
  series_multiply: binary((x, y) => x * y, 'longer'),
  series_divide: binary((x, y) => x / y, 'shorter'),
  series_max: binary(Math.max, 'longer'),
  series_min: binary(Math.min, 'longer'),
  series_pow: binary(Math.pow, 'longer'),
  series_equals: binary((x, y) => bit(x === y), 'longer', true),
  series_not_equals: binary((x, y) => bit(x !== y), 'longer', true),
  series_greater: binary((x, y) => bit(x > y), 'longer', true),
  series_greater_equals: binary((x, y) => bit(x >= y), 'longer', true),
  series_less: binary((x, y) => bit(x < y), 'longer', true),
  series_less_equals: binary((x, y) => bit(x <= y), 'longer', true),
} as const satisfies Record<string, Kernel>
