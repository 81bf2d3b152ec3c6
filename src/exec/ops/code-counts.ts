// ops/code-counts.ts: the counting loops of count-by-key.ts over one stretch of rows: per dictionary
// code (first-seen entries and their counts; rows with a negative code set aside), and per distinct
// number of a split key's number part; with the scratch they reuse from batch to batch.
import { leafCall } from '../leaf-call.ts'
import { consecutiveRows } from '../time-order.ts'
import type { NumVec } from '../vector.ts'

/** countCodes, or over consecutive rows (a whole block, a window cut) countCodeRange: no row list read. */
export function countRows(
  codes: Int32Array,
  rows: Uint32Array,
  from: number,
  to: number,
  counts: Int32Array,
  seen: Int32Array,
  others: RowList,
): number {
  if (to > from && consecutiveRows(rows))
    return leafCall(countCodeRange, codes, rows[0] + from, rows[0] + to, counts, seen, others)
  return leafCall(countCodes, codes, rows, from, to, counts, seen, others)
}

// Leaf loops: a hot loop alone in its function stays optimized from one batch to the next.

/**
 * Counts the codes of `rows[from .. to)` per entry into `counts` (zero on entry); writes (entry,
 * first row) pairs of newly seen entries into `seen`, in first-seen order, and the rows with a
 * negative code (null, or held by another part) into `others` from `others.n` on; returns the used
 * length of `seen`.
 */
function countCodes(
  codes: Int32Array,
  rows: Uint32Array,
  from: number,
  to: number,
  counts: Int32Array,
  seen: Int32Array,
  others: RowList,
): number {
  let s = 0
  const rest = others.rows
  for (let j = from; j < to; j++) {
    const c = codes[rows[j]]
    // `others.n` moves inside the (rare) branch: after the loop only `return` may follow.
    if (c < 0) rest[others.n++] = rows[j]
    else if (counts[c]++ === 0) {
      seen[s] = c
      seen[s + 1] = rows[j]
      s += 2
    }
  }
  return s
}

/** Zeroes the counts of the entries in `seen[0, used)`. */
export function clearSeen(counts: Int32Array, seen: Int32Array, used: number): void {
  for (let k = 0; k < used; k += 2) counts[seen[k]] = 0
}

/** A growing list of row indices (room for every row of the batch). */
export interface RowList {
  rows: Uint32Array
  n: number
}

/** Most distinct numbers counted apart per stretch of rows; rows with more take the general path. */
const MAX_NUMBERS = 32

/**
 * Scratch of the counting loops of one aggregation, reused from batch to batch (they run to
 * completion, never interleaved): per-entry counts (all zero between uses: a user clears the entries
 * it counted, also when it throws), the seen (entry, row) pairs, the other rows, and the distinct
 * numbers of one stretch (`countNumbers`). Grown on demand, never shrunk.
 */
export class CountScratch {
  #counts = new Int32Array(256)
  #seen = new Int32Array(512)
  readonly #others: RowList = { rows: new Uint32Array(0), n: 0 }
  /** Distinct numbers of one stretch of rows: value, row count, first row (see `countNumbers`). */
  readonly numbers = {
    values: new Float64Array(MAX_NUMBERS),
    counts: new Int32Array(MAX_NUMBERS),
    rows: new Uint32Array(MAX_NUMBERS),
  }

  /** The buffers for `entries` dictionary entries and `rows` rows (others emptied). */
  buffers(entries: number, rows: number): { counts: Int32Array; seen: Int32Array; others: RowList } {
    if (this.#counts.length < entries)
      this.#counts = new Int32Array(Math.max(entries, 2 * this.#counts.length))
    const pairs = 2 * Math.min(entries, rows)
    if (this.#seen.length < pairs) this.#seen = new Int32Array(Math.max(pairs, 2 * this.#seen.length))
    const others = this.#others
    if (others.rows.length < rows) others.rows = new Uint32Array(Math.max(rows, 2 * others.rows.length))
    others.n = 0
    return { counts: this.#counts, seen: this.#seen, others }
  }
}

/** countCodes over the rows `lo … hi − 1` themselves (consecutive rows, read in place). */
function countCodeRange(
  codes: Int32Array,
  lo: number,
  hi: number,
  counts: Int32Array,
  seen: Int32Array,
  others: RowList,
): number {
  let s = 0
  const rest = others.rows
  for (let i = lo; i < hi; i++) {
    const c = codes[i]
    if (c < 0) rest[others.n++] = i
    else if (counts[c]++ === 0) {
      seen[s] = c
      seen[s + 1] = i
      s += 2
    }
  }
  return s
}

/**
 * Counts the rows `others.rows[from .. others.n)` that `num` holds per distinct value into `numbers`
 * (first seen first; -0 is 0); returns how many values. The other rows (null there, NaN, or past
 * MAX_NUMBERS values) stay in `others`, moved down from `from` on.
 */
export function countNumbers(
  num: NumVec,
  others: RowList,
  from: number,
  numbers: CountScratch['numbers'],
): number {
  const to = others.n
  others.n = from
  return leafCall(
    countValues,
    num.values,
    num.valid,
    others,
    from,
    to,
    numbers.values,
    numbers.counts,
    numbers.rows,
  )
}

/** countNumbers' loop (a leaf). */
function countValues(
  values: Float64Array,
  valid: Uint8Array | null,
  others: RowList,
  from: number,
  to: number,
  seen: Float64Array,
  counts: Int32Array,
  firsts: Uint32Array,
): number {
  const rest = others.rows
  let distinct = 0
  for (let j = from; j < to; j++) {
    const i = rest[j]
    const x = values[i]
    // Null in this part, or NaN (equal to nothing in the linear search): the general path.
    if ((valid !== null && valid[i] !== 1) || Number.isNaN(x)) {
      rest[others.n++] = i
      continue
    }
    let k = 0
    while (k < distinct && seen[k] !== x) k++
    if (k < distinct) counts[k]++
    else if (distinct < seen.length) {
      seen[distinct] = x
      counts[distinct] = 1
      firsts[distinct++] = i
    } else rest[others.n++] = i
  }
  return distinct
}
