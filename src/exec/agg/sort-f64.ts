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
// hi[1..11], hi[12..22], hi[23..31]. The passes are written out one by one on purpose: a digit
// function switching on the pass number cost V8 half the speed.
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
  let t: Int32Array<ArrayBuffer>
  if (!prefix(h0, n)) {
    for (let i = 0; i < n; i++) {
      const lo = sl[i]
      const k = h0[lo & M]++
      dl[k] = lo
      dh[k] = sh[i]
    }
    t = sl
    sl = dl
    dl = t
    t = sh
    sh = dh
    dh = t
  }
  if (!prefix(h1, n)) {
    for (let i = 0; i < n; i++) {
      const lo = sl[i]
      const k = h1[(lo >>> 11) & M]++
      dl[k] = lo
      dh[k] = sh[i]
    }
    t = sl
    sl = dl
    dl = t
    t = sh
    sh = dh
    dh = t
  }
  if (!prefix(h2, n)) {
    for (let i = 0; i < n; i++) {
      const lo = sl[i]
      const hi = sh[i]
      const k = h2[((lo >>> 22) | (hi << 10)) & M]++
      dl[k] = lo
      dh[k] = hi
    }
    t = sl
    sl = dl
    dl = t
    t = sh
    sh = dh
    dh = t
  }
  if (!prefix(h3, n)) {
    for (let i = 0; i < n; i++) {
      const hi = sh[i]
      const k = h3[(hi >>> 1) & M]++
      dl[k] = sl[i]
      dh[k] = hi
    }
    t = sl
    sl = dl
    dl = t
    t = sh
    sh = dh
    dh = t
  }
  if (!prefix(h4, n)) {
    for (let i = 0; i < n; i++) {
      const hi = sh[i]
      const k = h4[(hi >>> 12) & M]++
      dl[k] = sl[i]
      dh[k] = hi
    }
    t = sl
    sl = dl
    dl = t
    t = sh
    sh = dh
    dh = t
  }
  if (!prefix(h5, n)) {
    for (let i = 0; i < n; i++) {
      const hi = sh[i]
      const k = h5[hi >>> 23]++
      dl[k] = sl[i]
      dh[k] = hi
    }
    t = sl
    sl = dl
    dl = t
    t = sh
    sh = dh
    dh = t
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
