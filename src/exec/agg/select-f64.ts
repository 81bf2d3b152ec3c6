// exec/agg/select-f64.ts: the k-th smallest of doubles, in place (introselect): Hoare partitions
// around a median of three narrow the range holding k; when they stop shrinking (an adversarial
// order) the rest is sorted. Linear time where a sort is O(n log n): exact percentiles select their
// ranks instead of sorting every value. Callers keep NaN out; −0 and +0 compare equal here (the
// caller decides which zero a sort would put at k).

import { leafCall } from '../leaf-call.ts'

/** Ranges this short are finished by insertion sort. */
const SMALL = 16

/**
 * Rearranges `a[lo, hi)` so that `a[k]` holds the value an ascending sort would put there, with no
 * greater value before it and no smaller one after it; returns `a[k]`. Requires lo ≤ k < hi.
 */
export function selectFloat64(a: Float64Array, k: number, lo = 0, hi = a.length): number {
  let l = lo
  let r = hi - 1
  // About two halvings' worth of partitions per bit of the length, then a sort of what is left.
  let rounds = 2 * (32 - Math.clz32(hi - lo)) + 4
  while (r - l > SMALL) {
    if (rounds-- === 0) {
      a.subarray(l, r + 1).sort()
      return a[k]
    }
    const pivot = medianOfThree(a, l, (l + r) >>> 1, r)
    let i = l
    let j = r
    while (i <= j) {
      while (a[i] < pivot) i++
      while (a[j] > pivot) j--
      if (i <= j) {
        const t = a[i]
        a[i] = a[j]
        a[j] = t
        i++
        j--
      }
    }
    // a[l … j] ≤ pivot, a[i … r] ≥ pivot, and anything between equals the pivot.
    if (k <= j) r = j
    else if (k >= i) l = i
    else return a[k]
  }
  insertionSort(a, l, r)
  return a[k]
}

/** Orders a[l], a[m], a[r] and returns the middle one (which bounds both scans of the partition). */
function medianOfThree(a: Float64Array, l: number, m: number, r: number): number {
  if (a[m] < a[l]) swap(a, m, l)
  if (a[r] < a[l]) swap(a, r, l)
  if (a[r] < a[m]) swap(a, r, m)
  return a[m]
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]
  a[i] = a[j]
  a[j] = t
}

function insertionSort(a: Float64Array, l: number, r: number): void {
  for (let i = l + 1; i <= r; i++) {
    const x = a[i]
    let j = i - 1
    while (j >= l && a[j] > x) {
      a[j + 1] = a[j]
      j--
    }
    a[j + 1] = x
  }
}

/** Order-key bits a rank histogram counts: sign, 11 exponent and 4 mantissa bits (16 buckets a binade). */
const KEY_SHIFT = 16
/** Buckets of a rank histogram. */
const BUCKETS = 1 << (32 - KEY_SHIFT)

/**
 * The 16-bit order key of a double's high word (unsigned key order = double order; −0 before +0):
 * negatives flip every bit, others the sign bit, without a branch (3.1 → 1.7 ns a value measured).
 */
function orderKey(hi: number): number {
  return (hi ^ ((hi >> 31) | 0x80000000)) >>> KEY_SHIFT
}

/** Buckets summed per block at the end of a rank histogram (so a rank's bucket is found in ≤ 512 steps). */
const BLOCK_SHIFT = 8
const BLOCKS = BUCKETS >>> BLOCK_SHIFT

/**
 * Counts of the values of `parts` per 16-bit order key (BUCKETS entries), then the sums of each block
 * of 256 buckets (BLOCKS entries): one branch-free pass, after which any rank is found by gathering
 * one bucket (`bucketOfRank`, `selectInBucket`) instead of partitioning every value.
 */
export function rankHistogram(parts: readonly Float64Array[]): Int32Array {
  const hist = new Int32Array(BUCKETS + BLOCKS)
  // Through leafCall: V8's mid tier would inline the loop here, where it runs 2–4× slower.
  for (const a of parts) leafCall(countKeys, new Int32Array(a.buffer, a.byteOffset, 2 * a.length), hist)
  for (let b = 0; b < BUCKETS; b++) hist[BUCKETS + (b >>> BLOCK_SHIFT)] += hist[b]
  return hist
}

function countKeys(words: Int32Array, hist: Int32Array): void {
  for (let i = 1; i < words.length; i += 2) hist[orderKey(words[i])]++
}

/** Buckets of a rank histogram (order keys 0 … BUCKETS − 1). */
export const RANK_BUCKETS = BUCKETS

/** The bucket holding rank k (0-based) by the histogram: whole blocks skipped, then buckets. */
export function bucketOfRank(hist: Int32Array, k: number): number {
  let block = 0
  let below = 0
  while (below + hist[BUCKETS + block] <= k) below += hist[BUCKETS + block++]
  let b = block << BLOCK_SHIFT
  while (below + hist[b] <= k) below += hist[b++]
  return b
}

/** Values in the buckets before `bucket`. */
export function countBelow(hist: Int32Array, bucket: number): number {
  let below = 0
  const block = bucket >>> BLOCK_SHIFT
  for (let i = 0; i < block; i++) below += hist[BUCKETS + i]
  for (let b = block << BLOCK_SHIFT; b < bucket; b++) below += hist[b]
  return below
}

/** The `count` values of `parts` whose order keys lie in [lo, hi], in a new buffer. */
export function gatherKeys(
  parts: readonly Float64Array[],
  lo: number,
  hi: number,
  count: number,
): Float64Array {
  const out = new Float64Array(count)
  let j = 0
  // Through leafCall: V8's mid tier would inline the loop here, where it runs 2–4× slower.
  for (const a of parts)
    j = leafCall(gatherRange, a, new Int32Array(a.buffer, a.byteOffset, 2 * a.length), lo, hi - lo, out, j)
  return out
}

/**
 * The value an ascending sort puts at index k of the `count` values of `parts` in bucket `bucket`:
 * they are gathered and selected in (`parts` are left as they are; −0 and +0 keep their order, being
 * in different buckets).
 */
export function selectInBucket(
  parts: readonly Float64Array[],
  bucket: number,
  count: number,
  k: number,
): number {
  return selectFloat64(gatherKeys(parts, bucket, bucket, count), k)
}

/** Appends to `out` from `j` the values of `a` (high words in `words`) whose key is in [lo, lo + span]; the new count. */
function gatherRange(
  a: Float64Array,
  words: Int32Array,
  lo: number,
  span: number,
  out: Float64Array,
  j: number,
): number {
  let n = j
  for (let i = 1; i < words.length; i += 2) {
    if ((orderKey(words[i]) - lo) >>> 0 <= span) out[n++] = a[i >>> 1]
  }
  return n
}
