// util/time/rfc3339.ts: RFC 3339 / ISO 8601 extended date-time → epoch ns, exact to the ns.
// Hand-rolled char scanning (no regex, no Date.parse: Date drops everything below 1 ms).

import { civilToNs, daysInMonth } from './civil.ts'
import { isDigitAt, POW10, readDigits } from './digits.ts'

/**
 * Parses `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DD(T|t| )HH:MM[:SS[(.|,)fraction]][zone]` into
 * epoch nanoseconds. Zone: `Z`/`z`, `±HH:MM`, `±HHMM`, `±HH`, or none (= UTC). Fractions keep up
 * to 9 digits (more are truncated). Years 0000–9999; ranges are validated (leap years included,
 * `24:00` and leap second `60` refused). Returns null when `s` is not such a time.
 */
export function parseRfc3339(s: string): bigint | null {
  const len = s.length
  if (len < 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return null
  const year = readDigits(s, 0, 4)
  const month = readDigits(s, 5, 2)
  const day = readDigits(s, 8, 2)
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  if (len === 10) return civilToNs(year, month, day, 0, 0, 0, 0, 0)

  const sep = s.charCodeAt(10)
  // 'T', 't' or ' ' between date and time
  if ((sep !== 84 && sep !== 116 && sep !== 32) || s.charCodeAt(13) !== 58) return null
  const hour = readDigits(s, 11, 2)
  const minute = readDigits(s, 14, 2)
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return null

  let pos = 16
  let second = 0
  let nanos = 0
  if (s.charCodeAt(pos) === 58) {
    second = readDigits(s, 17, 2)
    if (second < 0 || second > 59) return null
    pos = 19
    const c = s.charCodeAt(pos)
    if (c === 46 || c === 44) {
      pos++
      const start = pos
      while (isDigitAt(s, pos)) pos++
      const n = pos - start
      if (n === 0) return null
      const kept = Math.min(n, 9)
      nanos = readDigits(s, start, kept) * POW10[9 - kept]
    }
  }

  const offset = parseZone(s, pos)
  if (offset === null) return null
  return civilToNs(year, month, day, hour, minute, second, nanos, offset)
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
