// exec/agg/extract-sum.ts: the exact sum of a batch segment of doubles by error-free extraction
// (Rump, Ogita and Oishi's ExtractScalar): with σ a power of two ≥ 4·n·max|x|, q = (σ + x) − σ is
// exact, a multiple of ulp(σ)/2, and the n q's add up exactly in a double; r = x − q is exact too
// and small, and a second σ takes the next ~37 bits the same way. A residue left after both levels
// (values far smaller than the segment's largest) goes to the LimbSum, a segment with NaN, ±∞ or
// values too large or too tiny for the σ's to the caller's per-value path. Three flops per level
// instead of LimbSum's bit surgery; the result is the same exact sum, so order never matters.
import type { ExactSum } from './exact-sum.ts'
import type { LimbSum } from './limb-sum.ts'

/** Largest max|x| the extraction takes: σ ≤ 2^(1000) stays far from overflow. */
const MAX_ABS = 2 ** 960
/** Smallest nonzero max|x| it takes: the second level's unit stays a normal double. */
const MIN_ABS = 2 ** -800

/** Whether a nonzero max|x| `m` is in the extraction's range (false for NaN and ±∞ too). */
export function extractable(m: number): boolean {
  return m <= MAX_ABS && m >= MIN_ABS
}

/** Smallest power of two ≥ x (x > 0, normal). */
export function pow2AtLeast(x: number): number {
  const e = Math.ceil(Math.log2(x))
  let p = 2 ** e
  // log2 may round: fix the exponent by one step either way.
  if (p < x) p *= 2
  else if (p / 2 >= x) p /= 2
  return p
}

/** max |x| over the segment (±∞ counts as ∞); NaN when a value is NaN. */
export function maxAbs(values: Float64Array, rows: Uint32Array | null, from: number, to: number): number {
  let m = 0
  if (rows === null) {
    for (let i = from; i < to; i++) {
      const a = Math.abs(values[i])
      if (a > m) m = a
      else if (!(a <= m)) return Number.NaN
    }
  } else {
    for (let i = from; i < to; i++) {
      const a = Math.abs(values[rows[i]])
      if (a > m) m = a
      else if (!(a <= m)) return Number.NaN
    }
  }
  return m
}

/** Scratch of the two level sums (hi, lo) and the count of residues left (a leaf loop's outputs). */
const out = new Float64Array(3)

function extract(
  values: Float64Array,
  rows: Uint32Array | null,
  from: number,
  to: number,
  s1: number,
  s2: number,
): void {
  // The running sums live in `out`, not in locals: a double loop variable is boxed (one allocation
  // per row) by the mid-tier compiler that first compiles a hot loop.
  out[0] = 0
  out[1] = 0
  out[2] = 0
  for (let i = from; i < to; i++) {
    const x = rows === null ? values[i] : values[rows[i]]
    const q = s1 + x - s1
    const r = x - q
    const q2 = s2 + r - s2
    out[0] += q
    out[1] += q2
    if (r - q2 !== 0) out[2]++
  }
}

/** Adds the residues x − q − q2 that are not zero to `limbs` (rare: tiny values beside large ones). */
function residues(
  values: Float64Array,
  rows: Uint32Array | null,
  from: number,
  to: number,
  s1: number,
  s2: number,
  sum: ExactSum,
  limbs: LimbSum,
): void {
  for (let i = from; i < to; i++) {
    const x = rows === null ? values[i] : values[rows[i]]
    const q = s1 + x - s1
    const r = x - q
    const r2 = r - (s2 + r - s2)
    if (r2 !== 0) limbs.add(r2, sum)
  }
}

/**
 * Adds `values[i]` (or `values[rows[i]]`) for i in [from, to) exactly to `sum` (through `limbs` for
 * residues); false, adding nothing, when the segment holds NaN, ±∞, or magnitudes outside the
 * extraction's range: the caller then takes its per-value path.
 */
export function addSegmentExact(
  values: Float64Array,
  rows: Uint32Array | null,
  from: number,
  to: number,
  sum: ExactSum,
  limbs: LimbSum,
): boolean {
  const n = to - from
  if (n <= 0) return true
  const m = maxAbs(values, rows, from, to)
  if (m === 0) return true
  if (!extractable(m)) return false
  // σ1 ≥ 4·n·m: every q and every partial sum of q's is a multiple of 2^-53·σ1 below σ1 / 4.
  const s1 = pow2AtLeast(4 * n * m)
  // |r| ≤ 2^-53·σ1, so σ2 = 2^-53·σ1 · 4n (a power of two) serves the second level the same way.
  const s2 = s1 * 2 ** -53 * pow2AtLeast(4 * n)
  extract(values, rows, from, to, s1, s2)
  const a = out[0]
  const b = out[1]
  if (out[2] > 0) residues(values, rows, from, to, s1, s2, sum, limbs)
  sum.add(a)
  sum.add(b)
  return true
}
