// exec/agg/limb-sum.ts: a fast exact accumulator of finite doubles for the batch paths of avg: each
// double is split by integer bit operations into three 32-bit pieces added to fixed-point limbs of
// 2^(32k) × 2^-1074 (a "superaccumulator"), with no rounding and no data-dependent loop. The limbs are
// drained into an ExactSum (each limb value times its scale is an exact double) before the sum is
// read, merged or written, and every LIMB_FLUSH_ADDS values, so no limb ever exceeds 2^53. Past
// ±1.8e308 the result is ±Infinity as with ExactSum alone, though where a running sum overflows can
// differ (the limbs themselves never overflow; a drain can).

import type { ExactSum } from './exact-sum.ts'

/** Limbs: bit positions 0 … 2097 of |x| / 2^-1074 (2046 exponents + 53 mantissa bits) in 32-bit steps. */
const LIMBS = 66
/** Adds between drains: each add puts < 2^34 into a limb, so 2^18 adds stay below 2^52. */
const LIMB_FLUSH_ADDS = 2 ** 18

const f64 = new Float64Array(1)
const u32 = new Uint32Array(f64.buffer)

/** Scale of limb k: 2^(32k − 1074), an exact power of two (2^-1074 … 2^1006). */
const SCALE = Float64Array.from({ length: LIMBS }, (_, k) => 2 ** (32 * k - 1074))

/** Exact running sum of finite doubles in fixed-point limbs (see the module header). */
export class LimbSum {
  /** Made on the first add: a sum only merged or read (one per group of a wire partial) never needs them. */
  private limbs: Float64Array | null = null
  private adds = 0
  /** Lowest and highest limb touched since the last drain (drain cost follows the data's range). */
  private lo = LIMBS
  private hi = -1

  /** Adds finite `x` exactly (the caller routes NaN and ±Infinity elsewhere). */
  add(x: number, into: ExactSum): void {
    f64[0] = x
    const lo = u32[0]
    const hiWord = u32[1]
    let exp = (hiWord >>> 20) & 0x7ff
    let mantHi = hiWord & 0xfffff
    if (exp === 0) exp = 1
    else mantHi |= 0x100000
    // |x| = (mantHi·2^32 + lo) · 2^(p − 1074), p = exp − 1.
    const p = exp - 1
    const k = p >>> 5
    const off = p & 31
    // (mantHi·2^32 + lo)·2^off split at 32-bit boundaries: lo's low and high bits, mantHi's likewise.
    const loLow = (lo << off) >>> 0
    const loHigh = off === 0 ? 0 : lo >>> (32 - off)
    const mhLow = (mantHi << off) >>> 0
    const mhHigh = off === 0 ? 0 : mantHi >>> (32 - off)
    let limbs = this.limbs
    if (limbs === null) limbs = this.limbs = new Float64Array(LIMBS)
    if (hiWord >>> 31 === 0) {
      limbs[k] += loLow
      limbs[k + 1] += loHigh + mhLow
      limbs[k + 2] += mhHigh
    } else {
      limbs[k] -= loLow
      limbs[k + 1] -= loHigh + mhLow
      limbs[k + 2] -= mhHigh
    }
    if (k < this.lo) this.lo = k
    if (k + 2 > this.hi) this.hi = k + 2
    if (++this.adds === LIMB_FLUSH_ADDS) this.drain(into)
  }

  /** Moves the limbs into `into` (exactly) and clears them. */
  drain(into: ExactSum): void {
    const limbs = this.limbs
    if (limbs === null) return
    for (let k = this.lo; k <= this.hi; k++) {
      const v = limbs[k]
      if (v !== 0) {
        into.add(v * SCALE[k])
        limbs[k] = 0
      }
    }
    this.adds = 0
    this.lo = LIMBS
    this.hi = -1
  }
}
