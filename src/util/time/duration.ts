// util/time/duration.ts: Go `time.ParseDuration` / `Duration.String()` over bigint ns, plus `d`
// and `w` units as an extension. Exact integer arithmetic (Go uses a float for fractions).

/** A unit suffix → its length in ns. */
export type DurationUnits = ReadonlyMap<string, bigint>

const NS = 1n
const US = 1_000n
const MS = 1_000_000n
const S = 1_000_000_000n
const M = 60n * S
const H = 60n * M
const D = 24n * H

/** Go's units (`ns us µs μs ms s m h`) plus `d` (24h) and `w` (7d). */
export const GO_DURATION_UNITS: DurationUnits = new Map([
  ['ns', NS],
  ['us', US],
  ['µs', US], // U+00B5 micro sign
  ['μs', US], // U+03BC Greek mu
  ['ms', MS],
  ['s', S],
  ['m', M],
  ['h', H],
  ['d', D],
  ['w', 7n * D],
])

const MAX_NS = 2n ** 63n - 1n

/**
 * Parses a Go duration (`1h0m0s`, `1.5s`, `300ms`, `-2h45m`, `1µs`, `1us`, `0`, plus `2d`, `1w`)
 * into ns. Returns null for bad syntax, an unknown unit, or overflow of int64.
 */
export function parseGoDuration(s: string): bigint | null {
  return parseDurationWithUnits(s, GO_DURATION_UNITS)
}

/**
 * Go duration syntax `[-+]?([0-9]*(\.[0-9]*)?unit)+` (or a bare `0`) with a caller-chosen unit
 * table (units are case-sensitive). Fraction digits below 1 ns are truncated. null when invalid.
 */
export function parseDurationWithUnits(s: string, units: DurationUnits): bigint | null {
  let i = 0
  const len = s.length
  let neg = false
  if (len > 0 && (s.charCodeAt(0) === 45 || s.charCodeAt(0) === 43)) {
    neg = s.charCodeAt(0) === 45
    i = 1
  }
  if (len - i === 1 && s.charCodeAt(i) === 48) return 0n
  if (i === len) return null
  let total = 0n
  while (i < len) {
    const intStart = i
    while (i < len && isDigit(s.charCodeAt(i))) i++
    const intEnd = i
    let fracStart = i
    let fracEnd = i
    if (i < len && s.charCodeAt(i) === 46) {
      fracStart = ++i
      while (i < len && isDigit(s.charCodeAt(i))) i++
      fracEnd = i
    }
    if (intEnd === intStart && fracEnd === fracStart) return null
    const unitStart = i
    while (i < len && !isDigit(s.charCodeAt(i)) && s.charCodeAt(i) !== 46) i++
    if (i === unitStart) return null
    const unit = units.get(s.slice(unitStart, i))
    if (unit === undefined) return null
    if (intEnd > intStart) total += BigInt(s.slice(intStart, intEnd)) * unit
    if (fracEnd > fracStart) {
      // Cap the digits read: 30 digits are far below 1 ns for any unit up to years.
      const digits = s.slice(fracStart, Math.min(fracEnd, fracStart + 30))
      total += (BigInt(digits) * unit) / 10n ** BigInt(digits.length)
    }
    if (total > MAX_NS + (neg ? 1n : 0n)) return null
  }
  return neg ? -total : total
}

const CLOCK = /^(?:(\d+)\.)?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/

/**
 * Kusto's clock form of a timespan without its sign, `[d.]hh:mm[:ss[.fffffffff]]` (`1.02:03:04.5`),
 * into ns; a reason when it is not that form or out of range.
 */
export function parseClockDuration(body: string): bigint | { readonly reason: string } {
  const m = CLOCK.exec(body)
  if (m === null) return { reason: 'expected a number with a unit (2d, 1.5h, 10m) or [d.]hh:mm[:ss[.f]]' }
  const [days, hours, minutes, seconds] = [m[1], m[2], m[3], m[4]].map((v) => BigInt(v ?? '0'))
  if ((m[1] !== undefined && hours > 23n) || minutes > 59n || seconds > 59n) {
    return { reason: 'hours, minutes or seconds out of range' }
  }
  const fraction = BigInt((m[5] ?? '').padEnd(9, '0') || '0')
  const ns = ((days * 24n + hours) * 60n + minutes) * 60_000_000_000n + seconds * 1_000_000_000n + fraction
  return ns > MAX_NS ? { reason: 'out of range' } : ns
}

/**
 * Duration text as ingest and `totimespan` read it: a Go duration (`1h30m`, `250ms`, `1.5s`, plus
 * `d`/`w`) or Kusto's clock form (`[-][d.]hh:mm[:ss[.f]]`); null when it is neither.
 */
export function parseDurationText(s: string): bigint | null {
  const go = parseGoDuration(s)
  if (go !== null) return go
  const negative = s.startsWith('-')
  const clock = parseClockDuration(negative || s.startsWith('+') ? s.slice(1) : s)
  if (typeof clock !== 'bigint') return null
  return negative ? -clock : clock
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

/** Go `Duration.String()`: `1h0m0s`, `5m0.004487127s`, `1.5s`, `300ms`, `1µs`, `0s`, `-2h45m0s`. */
export function formatGoDuration(ns: bigint): string {
  const neg = ns < 0n
  const u = neg ? -ns : ns
  let out: string
  if (u < S) {
    if (u === 0n) return '0s'
    // Below one second Go picks the largest unit that keeps an integer part: ns, µs or ms.
    out = u < US ? u + 'ns' : u < MS ? decimal(u, US, 3) + 'µs' : decimal(u, MS, 6) + 'ms'
  } else {
    const secs = u / S
    const rest = decimal(u % M, S, 9) + 's'
    const mins = secs / 60n
    if (mins === 0n) out = rest
    else if (mins < 60n) out = mins + 'm' + rest
    else out = mins / 60n + 'h' + (mins % 60n) + 'm' + rest
  }
  return neg ? '-' + out : out
}

/** `v / unit` as a decimal with up to `digits` fraction digits, trailing zeros trimmed. */
function decimal(v: bigint, unit: bigint, digits: number): string {
  const whole = v / unit
  const frac = v % unit
  if (frac === 0n) return '' + whole
  let f = frac.toString().padStart(digits, '0')
  let end = f.length
  while (f.charCodeAt(end - 1) === 48) end--
  f = f.slice(0, end)
  return whole + '.' + f
}
