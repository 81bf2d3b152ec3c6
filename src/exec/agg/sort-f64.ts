// exec/agg/sort-f64.ts: an in-place ascending sort of doubles, as Float64Array.prototype.sort orders
// them (−Infinity … −0, +0 … +Infinity; callers keep NaN out), by LSD radix over the IEEE bits: six passes of 11
// bits, skipping a pass whose digit is the same for every value. About twice as fast as the built-in
// sort on the t-digest's buffers (thousands of values); short arrays use the built-in.

/** Below this length the built-in sort wins (radix pays for its 2,048-bucket histograms). */
const RADIX_MIN = 512
const BUCKETS = 2048
const M = BUCKETS - 1

let lo1 = new Int32Array(0)
let hi1 = new Int32Array(0)
let lo2 = new Int32Array(0)
let hi2 = new Int32Array(0)
// One histogram per 11-bit digit of the 64-bit key (hi:lo): lo[0..10], lo[11..21], lo[22..31]+hi[0],
// hi[1..11], hi[12..22], hi[23..31]. Each pass is a loop of its own kind (low, middle, high word):
// a digit function switching on the pass number per key cost V8 half the speed.
const h0 = new Int32Array(BUCKETS)
const h1 = new Int32Array(BUCKETS)
const h2 = new Int32Array(BUCKETS)
const h3 = new Int32Array(BUCKETS)
const h4 = new Int32Array(BUCKETS)
const h5 = new Int32Array(BUCKETS)

function ensure(n: number): void {
  if (lo1.length >= n) return
  lo1 = new Int32Array(n)
  hi1 = new Int32Array(n)
  lo2 = new Int32Array(n)
  hi2 = new Int32Array(n)
}

/** Turns counts into start offsets; true when one bucket holds all `n` keys (the pass is skipped). */
function prefix(h: Int32Array, n: number): boolean {
  let sum = 0
  let trivial = false
  for (let d = 0; d < BUCKETS; d++) {
    const c = h[d]
    if (c === n) trivial = true
    h[d] = sum
    sum += c
  }
  return trivial
}

/** One counting pass on the 11 bits of the low word at `shift` (keys moved from s* to d*). */
function scatterLow(
  h: Int32Array,
  shift: number,
  n: number,
  sl: Int32Array,
  sh: Int32Array,
  dl: Int32Array,
  dh: Int32Array,
): void {
  for (let i = 0; i < n; i++) {
    const lo = sl[i]
    const k = h[(lo >>> shift) & M]++
    dl[k] = lo
    dh[k] = sh[i]
  }
}

/** The pass on bits 22–32 (the low word's top 10 bits and the high word's lowest bit). */
function scatterMiddle(
  h: Int32Array,
  n: number,
  sl: Int32Array,
  sh: Int32Array,
  dl: Int32Array,
  dh: Int32Array,
): void {
  for (let i = 0; i < n; i++) {
    const lo = sl[i]
    const hi = sh[i]
    const k = h[((lo >>> 22) | (hi << 10)) & M]++
    dl[k] = lo
    dh[k] = hi
  }
}

/** One counting pass on the (up to) 11 bits of the high word at `shift`. */
function scatterHigh(
  h: Int32Array,
  shift: number,
  n: number,
  sl: Int32Array,
  sh: Int32Array,
  dl: Int32Array,
  dh: Int32Array,
): void {
  for (let i = 0; i < n; i++) {
    const hi = sh[i]
    const k = h[(hi >>> shift) & M]++
    dl[k] = sl[i]
    dh[k] = hi
  }
}

/** Sorts `a` ascending in place (no NaN). */
export function sortFloat64(a: Float64Array): void {
  const n = a.length
  if (n < RADIX_MIN) {
    a.sort()
    return
  }
  ensure(n)
  const w = new Int32Array(a.buffer, a.byteOffset, 2 * n)
  for (const h of [h0, h1, h2, h3, h4, h5]) h.fill(0)
  let sl = lo1
  let sh = hi1
  let dl = lo2
  let dh = hi2
  for (let i = 0; i < n; i++) {
    let lo = w[2 * i]
    let hi = w[2 * i + 1]
    // Order-preserving key: negative doubles flip every bit, others flip the sign bit.
    if (hi < 0) {
      hi = ~hi
      lo = ~lo
    } else hi ^= 0x80000000
    sl[i] = lo
    sh[i] = hi
    h0[lo & M]++
    h1[(lo >>> 11) & M]++
    h2[((lo >>> 22) | (hi << 10)) & M]++
    h3[(hi >>> 1) & M]++
    h4[(hi >>> 12) & M]++
    h5[hi >>> 23]++
  }
  // Passes 0–1 read the low word, 2 straddles both, 3–5 read the high word; a skipped pass leaves
  // the keys where they are.
  const passes: [Int32Array, number][] = [
    [h0, 0],
    [h1, 11],
    [h2, -1],
    [h3, 1],
    [h4, 12],
    [h5, 23],
  ]
  for (let p = 0; p < passes.length; p++) {
    const [h, shift] = passes[p]
    if (prefix(h, n)) continue
    if (p < 2) scatterLow(h, shift, n, sl, sh, dl, dh)
    else if (p === 2) scatterMiddle(h, n, sl, sh, dl, dh)
    else scatterHigh(h, shift, n, sl, sh, dl, dh)
    const tl = sl
    sl = dl
    dl = tl
    const th = sh
    sh = dh
    dh = th
  }
  for (let i = 0; i < n; i++) {
    let lo = sl[i]
    let hi = sh[i]
    if (hi < 0) hi ^= 0x80000000
    else {
      hi = ~hi
      lo = ~lo
    }
    w[2 * i] = lo
    w[2 * i + 1] = hi
  }
}
