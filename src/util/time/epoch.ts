// util/time/epoch.ts: Unix epoch numbers → epoch ns, unit chosen by magnitude. Never rounds a
// decimal the caller wrote: fractional numbers go through their shortest decimal spelling.

import { bigintToParts, type NsParts } from './ns-parts.ts'

/** |v| below this is seconds. */
const SECONDS_BELOW = 1e11
/** |v| below this (and ≥ SECONDS_BELOW) is milliseconds. */
const MILLIS_BELOW = 1e14
/** |v| below this (and ≥ MILLIS_BELOW) is microseconds; larger is nanoseconds. */
const MICROS_BELOW = 1e17

const SCALE_DIGITS = [9, 6, 3, 0]
const SCALE_BIG = [1_000_000_000n, 1_000_000n, 1_000n, 1n]
const SCALE_NUM = [1e9, 1e6, 1e3, 1]

/** Unit index (0 s, 1 ms, 2 µs, 3 ns) for an absolute epoch magnitude. */
function unitOf(abs: number): number {
  return abs < SECONDS_BELOW ? 0 : abs < MILLIS_BELOW ? 1 : abs < MICROS_BELOW ? 2 : 3
}

/**
 * Epoch ns from a Unix epoch number chosen by magnitude: |v| < 1e11 seconds (fraction kept to the
 * ns), < 1e14 milliseconds, < 1e17 microseconds, else nanoseconds. NaN/±Infinity → null.
 * A fractional number is read through its shortest decimal form, so `1723900000.123` is exactly
 * `…123000000` ns, not the binary approximation.
 */
export function epochToNs(v: number | bigint): bigint | null {
  if (typeof v === 'bigint') {
    const abs = v < 0n ? -v : v
    const unit =
      abs < 100_000_000_000n ? 0 : abs < 100_000_000_000_000n ? 1 : abs < 100_000_000_000_000_000n ? 2 : 3
    return v * SCALE_BIG[unit]
  }
  if (!Number.isFinite(v)) return null
  const unit = unitOf(Math.abs(v))
  if (Number.isInteger(v)) return unit === 3 ? BigInt(v) : BigInt(v) * SCALE_BIG[unit]
  const text = String(v)
  const exact = parseEpochDecimal(text, 0, text.length)
  // Tiny magnitudes print with an exponent (1e-7); round those to the unit.
  return exact ?? BigInt(Math.round(v * SCALE_NUM[unit]))
}

/**
 * `epochToNs` for a number, as parts (see ns-parts.ts), without a BigInt for safe integers of
 * seconds, milliseconds or microseconds; other values take the exact bigint path. False for
 * NaN/±Infinity.
 */
export function epochToParts(v: number, out: NsParts): boolean {
  if (Number.isSafeInteger(v)) {
    const unit = unitOf(Math.abs(v))
    if (unit === 0) {
      out.ms = v * 1000
      out.sub = 0
      return true
    }
    if (unit === 1) {
      out.ms = v
      out.sub = 0
      return true
    }
    if (unit === 2) {
      // µs: split with the exact remainder (v / 1000 may round up to the next integer).
      let us = v % 1000
      let ms = (v - us) / 1000
      if (us < 0) {
        us += 1000
        ms -= 1
      }
      out.ms = ms
      out.sub = us * 1000
      return true
    }
  }
  const ns = epochToNs(v)
  if (ns === null) return false
  bigintToParts(ns, out)
  return true
}

/**
 * Epoch ns from a numeric string (`1723900000`, `-1.5`, `1723900000123456789`, `1.7e9`), by the
 * same magnitude rule as `epochToNs`, exact for plain decimals (fraction digits beyond the ns are
 * truncated). Returns null when `s` is not a number (no surrounding whitespace allowed).
 */
export function parseEpochString(s: string): bigint | null {
  const exact = parseEpochDecimal(s, 0, s.length)
  if (exact !== null) return exact
  // Exponent forms: let Number parse them, then apply the magnitude rule.
  let hasExp = false
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 101 || c === 69) hasExp = true
    else if (!((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46)) return null
  }
  if (!hasExp) return null
  const n = Number(s)
  return Number.isNaN(n) ? null : epochToNs(n)
}

/** `[+-]digits[.digits]` in s[from, to) → epoch ns, or null when it is not that shape. */
function parseEpochDecimal(s: string, from: number, to: number): bigint | null {
  let i = from
  let neg = false
  const first = s.charCodeAt(i)
  if (first === 45 || first === 43) {
    neg = first === 45
    i++
  }
  while (i < to && s.charCodeAt(i) === 48) i++ // leading zeros do not count toward magnitude
  const intStart = i
  while (i < to && isDigit(s.charCodeAt(i))) i++
  const intEnd = i
  let fracStart = i
  let fracEnd = i
  if (i < to && s.charCodeAt(i) === 46) {
    fracStart = ++i
    while (i < to && isDigit(s.charCodeAt(i))) i++
    fracEnd = i
  }
  if (i !== to) return null
  const hadDigit = intEnd > from + (neg || first === 43 ? 1 : 0) || fracEnd > fracStart
  if (!hadDigit) return null
  const intDigits = intEnd - intStart
  // Digit count decides the unit: < 1e11 means at most 11 integer digits, and so on.
  const unit = intDigits <= 11 ? 0 : intDigits <= 14 ? 1 : intDigits <= 17 ? 2 : 3
  const keep = SCALE_DIGITS[unit]
  let ns = intDigits === 0 ? 0n : BigInt(s.slice(intStart, intEnd)) * SCALE_BIG[unit]
  if (keep > 0 && fracEnd > fracStart) {
    let frac = 0
    for (let k = 0; k < keep; k++) {
      const at = fracStart + k
      frac = frac * 10 + (at < fracEnd ? s.charCodeAt(at) - 48 : 0)
    }
    ns += BigInt(frac)
  }
  return neg ? -ns : ns
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}
