// util/time/rfc3339.ts: RFC 3339 / ISO 8601 extended date-time → epoch ns, exact to the ns.
// Hand-rolled char scanning (no regex, no Date.parse: Date drops everything below 1 ms).

import { daysFromCivil, daysInMonth, SECONDS_PER_DAY } from './civil.ts'
import { isDigitAt, POW10, readDigits } from './digits.ts'
import { type NsParts, partsToBigint } from './ns-parts.ts'

/**
 * Parses `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DD(T|t| )HH:MM[:SS[(.|,)fraction]][zone]` into
 * epoch nanoseconds. Zone: `Z`/`z`, `±HH:MM`, `±HHMM`, `±HH`, or none (= UTC). Fractions keep up
 * to 9 digits (more are truncated). Years 0000–9999; ranges are validated (leap years included,
 * `24:00` and leap second `60` refused). Returns null when `s` is not such a time.
 */
export function parseRfc3339(s: string): bigint | null {
  return parseRfc3339Parts(s, scratch) ? partsToBigint(scratch.ms, scratch.sub) : null
}

const scratch: NsParts = { ms: 0, sub: 0 }

/**
 * The last valid date parsed, and its days since 1970 (timestamps of a batch share dates). Starts
 * at -2, which the digit readers never return, so an unparsed date never matches it.
 */
let lastYear = -2
let lastMonth = -2
let lastDay = -2
let lastDays = 0

/**
 * `parseRfc3339` without a BigInt: the instant goes into `out` as parts (see ns-parts.ts).
 * Returns false (and leaves `out` unspecified) when `s` is not such a time.
 */
export function parseRfc3339Parts(s: string, out: NsParts): boolean {
  const len = s.length
  if (len < 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false
  const century = twoDigits(s, 0)
  const yy = twoDigits(s, 2)
  const year = century < 0 || yy < 0 ? -1 : century * 100 + yy
  const month = twoDigits(s, 5)
  const day = twoDigits(s, 8)
  let days = lastDays
  if (day !== lastDay || month !== lastMonth || year !== lastYear) {
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false
    days = daysFromCivil(year, month, day)
    lastYear = year
    lastMonth = month
    lastDay = day
    lastDays = days
  }
  if (len === 10) {
    out.ms = days * SECONDS_PER_DAY * 1000
    out.sub = 0
    return true
  }

  const sep = s.charCodeAt(10)
  // 'T', 't' or ' ' between date and time
  if ((sep !== 84 && sep !== 116 && sep !== 32) || s.charCodeAt(13) !== 58) return false
  const hour = twoDigits(s, 11)
  const minute = twoDigits(s, 14)
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return false

  let pos = 16
  let second = 0
  let nanos = 0
  if (s.charCodeAt(pos) === 58) {
    second = twoDigits(s, 17)
    if (second < 0 || second > 59) return false
    pos = 19
    const c = s.charCodeAt(pos)
    if (c === 46 || c === 44) {
      pos++
      const start = pos
      while (isDigitAt(s, pos)) pos++
      const n = pos - start
      if (n === 0) return false
      const kept = Math.min(n, 9)
      nanos = readDigits(s, start, kept) * POW10[9 - kept]
    }
  }

  const offset = parseZone(s, pos)
  if (offset === null) return false
  // Below 2^53 for years 0000–9999, so exact.
  const secs = days * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second - offset
  const msInSecond = Math.floor(nanos / 1_000_000)
  out.ms = secs * 1000 + msInSecond
  out.sub = nanos - msInSecond * 1_000_000
  return true
}

/** The two ASCII digits of `s` at `at` as a number, or -1 (past the end included: NaN fails the tests). */
function twoDigits(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48
  const b = s.charCodeAt(at + 1) - 48
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

/** The zone suffix at `pos` (which must run to the end) as seconds east of UTC, or null. */
function parseZone(s: string, pos: number): number | null {
  const len = s.length
  if (pos === len) return 0
  const c = s.charCodeAt(pos)
  if (c === 90 || c === 122) return pos + 1 === len ? 0 : null // 'Z' | 'z'
  if (c !== 43 && c !== 45) return null // '+' | '-'
  const hh = readDigits(s, pos + 1, 2)
  if (hh < 0 || hh > 23) return null
  let mm = 0
  let end = pos + 3
  if (end < len) {
    if (s.charCodeAt(end) === 58) end++
    mm = readDigits(s, end, 2)
    if (mm < 0 || mm > 59) return null
    end += 2
  }
  if (end !== len) return null
  const secs = hh * 3600 + mm * 60
  return c === 45 ? -secs : secs
}
