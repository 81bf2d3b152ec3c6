// exec/agg/quantile-sketch.ts: the value distribution behind percentile*, and histogram: EXACT (all
// values kept, exact-values.ts) up to `exactLimit` values, and past that while the aggregation's
// ExactBudget gives room (exact-budget.ts), then a t-digest. Exact answers use nearest rank, as Kusto:
// the P-th percentile is the smallest value with at least P % of the values ≤ it (P = 0 → the
// minimum), found by selection, not a sort. NaN is ignored; ±Infinity is counted apart from the digest (which only
// sees finite values).

import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import type { ExactBudget } from './exact-budget.ts'
import { ExactValues } from './exact-values.ts'
import { TDigest } from './tdigest.ts'

/** Values kept exactly before the budget is asked for room (32 KiB). */
export const DEFAULT_QUANTILE_EXACT_LIMIT = 4096
/** t-digest compression δ past the exact range (see the accuracy test for the measured rank error). */
export const DEFAULT_COMPRESSION = 1000
/** Most exact values a serialized sketch may hold (what budgets give out stays far below). */
const EXACT_READ_LIMIT = 1 << 26

/** Exact-then-t-digest distribution of doubles; NaN is ignored. */
export class QuantileSketch {
  readonly exactLimit: number
  readonly compression: number
  /** Exact mode: the values (exact-values.ts); null once in digest mode. */
  private exact: ExactValues | null
  private digest: TDigest | null = null
  /** Digest mode: −Infinity and +Infinity values (kept out of the digest's interpolation). */
  private negInf = 0
  private posInf = 0

  constructor(
    exactLimit = DEFAULT_QUANTILE_EXACT_LIMIT,
    compression = DEFAULT_COMPRESSION,
    budget: ExactBudget | null = null,
  ) {
    this.exactLimit = exactLimit
    this.compression = compression
    this.exact = new ExactValues(exactLimit, budget)
  }

  /** True once past the exact range (answers are estimates). */
  get isEstimate(): boolean {
    return this.digest !== null
  }

  /** Values added (NaN excluded). */
  get count(): number {
    return this.digest !== null
      ? this.digest.count + this.negInf + this.posInf
      : (this.exact as ExactValues).count
  }

  /** Adds one value. */
  add(x: number): void {
    if (Number.isNaN(x)) return
    if (this.exact?.push(x)) return
    this.addToDigest(this.toDigest(), x)
  }

  private addToDigest(d: TDigest, x: number): void {
    if (x === Number.NEGATIVE_INFINITY) this.negInf++
    else if (x === Number.POSITIVE_INFINITY) this.posInf++
    else d.add(x)
  }

  /**
   * Adds `values[i]` for i in [from, to) (or `values[rows[i]]`): into the exact values while they
   * have room, the rest into the digest (finite values inline, so no double crosses a call V8 might
   * not inline).
   */
  addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    let i = this.exact === null ? from : this.exact.appendRows(values, rows, from, to)
    if (i === to) return
    const d = this.toDigest()
    for (; i < to; i++) {
      const x = rows === null ? values[i] : values[rows[i]]
      if (x - x === 0) d.add(x)
      else this.add(x)
    }
  }

  /** Switches to digest mode (idempotent) and returns the digest. */
  private toDigest(): TDigest {
    if (this.digest !== null) return this.digest
    const d = new TDigest(this.compression)
    const exact = this.exact as ExactValues
    for (const part of exact.parts()) for (let i = 0; i < part.length; i++) this.addToDigest(d, part[i])
    exact.release()
    this.digest = d
    this.exact = null
    return d
  }

  /** Folds `other` (same limits) in: two exact sketches stay exact as far as this one has room. */
  merge(other: QuantileSketch): void {
    if (other.exact !== null) {
      for (const part of other.exact.parts()) {
        const i = this.exact === null ? 0 : this.exact.appendArray(part)
        if (i === part.length) continue
        const d = this.toDigest()
        for (let j = i; j < part.length; j++) this.addToDigest(d, part[j])
      }
      return
    }
    this.toDigest().merge(other.digest as TDigest)
    this.negInf += other.negInf
    this.posInf += other.posInf
  }

  /** Exact mode: the values, sorted (a view: do not keep it across adds); null past the exact range. */
  exactValues(): Float64Array | null {
    return this.exact === null ? null : this.exact.sorted()
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
    // Nearest rank ⌈P/100 · N⌉ (1-based); the tiny slack keeps 95 % of 20 at rank 19 despite rounding.
    const n = this.count
    const rank = Math.ceil((p * n) / 100 - 1e-9)
    return (this.exact as ExactValues).at(Math.min(n, Math.max(1, rank)) - 1)
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
    const v = (this.exact as ExactValues).sorted()
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
    const v = (this.exact as ExactValues).sorted()
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
    const v = (this.exact as ExactValues).sorted()
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
      ;(this.exact as ExactValues).write(w)
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
      s.exact = null
    } else {
      const exact = ExactValues.read(r, s.exactLimit, EXACT_READ_LIMIT)
      if (typeof exact === 'number')
        throw new AggStateError(
          'AGG_CORRUPT_STATE',
          `quantile sketch holds ${exact} > ${EXACT_READ_LIMIT} values`,
        )
      s.exact = exact
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
