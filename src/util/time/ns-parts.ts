// util/time/ns-parts.ts: an epoch-ns instant as two numbers, floor milliseconds and the ns within
// that millisecond, so per-event paths (ingest) never allocate a BigInt; plus the exact conversions
// to bigint and to the (lo, hi) Int32 words of an int64 cell. Pure arithmetic, no allocation.

import { MAX_INT64_NS, MIN_INT64_NS } from './civil.ts'

/** An instant as `ms * 1e6 + sub` epoch ns: `ms` an integer, `sub` in [0, 999,999]. Reused, never kept. */
export interface NsParts {
  /** Epoch milliseconds, rounded down (an integer; |ms| < 2^53). */
  ms: number
  /** Nanoseconds within that millisecond, 0–999,999. */
  sub: number
}

/** Smallest int64 ns instant as parts: -9223372036855 ms + 224192 ns. */
const MIN_MS = -9_223_372_036_855
const MIN_SUB = 224_192
/** Largest int64 ns instant as parts: 9223372036854 ms + 775807 ns. */
const MAX_MS = 9_223_372_036_854
const MAX_SUB = 775_807

const TWO_21 = 2_097_152
const TWO_32 = 4_294_967_296

/** Whether `ms * 1e6 + sub` ns fits in a signed 64-bit integer (years 1677–2262). */
export function partsInInt64(ms: number, sub: number): boolean {
  if (ms > MIN_MS && ms < MAX_MS) return true
  return ms === MIN_MS ? sub >= MIN_SUB : ms === MAX_MS && sub <= MAX_SUB
}

/** The instant `ms * 1e6 + sub` as a bigint (no range check). */
export function partsToBigint(ms: number, sub: number): bigint {
  const base = BigInt(ms) * 1_000_000n
  return sub === 0 ? base : base + BigInt(sub)
}

/** Splits an epoch-ns bigint within the int64 range into `out`. */
export function bigintToParts(ns: bigint, out: NsParts): void {
  let ms = ns / 1_000_000n
  let sub = ns - ms * 1_000_000n
  // BigInt division truncates toward zero; parts round down.
  if (sub < 0n) {
    sub += 1_000_000n
    ms -= 1n
  }
  out.ms = Number(ms)
  out.sub = Number(sub)
}

/**
 * Writes the instant `ms * 1e6 + sub` (within int64) into cell `index` of an Int32 pair view of a
 * BigInt64Array (word 2i low, 2i+1 high), exactly, with doubles only: ms = a·2^21 + b and
 * a·1e6 = ah·2^11 + al keep every partial product below 2^53.
 */
export function writeParts(view: Int32Array, index: number, ms: number, sub: number): void {
  const a = Math.floor(ms / TWO_21)
  const b = ms - a * TWO_21
  const big = a * 1_000_000
  const ah = Math.floor(big / 2048)
  const low = (big - ah * 2048) * TWO_21 + b * 1_000_000 + sub
  const carry = Math.floor(low / TWO_32)
  view[2 * index] = (low - carry * TWO_32) | 0
  view[2 * index + 1] = (ah + carry) | 0
}

// Keep the bounds above in step with civil.ts (a wrong constant would only show at the extremes).
if (partsToBigint(MIN_MS, MIN_SUB) !== MIN_INT64_NS || partsToBigint(MAX_MS, MAX_SUB) !== MAX_INT64_NS)
  throw new Error('ns-parts int64 bounds are wrong')
