// exec/agg/exact-values.ts: the values a quantile sketch keeps while exact: a buffer that doubles up
// to one chunk, then chunks of CHUNK values (no copy as a large group grows, and no buffer larger than
// a chunk allocated at once); capacity past the sketch's own limit is taken from the aggregation's
// ExactBudget (exact-budget.ts) and given back by `release`. Ranks are found by selection
// (select-f64.ts): partitioning in place while small, else a rank histogram and one gathered bucket.

import { leafCall } from '../leaf-call.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import type { ExactBudget } from './exact-budget.ts'
import {
  bucketOfRank,
  countBelow,
  gatherKeys,
  RANK_BUCKETS,
  rankHistogram,
  selectFloat64,
  selectInBucket,
} from './select-f64.ts'
import { sortFloat64 } from './sort-f64.ts'

/** Values per chunk once a buffer stops doubling (512 KiB). */
const CHUNK = 1 << 16
/** From this many values a rank is found from a histogram, below it by partitioning the buffer. */
const HISTOGRAM_SELECT_MIN = 4096

/** Exact values of one sketch (see module header); NaN never enters. */
export class ExactValues {
  /** Values held without taking from the budget. */
  readonly limit: number
  readonly #budget: ExactBudget | null
  /** Filled chunks (each completely full), then the buffer being filled. */
  readonly #full: Float64Array[] = []
  #fullCount = 0
  #head: Float64Array
  #hn = 0
  /** Capacity taken from the budget. */
  #taken = 0
  /** True when the values (one buffer) are in ascending order. */
  #sorted = true
  /** The index the last in-place selection put in place (values before it ≤ it, after it ≥ it); −1: none. */
  #placed = -1
  /** The rank histogram of the values, kept between the ranks of one answer; null: none. */
  #hist: Int32Array | null = null
  /**
   * The values of histogram buckets [lo, hi], gathered by a rank's selection: the smaller side of
   * that rank's bucket, itself included, so the next ranks on that side (p95 then p99) gather from
   * it, not from every value. Null: none.
   */
  #side: { readonly lo: number; readonly hi: number; readonly values: Float64Array } | null = null

  constructor(
    limit: number,
    budget: ExactBudget | null,
    head = new Float64Array(Math.min(16, limit)),
    n = 0,
  ) {
    this.limit = limit
    this.#budget = budget
    this.#head = head
    this.#hn = n
    this.#sorted = n < 2
  }

  /** Values held. */
  get count(): number {
    return this.#fullCount + this.#hn
  }

  /** The values, as filled views of the chunks and the buffer (in no particular order). */
  parts(): Float64Array[] {
    return this.#hn > 0 ? [...this.#full, this.#head.subarray(0, this.#hn)] : this.#full.slice()
  }

  /** Adds one value (not NaN); false, adding nothing, when no room can be made. */
  push(x: number): boolean {
    if (this.#hn === this.#head.length && !this.#makeRoom()) return false
    this.#head[this.#hn++] = x
    this.#changed()
    return true
  }

  /**
   * Appends `values[i]` (or `values[rows[i]]`) for i in [from, to), NaN left out, while room can be
   * made; returns the index it stopped at (`to` when every value went in).
   */
  appendRows(values: Float64Array, rows: Uint32Array | null, from: number, to: number): number {
    let i = from
    while (i < to) {
      if (this.#hn === this.#head.length && !this.#makeRoom()) break
      const end = Math.min(to, i + (this.#head.length - this.#hn))
      // Through leafCall: V8's mid tier would inline the loop here (called per batch and group).
      this.#hn = leafCall(appendPresent, this.#head, this.#hn, values, rows, i, end)
      i = end
    }
    this.#changed()
    return i
  }

  /** Appends `src` while room can be made; returns how many went in. */
  appendArray(src: Float64Array): number {
    let i = 0
    while (i < src.length) {
      if (this.#hn === this.#head.length && !this.#makeRoom()) break
      const n = Math.min(src.length - i, this.#head.length - this.#hn)
      this.#head.set(src.subarray(i, i + n), this.#hn)
      this.#hn += n
      i += n
    }
    this.#changed()
    return i
  }

  /** Gives the budget back (the sketch leaves exact mode; these values are dropped). */
  release(): void {
    this.#budget?.give(this.#taken)
    this.#taken = 0
  }

  /** Room for one more value in the buffer: it doubles up to a chunk, then a full one moves to the chunks. */
  #makeRoom(): boolean {
    const len = this.#head.length
    if (len < CHUNK) {
      let next = Math.min(CHUNK, Math.max(16, 2 * len))
      // Fill up to the limit exactly before asking the budget.
      if (this.#fullCount + len < this.limit) next = Math.min(next, this.limit - this.#fullCount)
      if (!this.#reserve(this.#fullCount + next)) return false
      const head = new Float64Array(next)
      head.set(this.#head.subarray(0, this.#hn))
      this.#head = head
      return true
    }
    if (!this.#reserve(this.#fullCount + len + CHUNK)) return false
    this.#full.push(this.#head)
    this.#fullCount += len
    this.#head = new Float64Array(CHUNK)
    this.#hn = 0
    return true
  }

  /** Takes what a capacity of `cap` values needs from the budget past the limit. */
  #reserve(cap: number): boolean {
    const more = Math.max(0, cap - this.limit) - this.#taken
    if (more <= 0) return true
    if (this.#budget === null || !this.#budget.take(more)) return false
    this.#taken += more
    return true
  }

  #changed(): void {
    this.#sorted = false
    this.#placed = -1
    this.#hist = null
    this.#side = null
  }

  /** The values in one buffer (chunks joined, once). */
  #joined(): Float64Array {
    if (this.#full.length > 0) {
      const all = new Float64Array(this.count)
      let at = 0
      for (const part of this.parts()) {
        all.set(part, at)
        at += part.length
      }
      this.#full.length = 0
      this.#fullCount = 0
      this.#head = all
      this.#hn = all.length
    }
    return this.#head.subarray(0, this.#hn)
  }

  /** The values, sorted ascending (a view: do not keep it across adds). */
  sorted(): Float64Array {
    const v = this.#joined()
    if (!this.#sorted) {
      sortFloat64(v)
      this.#sorted = true
      this.#placed = -1
    }
    return v
  }

  /** The value an ascending sort puts at index k (0 ≤ k < count); a zero is the zero a sort puts there. */
  at(k: number): number {
    if (this.#sorted && this.#full.length === 0) return this.#head[k]
    if (this.count >= HISTOGRAM_SELECT_MIN) return this.#selectByHistogram(k)
    const v = this.#joined()
    if (k === this.#placed) return v[k]
    const p = this.#placed
    const x =
      p < 0 ? selectFloat64(v, k) : k < p ? selectFloat64(v, k, 0, p) : selectFloat64(v, k, p + 1, v.length)
    this.#placed = k
    if (x !== 0) return x
    // Ranks below k hold the negatives and then the −0s: k is a −0 when it falls among those.
    let below = 0
    for (let i = 0; i < v.length; i++) if (v[i] < 0 || Object.is(v[i], -0)) below++
    return k < below ? -0 : 0
  }

  /** Rank k from the histogram: its bucket gathered from the side gathered before, or a new side. */
  #selectByHistogram(k: number): number {
    const parts = this.parts()
    this.#hist ??= rankHistogram(parts)
    const hist = this.#hist
    const b = bucketOfRank(hist, k)
    const below = countBelow(hist, b)
    let side = this.#side
    if (side === null || b < side.lo || b > side.hi) {
      const upTo = below + hist[b]
      const fromB = this.count - below
      side =
        fromB <= upTo
          ? { lo: b, hi: RANK_BUCKETS - 1, values: gatherKeys(parts, b, RANK_BUCKETS - 1, fromB) }
          : { lo: 0, hi: b, values: gatherKeys(parts, 0, b, upTo) }
      this.#side = side
    }
    return selectInBucket([side.values], b, hist[b], k - below)
  }

  /** Writes the count and the values. */
  write(w: ByteWriter): void {
    w.u32(this.count)
    for (const part of this.parts()) w.f64s(part, part.length)
  }

  /** Reads what `write` wrote (at most `maxCount` values), into one buffer, without a budget. */
  static read(r: ByteReader, limit: number, maxCount: number): ExactValues | number {
    const n = r.count(8)
    if (n > maxCount) return n
    return new ExactValues(limit, null, r.f64s(n, Math.max(16, n)), n)
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
      n += Number.isNaN(x) ? 0 : 1
    }
  } else {
    for (let i = from; i < to; i++) {
      const x = values[rows[i]]
      vals[n] = x
      n += Number.isNaN(x) ? 0 : 1
    }
  }
  return n
}
