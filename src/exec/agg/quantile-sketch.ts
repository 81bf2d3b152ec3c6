// exec/agg/quantile-sketch.ts: the value distribution behind percentile*, and histogram: EXACT (all
// values kept) up to `exactLimit` values, and past that while the aggregation's ExactBudget gives room
// (exact-budget.ts), then a t-digest. Exact answers use nearest rank, as Kusto: the P-th percentile is
// the smallest value with at least P % of the values ≤ it (P = 0 → the minimum), found by selection
// (select-f64.ts), not a sort. NaN is ignored; ±Infinity is counted apart from the digest (which only
// sees finite values).

import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import type { ExactBudget } from './exact-budget.ts'
import { rankHistogram, selectFloat64, selectRank } from './select-f64.ts'
import { sortFloat64 } from './sort-f64.ts'
import { TDigest } from './tdigest.ts'

/** Values kept exactly before switching to the t-digest (32 KiB). */
export const DEFAULT_QUANTILE_EXACT_LIMIT = 4096
/** t-digest compression δ past the exact range (see the accuracy test for the measured rank error). */
export const DEFAULT_COMPRESSION = 1000
/** From this many exact values a rank is found from a histogram (select-f64.ts), below it by partitioning. */
const HISTOGRAM_SELECT_MIN = 4096
/** Most exact values a serialized sketch may hold (what budgets give out stays far below). */
const EXACT_READ_LIMIT = 1 << 26

/** Exact-then-t-digest distribution of doubles; NaN is ignored. */
export class QuantileSketch {
  readonly exactLimit: number
  readonly compression: number
  /** Exact mode: the values (sorted or partitioned in place on demand); null once in digest mode. */
  private vals: Float64Array | null
  private vn = 0
  private sorted = true
  /** The index a selection last put in place (values before it ≤ it, after it ≥ it); −1: none. */
  private placed = -1
  /** The exact values' rank histogram (select-f64.ts), kept between the ranks of one answer; null: none. */
  private hist: Int32Array | null = null
  /** Where room past `exactLimit` comes from (null: nowhere; such a sketch turns into a digest there). */
  private readonly budget: ExactBudget | null
  /** Values of room taken from `budget` (the buffer's length past `exactLimit`). */
  private taken = 0
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
    this.budget = budget
    this.vals = new Float64Array(Math.min(16, exactLimit))
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
    if (this.vn === vals.length) {
      vals = this.grow(this.vn + 1)
      if (vals === null) {
        this.addToDigest(this.toDigest(), x)
        return
      }
    }
    vals[this.vn++] = x
    this.touch()
  }

  /**
   * Room for `need` exact values: a buffer at least twice as long (room past `exactLimit` taken from
   * the budget), or null when it cannot grow (then the caller turns the sketch into a digest).
   */
  private grow(need: number): Float64Array | null {
    const vals = this.vals as Float64Array
    let len = Math.max(16, 2 * vals.length, need)
    if (need <= this.exactLimit) len = Math.min(len, this.exactLimit)
    const more = Math.max(0, len - this.exactLimit) - this.taken
    if (more > 0) {
      if (this.budget === null || !this.budget.take(more)) return null
      this.taken += more
    }
    return this.resize(len)
  }

  /** Moves the exact values into a buffer of `len` (≥ their count). */
  private resize(len: number): Float64Array {
    const next = new Float64Array(len)
    next.set((this.vals as Float64Array).subarray(0, this.vn))
    this.vals = next
    return next
  }

  private addToDigest(d: TDigest, x: number): void {
    if (x === Number.NEGATIVE_INFINITY) this.negInf++
    else if (x === Number.POSITIVE_INFINITY) this.posInf++
    else d.add(x)
  }

  /**
   * Adds `values[i]` for i in [from, to) (or `values[rows[i]]`). The common cases (room in the exact
   * buffer, made once for the whole range; a finite value into the digest) are leaf loops, so no double
   * crosses a call V8 might not inline.
   */
  addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    if (to <= from) return
    let i = from
    if (this.vals !== null && this.vn + (to - from) > this.vals.length) this.grow(this.vn + (to - from))
    const vals = this.vals
    if (vals !== null) {
      const end = Math.min(to, from + (vals.length - this.vn))
      this.vn = appendPresent(vals, this.vn, values, rows, from, end)
      i = end
    }
    for (; i < to; i++) {
      const x = rows === null ? values[i] : values[rows[i]]
      if (this.vals === null && x - x === 0) (this.digest as TDigest).add(x)
      else this.add(x)
    }
    this.touch()
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
    this.budget?.give(this.taken)
    this.taken = 0
    return d
  }

  /**
   * Folds `other` (same limits) in. Two exact sketches stay exact: with a budget as far as it gives
   * room; without one (partials merged after a parallel scan) always, as the memory was bounded where
   * the partials were built.
   */
  merge(other: QuantileSketch): void {
    if (other.vals !== null) {
      const n = this.vn + other.vn
      let vals = this.vals
      if (vals !== null && n > vals.length)
        vals = this.budget === null && n > this.exactLimit ? this.resize(n) : this.grow(n)
      if (vals !== null) {
        vals.set(other.vals.subarray(0, other.vn), this.vn)
        this.vn = n
        this.touch()
        return
      }
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

  /** The exact values changed: no order, selection or histogram holds any more. */
  private touch(): void {
    this.sorted = false
    this.placed = -1
    this.hist = null
  }

  /**
   * Exact mode: the value a sort would put at index k (0-based), by selection in the part of the
   * buffer the last selection left holding k; a zero answer is the zero a sort puts there (−0 first).
   */
  private valueAt(k: number): number {
    const v = (this.vals as Float64Array).subarray(0, this.vn)
    if (this.sorted || k === this.placed) return v[k]
    if (v.length >= HISTOGRAM_SELECT_MIN) {
      this.hist ??= rankHistogram(v, v.length)
      return selectRank(v, v.length, this.hist, k)
    }
    const p = this.placed
    const x =
      p < 0 ? selectFloat64(v, k) : k < p ? selectFloat64(v, k, 0, p) : selectFloat64(v, k, p + 1, v.length)
    this.placed = k
    if (x !== 0) return x
    // Ranks below k hold the negatives and then the −0s: k is a −0 when it falls among those.
    let below = 0
    for (let i = 0; i < v.length; i++) if (v[i] < 0 || Object.is(v[i], -0)) below++
    return k < below ? -0 : 0
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
    // Nearest rank ⌈P/100 · N⌉ (1-based); the tiny slack keeps 95 % of 20 at rank 19 despite rounding.
    const n = this.vn
    const rank = Math.ceil((p * n) / 100 - 1e-9)
    return this.valueAt(Math.min(n, Math.max(1, rank)) - 1)
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
      if (n > EXACT_READ_LIMIT)
        throw new AggStateError(
          'AGG_CORRUPT_STATE',
          `quantile sketch holds ${n} > ${EXACT_READ_LIMIT} values`,
        )
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

/** Appends `values[i]` (or `values[rows[i]]`) for i in [from, to) but NaN to `vals` from `vn`; the new count. */
function appendPresent(
  vals: Float64Array,
  vn: number,
  values: Float64Array,
  rows: Uint32Array | null,
  from: number,
  to: number,
): number {
  let n = vn
  if (rows === null) {
    for (let i = from; i < to; i++) {
      const x = values[i]
      vals[n] = x
      n += x === x ? 1 : 0
    }
  } else {
    for (let i = from; i < to; i++) {
      const x = values[rows[i]]
      vals[n] = x
      n += x === x ? 1 : 0
    }
  }
  return n
}
