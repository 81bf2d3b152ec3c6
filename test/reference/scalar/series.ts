// test/reference/scalar/series.ts: the reference's series_* functions, row at a time over JSON arrays,
// written from Axiom's pages (Kusto's where silent) and rules 90–94 of test/reference/README.md:
// element-wise maps, fills, reductions, statistics (two passes), FIR/IIR by their difference
// equations, and the DFT by its definition (O(n²) sums). Never imports engine code.

import type { Json, Value } from '../values.ts'
import type { FamilyImpls, ScalarImpl } from './define.ts'

type Elem = number | null

/** The elements of an array value as numbers (non-numbers null); null when `v` is not an array. */
function nums(v: Value, bools = false): Elem[] | null {
  if (!Array.isArray(v)) return null
  return (v as readonly Json[]).map((e) =>
    typeof e === 'number' ? e : bools && typeof e === 'boolean' ? Number(e) : null,
  )
}

/** A scalar operand as a number, or null. */
function scalar(v: Value): number | null {
  if (typeof v === 'number') return v
  if (typeof v === 'bigint') return Number(v)
  return null
}

/** NaN becomes a null element. */
const el = (x: number): Elem => (Number.isNaN(x) ? null : x)

/** A unary element-wise function. */
function map(f: (x: number) => number): ScalarImpl {
  return ([v]) => {
    const a = nums(v)
    return a === null ? null : a.map((x) => (x === null ? null : el(f(x))))
  }
}

/**
 * A binary element-wise function (rule 90): two arrays to the shorter or longer length (a missing
 * element is null), or an array against a number.
 */
function zip(f: (x: number, y: number) => number, longer: boolean, bools = false): ScalarImpl {
  const out = (x: Elem, y: Elem): Json => {
    if (x === null || y === null) return null
    const r = f(x, y)
    if (Number.isNaN(r)) return null
    return bools ? r === 1 : r
  }
  return ([p, q]) => {
    const [a, b] = [nums(p), nums(q)]
    if (a !== null && b !== null) {
      const len = longer ? Math.max(a.length, b.length) : Math.min(a.length, b.length)
      return Array.from({ length: len }, (_, k) => out(a[k] ?? null, b[k] ?? null))
    }
    if (a !== null && scalar(q) !== null) return a.map((x) => out(x, scalar(q)))
    if (b !== null && scalar(p) !== null) return b.map((y) => out(scalar(p), y))
    return null
  }
}

/** Fills null elements; `at(a, k)` gives element k's replacement (null: stays null). */
function fill(at: (a: readonly Elem[], k: number, rest: readonly Value[]) => Elem): ScalarImpl {
  return ([v, ...rest]) => {
    const a = nums(v)
    return a === null ? null : a.map((x, k) => x ?? at(a, k, rest))
  }
}

/** The nearest number before index k (or after, when `dir` is +1); null when none. */
function nearest(a: readonly Elem[], k: number, dir: -1 | 1): { x: number; at: number } | null {
  for (let j = k + dir; j >= 0 && j < a.length; j += dir) {
    const x = a[j]
    if (x !== null) return { x, at: j }
  }
  return null
}

/** Rule 91: interior gaps on the line between neighbours, edges from the nearest number. */
function linear(a: readonly Elem[], k: number): Elem {
  const before = nearest(a, k, -1)
  const after = nearest(a, k, 1)
  if (before && after) return before.x + ((after.x - before.x) * (k - before.at)) / (after.at - before.at)
  return (before ?? after)?.x ?? null
}

/** Pairs of numbers of two arrays up to the shorter length. */
function numberPairs(a: readonly Elem[], b: readonly Elem[]): [number, number][] {
  const out: [number, number][] = []
  for (let k = 0; k < Math.min(a.length, b.length); k++) {
    const [x, y] = [a[k], b[k]]
    if (x !== null && y !== null) out.push([x, y])
  }
  return out
}

/** Sum in index order. */
const total = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0)

/** Rule 92: statistics of the numbers, positions of the first min and max. */
function stats(v: Value): Record<string, Json> | null {
  const a = nums(v)
  if (a === null) return null
  const present = a.flatMap((x, k) => (x === null ? [] : [{ x, k }]))
  const keys = ['min', 'min_idx', 'max', 'max_idx', 'avg', 'variance', 'stdev']
  if (present.length === 0) return Object.fromEntries(keys.map((k) => [k, null]))
  let [lo, hi] = [present[0], present[0]]
  for (const p of present) {
    if (p.x < lo.x) lo = p
    if (p.x > hi.x) hi = p
  }
  const avg = total(present.map((p) => p.x)) / present.length
  const variance =
    present.length > 1 ? total(present.map((p) => (p.x - avg) * (p.x - avg))) / (present.length - 1) : 0
  return { min: lo.x, min_idx: lo.k, max: hi.x, max_idx: hi.k, avg, variance, stdev: Math.sqrt(variance) }
}

/** Rule 93: null elements and samples before the start read as 0. */
const sample = (a: readonly Elem[], t: number): number => (t >= 0 && t < a.length ? (a[t] ?? 0) : 0)

function fir([v, f, normalize, center]: readonly Value[]): Value {
  const [x, h] = [nums(v), nums(f)]
  if (x === null || h === null || h.length === 0) return null
  const coef = h.map((c) => c ?? 0)
  const sum = total(coef)
  const scale = normalize !== false && sum !== 0 ? 1 / sum : 1
  const c = center === true ? Math.floor(coef.length / 2) : 0
  return x.map((_, k) => total(coef.map((w, j) => w * sample(x, k - j + c))) * scale)
}

function iir([v, num, den]: readonly Value[]): Value {
  const [x, b, a] = [nums(v), nums(num), nums(den)]
  if (x === null || b === null || a === null || a.length === 0 || !a[0]) return null
  const y: number[] = []
  for (let k = 0; k < x.length; k++) {
    let acc = 0
    for (let j = 0; j < b.length && j <= k; j++) acc += (b[j] ?? 0) * sample(x, k - j)
    for (let j = 1; j < a.length && j <= k; j++) acc -= (a[j] ?? 0) * y[k - j]
    y.push(acc / a[0])
  }
  return y
}

/** e^(±2πi·r/n) as [cos, sin], exact at quarter turns. */
function unitRoot(r: number, n: number, dir: 1 | -1): [number, number] {
  const quarters = (4 * r) / n
  if (Number.isInteger(quarters)) return [[1, 0, -1, 0][quarters], dir * [0, 1, 0, -1][quarters]]
  const angle = (dir * 2 * Math.PI * r) / n
  return [Math.cos(angle), Math.sin(angle)]
}

/** Rule 94: the DFT by definition, X[k] = Σ x[j]·e^(∓2πi·jk/n) (inverse scaled by 1/n), as [re, im]. */
function dft(inverse: boolean): ScalarImpl {
  return ([re, im]) => {
    const xr = nums(re)
    if (xr === null) return null
    const xi = (im === undefined ? null : nums(im)) ?? []
    const n = xr.length
    const outR: number[] = []
    const outI: number[] = []
    for (let k = 0; k < n; k++) {
      let [sr, si] = [0, 0]
      for (let j = 0; j < n; j++) {
        const [c, s] = unitRoot((j * k) % n, n, inverse ? 1 : -1)
        const [a, b] = [xr[j] ?? 0, xi[j] ?? 0]
        sr += a * c - b * s
        si += a * s + b * c
      }
      outR.push(inverse ? sr / n : sr)
      outI.push(inverse ? si / n : si)
    }
    return [outR, outI]
  }
}

const sign = (x: number): number => (x > 0 ? 1 : x < 0 ? -1 : x)

/** The series family. */
export const SERIES: FamilyImpls<'series'> = {
  series_abs: map(Math.abs),
  series_acos: map(Math.acos),
  series_asin: map(Math.asin),
  series_atan: map(Math.atan),
  series_ceiling: map(Math.ceil),
  series_cos: map(Math.cos),
  series_exp: map(Math.exp),
  series_floor: map(Math.floor),
  series_log: map((x) => (x > 0 ? Math.log(x) : Number.NaN)),
  series_sign: map(sign),
  series_sin: map(Math.sin),
  series_tan: map(Math.tan),
  series_add: zip((x, y) => x + y, false),
  series_subtract: zip((x, y) => x - y, true),
  series_multiply: zip((x, y) => x * y, true),
  series_divide: zip((x, y) => x / y, false),
  series_max: zip(Math.max, true),
  series_min: zip(Math.min, true),
  series_pow: zip((x, y) => x ** y, true),
  series_equals: zip((x, y) => Number(x === y), true, true),
  series_not_equals: zip((x, y) => Number(x !== y), true, true),
  series_greater: zip((x, y) => Number(x > y), true, true),
  series_greater_equals: zip((x, y) => Number(x >= y), true, true),
  series_less: zip((x, y) => Number(x < y), true, true),
  series_less_equals: zip((x, y) => Number(x <= y), true, true),
  series_fill_forward: fill((a, k) => nearest(a, k, -1)?.x ?? null),
  series_fill_backward: fill((a, k) => nearest(a, k, 1)?.x ?? null),
  series_fill_linear: fill(linear),
  series_fill_const: fill((_a, _k, [c]) => scalar(c ?? null)),
  series_sum: ([v]) => {
    const a = nums(v)
    return a === null ? null : total(a.filter((x): x is number => x !== null))
  },
  series_magnitude: ([v]) => {
    const a = nums(v)
    return a === null ? null : Math.sqrt(total(a.filter((x): x is number => x !== null).map((x) => x * x)))
  },
  series_dot_product: ([p, q]) => {
    const [a, b] = [nums(p), nums(q)]
    return a === null || b === null ? null : total(numberPairs(a, b).map(([x, y]) => x * y))
  },
  series_cosine_similarity: ([p, q]) => {
    const [a, b] = [nums(p), nums(q)]
    if (a === null || b === null) return null
    const ps = numberPairs(a, b)
    const norm = Math.sqrt(total(ps.map(([x]) => x * x))) * Math.sqrt(total(ps.map(([, y]) => y * y)))
    return norm === 0 ? null : total(ps.map(([x, y]) => x * y)) / norm
  },
  series_pearson_correlation: ([p, q]) => {
    const [a, b] = [nums(p), nums(q)]
    if (a === null || b === null || a.length !== b.length) return null
    const ps = numberPairs(a, b)
    if (ps.length < 2) return null
    const ma = total(ps.map(([x]) => x)) / ps.length
    const mb = total(ps.map(([, y]) => y)) / ps.length
    const cov = total(ps.map(([x, y]) => (x - ma) * (y - mb)))
    const d =
      Math.sqrt(total(ps.map(([x]) => (x - ma) ** 2))) * Math.sqrt(total(ps.map(([, y]) => (y - mb) ** 2)))
    return d === 0 ? null : Math.max(-1, Math.min(1, cov / d))
  },
  series_stats: ([v]) => {
    const s = stats(v)
    return s === null ? null : [s.min, s.min_idx, s.max, s.max_idx, s.avg, s.variance, s.stdev]
  },
  series_stats_dynamic: ([v]) => stats(v),
  series_fir: fir,
  series_iir: iir,
  series_fft: dft(false),
  series_ifft: dft(true),
}
