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
/** Rows appended by a direct call, not through leafCall (see appendRows). */
const SHORT_RUN = 64
/** From this many values a rank is found from a histogram, below it by partitioning the buffer. */
const HISTOGRAM_SELECT_MIN = 4096

/** What only a large sketch needs: its chunks, the budget it took, its rank caches (made on first need). */
class Large {
  /** Filled chunks, each completely full. */
  readonly full: Float64Array[] = []
  fullCount = 0
  /** Capacity taken from the budget. */
  taken = 0
  /** The rank histogram of the values, kept between the ranks of one answer; null: none. */
  hist: Int32Array | null = null
  /**
   * The values of histogram buckets [lo, hi], gathered by a rank's selection: the smaller side of
   * that rank's bucket, itself included, so the next ranks on that side (p95 then p99) gather from
   * it, not from every value. Null: none.
   */
  side: { readonly lo: number; readonly hi: number; readonly values: Float64Array } | null = null
}

/** `#order`: the values are in ascending order. */
const SORTED = -2
/** `#order`: nothing is known of the values' order. */
const UNORDERED = -1

/** Exact values of one sketch (see module header); NaN never enters. Six fields: one per group. */
export class ExactValues {
  /** Values held without taking from the budget. */
  readonly limit: number
  readonly #budget: ExactBudget | null
  /** The buffer being filled (after the chunks of `#large`, if any). */
  #head: Float64Array
  #hn = 0
  /** SORTED, UNORDERED, or the index the last in-place selection put in place (no greater value before it, no smaller after). */
  #order: number
  #large: Large | null = null

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
    this.#order = n < 2 ? SORTED : UNORDERED
  }

  /** Values held. */
  get count(): number {
    return (this.#large?.fullCount ?? 0) + this.#hn
  }

  /** The values, as filled views of the chunks and the buffer (in no particular order). */
  parts(): Float64Array[] {
    const full = this.#large?.full ?? []
    return this.#hn > 0 ? [...full, this.#head.subarray(0, this.#hn)] : full.slice()
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
      // A long run through leafCall (V8's mid tier would inline the loop here, called per batch and
      // group); a short one (a small group's few rows) directly: the call would cost more than it saves.
      this.#hn =
        end - i > SHORT_RUN
          ? leafCall(appendPresent, this.#head, this.#hn, values, rows, i, end)
          : appendPresent(this.#head, this.#hn, values, rows, i, end)
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
    const large = this.#large
    if (large === null) return
    this.#budget?.give(large.taken)
    large.taken = 0
  }

  /** Room for one more value in the buffer: it doubles up to a chunk, then a full one moves to the chunks. */
  #makeRoom(): boolean {
    const len = this.#head.length
    const fullCount = this.#large?.fullCount ?? 0
    if (len < CHUNK) {
      let next = Math.min(CHUNK, Math.max(16, 2 * len))
      // Fill up to the limit exactly before asking the budget.
      if (fullCount + len < this.limit) next = Math.min(next, this.limit - fullCount)
      if (!this.#reserve(fullCount + next)) return false
      const head = new Float64Array(next)
      head.set(this.#head.subarray(0, this.#hn))
      this.#head = head
      return true
    }
    if (!this.#reserve(fullCount + len + CHUNK)) return false
    const large = this.#largeState()
    large.full.push(this.#head)
    large.fullCount += len
    this.#head = new Float64Array(CHUNK)
    this.#hn = 0
    return true
  }

  #largeState(): Large {
    this.#large ??= new Large()
    return this.#large
  }

  /** Takes what a capacity of `cap` values needs from the budget past the limit. */
  #reserve(cap: number): boolean {
    const taken = this.#large?.taken ?? 0
    const more = Math.max(0, cap - this.limit) - taken
    if (more <= 0) return true
    if (this.#budget === null || !this.#budget.take(more)) return false
    this.#largeState().taken += more
    return true
  }

  #changed(): void {
    this.#order = UNORDERED
    const large = this.#large
    if (large !== null) {
      large.hist = null
      large.side = null
    }
  }

  /** The values in one buffer (chunks joined, once). */
  #joined(): Float64Array {
    const large = this.#large
    if (large !== null && large.full.length > 0) {
      const all = new Float64Array(this.count)
      let at = 0
      for (const part of this.parts()) {
        all.set(part, at)
        at += part.length
      }
      large.full.length = 0
      large.fullCount = 0
      this.#head = all
      this.#hn = all.length
    }
    return this.#head.subarray(0, this.#hn)
  }

  /** The values, sorted ascending (a view: do not keep it across adds). */
  sorted(): Float64Array {
    const v = this.#joined()
    if (this.#order !== SORTED) {
      sortFloat64(v)
      this.#order = SORTED
    }
    return v
  }

  /** The value an ascending sort puts at index k (0 ≤ k < count); a zero is the zero a sort puts there. */
  at(k: number): number {
    const large = this.#large
    if (this.#order === SORTED && (large === null || large.full.length === 0)) return this.#head[k]
    if (this.count >= HISTOGRAM_SELECT_MIN) return this.#selectByHistogram(k)
    const v = this.#joined()
    const p = this.#order
    if (k === p) return v[k]
    const x =
      p < 0 ? selectFloat64(v, k) : k < p ? selectFloat64(v, k, 0, p) : selectFloat64(v, k, p + 1, v.length)
    this.#order = k
    if (x !== 0) return x
    // Ranks below k hold the negatives and then the −0s: k is a −0 when it falls among those.
    let below = 0
    for (let i = 0; i < v.length; i++) if (v[i] < 0 || Object.is(v[i], -0)) below++
    return k < below ? -0 : 0
  }

  /** Rank k from the histogram: its bucket gathered from the side gathered before, or a new side. */
  #selectByHistogram(k: number): number {
    const parts = this.parts()
    const large = this.#largeState()
    large.hist ??= rankHistogram(parts)
    const hist = large.hist
    const b = bucketOfRank(hist, k)
    const below = countBelow(hist, b)
    let side = large.side
    if (side === null || b < side.lo || b > side.hi) {
      const upTo = below + hist[b]
      const fromB = this.count - below
      side =
        fromB <= upTo
          ? { lo: b, hi: RANK_BUCKETS - 1, values: gatherKeys(parts, b, RANK_BUCKETS - 1, fromB) }
          : { lo: 0, hi: b, values: gatherKeys(parts, 0, b, upTo) }
      large.side = side
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
