// exec/agg/select-f64.ts: the k-th smallest of doubles, in place (introselect): Hoare partitions
// around a median of three narrow the range holding k; when they stop shrinking (an adversarial
// order) the rest is sorted. Linear time where a sort is O(n log n): exact percentiles select their
// ranks instead of sorting every value. Callers keep NaN out; −0 and +0 compare equal here (the
// caller decides which zero a sort would put at k).

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

/** The 16-bit order key of a double's high word (unsigned key order = double order; −0 before +0). */
function orderKey(hi: number): number {
  return (hi < 0 ? ~hi : hi ^ 0x80000000) >>> KEY_SHIFT
}

/**
 * Counts of `a[0, n)` per 16-bit order key: one branch-free pass, after which any rank is found by
 * gathering one bucket (`selectRank`) instead of partitioning every value.
 */
export function rankHistogram(a: Float64Array, n: number): Int32Array {
  const words = new Int32Array(a.buffer, a.byteOffset, 2 * n)
  const hist = new Int32Array(BUCKETS)
  for (let i = 0; i < n; i++) hist[orderKey(words[2 * i + 1])]++
  return hist
}

/**
 * The value an ascending sort of `a[0, n)` puts at index k, from the histogram of `a[0, n)`: the
 * bucket holding rank k is gathered and selected in (`a` is left as it is; −0 and +0 keep their order).
 */
export function selectRank(a: Float64Array, n: number, hist: Int32Array, k: number): number {
  let b = 0
  let below = 0
  while (below + hist[b] <= k) below += hist[b++]
  const bucket = new Float64Array(hist[b])
  const words = new Int32Array(a.buffer, a.byteOffset, 2 * n)
  let j = 0
  for (let i = 0; i < n; i++) if (orderKey(words[2 * i + 1]) === b) bucket[j++] = a[i]
  return selectFloat64(bucket, k - below)
}
