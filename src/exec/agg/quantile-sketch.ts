// exec/agg/quantile-sketch.ts: the value distribution behind percentile*, and histogram: EXACT (all
// values kept) up to `exactLimit` values, then a t-digest. Exact answers use nearest rank, as Kusto:
// the P-th percentile is the smallest value with at least P % of the values ≤ it (P = 0 → the minimum).
// NaN is ignored; ±Infinity is counted apart from the digest (which only sees finite values).

import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import { sortFloat64 } from './sort-f64.ts'
import { TDigest } from './tdigest.ts'

/** Values kept exactly before switching to the t-digest (32 KiB). */
export const DEFAULT_QUANTILE_EXACT_LIMIT = 4096
/** t-digest compression δ past the exact range (see the accuracy test for the measured rank error). */
export const DEFAULT_COMPRESSION = 1000

/** Exact-then-t-digest distribution of doubles; NaN is ignored. */
export class QuantileSketch {
  readonly exactLimit: number
  readonly compression: number
  /** Exact mode: the values (sorted in place on demand); null once in digest mode. */
  private vals: Float64Array | null = new Float64Array(16)
  private vn = 0
  private sorted = true
  private digest: TDigest | null = null
  /** Digest mode: −Infinity and +Infinity values (kept out of the digest's interpolation). */
  private negInf = 0
  private posInf = 0

  constructor(exactLimit = DEFAULT_QUANTILE_EXACT_LIMIT, compression = DEFAULT_COMPRESSION) {
    this.exactLimit = exactLimit
    this.compression = compression
  }

  /** True once past the exact range (answers are estimates). */
  get isEstimate(): boolean {
    return this.digest !== null
  }

  /** Values added (NaN excluded). */
  get count(): number {
    return this.digest !== null ? this.digest.count + this.negInf + this.posInf : this.vn
  }

  /** Adds one value. */
  add(x: number): void {
    if (Number.isNaN(x)) return
    let vals = this.vals
    if (vals === null) {
      this.addToDigest(this.digest as TDigest, x)
      return
    }
    if (this.vn >= this.exactLimit) {
      this.addToDigest(this.toDigest(), x)
      return
    }
    if (this.vn === vals.length) {
      const next = new Float64Array(Math.min(2 * vals.length, this.exactLimit))
      next.set(vals)
      this.vals = vals = next
    }
    vals[this.vn++] = x
    this.sorted = false
  }

  private addToDigest(d: TDigest, x: number): void {
    if (x === Number.NEGATIVE_INFINITY) this.negInf++
    else if (x === Number.POSITIVE_INFINITY) this.posInf++
    else d.add(x)
  }

  /**
   * Adds `values[i]` for i in [from, to) (or `values[rows[i]]`). The common cases (room in the exact
   * buffer; a finite value into the digest) are inline, so no double crosses a call V8 might not inline.
   */
  addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const x = rows === null ? values[i] : values[rows[i]]
      const vals = this.vals
      if (vals !== null) {
        if (this.vn < vals.length && this.vn < this.exactLimit && !Number.isNaN(x)) {
          vals[this.vn++] = x
          this.sorted = false
        } else this.add(x)
      } else if (x - x === 0) (this.digest as TDigest).add(x)
      else this.add(x)
    }
  }

  /** Switches to digest mode (idempotent) and returns the digest. */
  private toDigest(): TDigest {
    if (this.digest !== null) return this.digest
    const d = new TDigest(this.compression)
    const vals = this.vals as Float64Array
    for (let i = 0; i < this.vn; i++) this.addToDigest(d, vals[i])
    this.digest = d
    this.vals = null
    this.vn = 0
    return d
  }

  /** Folds `other` (same limits) in. */
  merge(other: QuantileSketch): void {
    if (other.vals !== null) {
      for (let i = 0; i < other.vn; i++) this.add(other.vals[i])
      return
    }
    this.toDigest().merge(other.digest as TDigest)
    this.negInf += other.negInf
    this.posInf += other.posInf
  }

  private sortedValues(): Float64Array {
    const v = (this.vals as Float64Array).subarray(0, this.vn)
    if (!this.sorted) {
      sortFloat64(v)
      this.sorted = true
    }
    return v
  }

  /** Exact mode: the values, sorted (a view: do not keep it across adds); null past the exact range. */
  exactValues(): Float64Array | null {
    return this.vals === null ? null : this.sortedValues()
  }

  /** The p-th percentile (p ∈ [0, 100]), or null with no values. */
  percentile(p: number): number | null {
    if (this.count === 0) return null
    if (this.digest !== null) {
      const d = this.digest
      // The infinities sit at the two ends of the rank range; the digest covers the middle.
      const r = (p / 100) * this.count
      if (this.negInf > 0 && r <= this.negInf) return Number.NEGATIVE_INFINITY
      if (r > this.negInf + d.count || d.count === 0) return Number.POSITIVE_INFINITY
      return Math.min(d.max, Math.max(d.min, d.quantile((r - this.negInf) / d.count)))
    }
    const v = this.sortedValues()
    // Nearest rank ⌈P/100 · N⌉ (1-based); the tiny slack keeps 95 % of 20 at rank 19 despite rounding.
    const rank = Math.ceil((p * v.length) / 100 - 1e-9)
    return v[Math.min(v.length, Math.max(1, rank)) - 1]
  }

  /** Smallest and largest finite value, else smallest and largest value ([NaN, NaN] when empty). */
  range(): [number, number] {
    if (this.count === 0) return [Number.NaN, Number.NaN]
    if (this.digest !== null) {
      const d = this.digest
      if (d.count > 0) return [d.min, d.max]
      return [
        this.negInf > 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
        this.posInf > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY,
      ]
    }
    const v = this.sortedValues()
    let lo = 0
    let hi = v.length - 1
    while (lo < hi && v[lo] === Number.NEGATIVE_INFINITY) lo++
    while (hi > lo && v[hi] === Number.POSITIVE_INFINITY) hi--
    return [v[lo], v[hi]]
  }

  /** Number of values ≤ x (exact in exact mode, interpolated from the digest otherwise). */
  rank(x: number): number {
    if (this.digest !== null)
      return this.negInf + this.digest.rank(x) + (x === Number.POSITIVE_INFINITY ? this.posInf : 0)
    const v = this.sortedValues()
    // Upper bound: first index with v[i] > x.
    let lo = 0
    let hi = v.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (v[mid] <= x) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** Number of values < x (exact mode only; the digest's continuous rank serves both). */
  rankBelow(x: number): number {
    if (this.digest !== null) return (x === Number.NEGATIVE_INFINITY ? 0 : this.negInf) + this.digest.rank(x)
    const v = this.sortedValues()
    let lo = 0
    let hi = v.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (v[mid] < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** Writes limits, mode and contents. */
  write(w: ByteWriter): void {
    w.u32(this.exactLimit)
    w.f64(this.compression)
    if (this.digest !== null) {
      w.u8(1)
      w.f64(this.negInf)
      w.f64(this.posInf)
      this.digest.write(w)
    } else {
      w.u8(0)
      w.u32(this.vn)
      w.f64s(this.vals as Float64Array, this.vn)
    }
  }

  /** Reads what `write` wrote. */
  static read(r: ByteReader): QuantileSketch {
    const s = new QuantileSketch(r.u32(), r.f64())
    checkSketchParams('state', s.exactLimit, s.compression, 'AGG_CORRUPT_STATE')
    if (r.u8() === 1) {
      s.negInf = r.f64()
      s.posInf = r.f64()
      if (
        !Number.isSafeInteger(s.negInf) ||
        !Number.isSafeInteger(s.posInf) ||
        s.negInf < 0 ||
        s.posInf < 0
      ) {
        throw new AggStateError('AGG_CORRUPT_STATE', 'bad infinity counts in quantile sketch')
      }
      s.digest = TDigest.read(r, s.compression)
      s.vals = null
    } else {
      const n = r.count(8)
      if (n > s.exactLimit)
        throw new AggStateError('AGG_CORRUPT_STATE', `quantile sketch holds ${n} > ${s.exactLimit} values`)
      s.vals = r.f64s(n, Math.max(16, n))
      s.vn = n
      s.sorted = false
    }
    return s
  }

  /** True when both sketches use the same limits (a merge precondition). */
  sameParams(other: QuantileSketch): boolean {
    return this.exactLimit === other.exactLimit && this.compression === other.compression
  }
}

/** Validates exactLimit (0 … 1,048,576) and compression (20 … 10,000). */
export function checkSketchParams(
  kind: string,
  exactLimit: number,
  compression: number,
  code: 'AGG_BAD_PARAM' | 'AGG_CORRUPT_STATE' = 'AGG_BAD_PARAM',
): void {
  if (!Number.isInteger(exactLimit) || exactLimit < 0 || exactLimit > 1_048_576) {
    throw new AggStateError(code, `${kind}: exactLimit must be an integer in [0, 1048576], got ${exactLimit}`)
  }
  if (!(compression >= 20 && compression <= 10_000)) {
    throw new AggStateError(code, `${kind}: compression must be in [20, 10000], got ${compression}`)
  }
}
