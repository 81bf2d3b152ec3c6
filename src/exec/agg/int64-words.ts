// exec/agg/int64-words.ts: int64 values as two int32 words (hi signed, lo as stored bits), the form the
// block's Int32 pair views hand out. Converts to number/bigint without allocating for safe integers.

/** 2^32. */
export const TWO_32 = 4294967296
const TWO_63 = 2 ** 63
const SAFE_HI = 2097152 // 2^21: |hi| below this keeps hi * 2^32 + lo within ±(2^53 - 1)

/** True when the int64 (hi, lo) is a safe integer (|v| ≤ 2^53 − 1). */
export function isSafeWords(hi: number, lo: number): boolean {
  return (hi > -SAFE_HI && hi < SAFE_HI) || (hi === -SAFE_HI && lo !== 0)
}

/** The int64 (hi, lo) as a double (exact when safe, rounded otherwise). */
export function wordsToNumber(hi: number, lo: number): number {
  return hi * TWO_32 + (lo >>> 0)
}

/** The int64 (hi, lo) as a number when safe, else a bigint. */
export function wordsToValue(hi: number, lo: number): number | bigint {
  if (isSafeWords(hi, lo)) return hi * TWO_32 + (lo >>> 0)
  return (BigInt(hi) << 32n) | BigInt(lo >>> 0)
}

/** Scratch output of `bigintToWords` / `integerToWords`: [hi, lo]. Read right after the call. */
export const wordsOut = new Int32Array(2)

/** Writes the int64 words of `v` (wrapped to 64 bits) into `wordsOut`. */
export function bigintToWords(v: bigint): void {
  const w = BigInt.asIntN(64, v)
  wordsOut[0] = Number(w >> 32n)
  wordsOut[1] = Number(BigInt.asUintN(32, w))
}

/** True when `x` is an integer that an int64 holds exactly (so it hashes/compares as an int64). */
export function isInt64Number(x: number): boolean {
  return Number.isInteger(x) && x >= -TWO_63 && x < TWO_63
}

/** Writes the words of an integral double within int64 range into `wordsOut` (exact). */
export function integerToWords(x: number): void {
  const hi = Math.floor(x / TWO_32)
  wordsOut[0] = hi
  wordsOut[1] = (x - hi * TWO_32) | 0
}

/** Compares two int64s given as words: negative, 0 or positive. */
export function compareWords(ahi: number, alo: number, bhi: number, blo: number): number {
  if (ahi !== bhi) return ahi < bhi ? -1 : 1
  const a = alo >>> 0
  const b = blo >>> 0
  return a === b ? 0 : a < b ? -1 : 1
}
