// util/time/go-layout.ts: Go `time.Parse(layout, value)` in UTC → epoch ns (a port of Go's
// `parse`). Layouts compile once into a small cache; a bad layout just fails to match.

import { civilToNs, daysInMonth, isLeapYear } from './civil.ts'
import { isDigitAt } from './digits.ts'
import { compileGoLayout, type LayoutChunk, Std } from './go-layout-compile.ts'
import { type Cursor, parseOffset, skipZoneName } from './go-layout-zone.ts'

/** Go's layout constants by name (`RFC3339`, `Kitchen`, …); such a name is accepted as a layout. */
export const GO_NAMED_LAYOUTS: ReadonlyMap<string, string> = new Map([
  ['Layout', "01/02 03:04:05PM '06 -0700"],
  ['ANSIC', 'Mon Jan _2 15:04:05 2006'],
  ['UnixDate', 'Mon Jan _2 15:04:05 MST 2006'],
  ['RubyDate', 'Mon Jan 02 15:04:05 -0700 2006'],
  ['RFC822', '02 Jan 06 15:04 MST'],
  ['RFC822Z', '02 Jan 06 15:04 -0700'],
  ['RFC850', 'Monday, 02-Jan-06 15:04:05 MST'],
  ['RFC1123', 'Mon, 02 Jan 2006 15:04:05 MST'],
  ['RFC1123Z', 'Mon, 02 Jan 2006 15:04:05 -0700'],
  ['RFC3339', '2006-01-02T15:04:05Z07:00'],
  ['RFC3339Nano', '2006-01-02T15:04:05.999999999Z07:00'],
  ['Kitchen', '3:04PM'],
  ['Stamp', 'Jan _2 15:04:05'],
  ['StampMilli', 'Jan _2 15:04:05.000'],
  ['StampMicro', 'Jan _2 15:04:05.000000'],
  ['StampNano', 'Jan _2 15:04:05.000000000'],
  ['DateTime', '2006-01-02 15:04:05'],
  ['DateOnly', '2006-01-02'],
  ['TimeOnly', '15:04:05'],
])

const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const SHORT_MONTHS = LONG_MONTHS.map((m) => m.slice(0, 3))
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const SHORT_DAYS = LONG_DAYS.map((d) => d.slice(0, 3))

const CACHE_LIMIT = 64
const compiled = new Map<string, LayoutChunk[]>()

function chunksOf(layout: string): LayoutChunk[] {
  let chunks = compiled.get(layout)
  if (chunks === undefined) {
    if (compiled.size >= CACHE_LIMIT) compiled.clear()
    chunks = compileGoLayout(GO_NAMED_LAYOUTS.get(layout) ?? layout)
    compiled.set(layout, chunks)
  }
  return chunks
}

/** Mutable parse state; one per call (a handful of numbers). */
interface Fields {
  year: number
  month: number
  day: number
  yday: number
  hour: number
  minute: number
  second: number
  nanos: number
  offset: number
  pm: number // 0 unset, 1 AM, 2 PM
}

/**
 * Parses `value` with a Go reference-time layout (`2/Jan/2006:15:04:05 -0700`) or a Go layout
 * constant name (`RFC3339`, `RFC1123Z`, `Kitchen`, …) and returns epoch ns, or null when the
 * value does not match. Like Go: a zone abbreviation (`MST`, `GMT+3`) without a numeric offset
 * counts as UTC, a missing zone is UTC, missing date parts default to year 0 / January / day 1,
 * and a fraction after the seconds is accepted even when the layout has none.
 */
export function parseGoLayout(value: string, layout: string): bigint | null {
  const chunks = chunksOf(layout)
  const f: Fields = {
    year: 0,
    month: -1,
    day: -1,
    yday: -1,
    hour: 0,
    minute: 0,
    second: 0,
    nanos: 0,
    offset: 0,
    pm: 0,
  }
  const cur: Cursor = { s: value, pos: 0 }
  for (let k = 0; k < chunks.length; k++) {
    const chunk = chunks[k]
    if (!skipLiteral(cur, chunk.prefix)) return null
    if (chunk.std === Std.None) {
      if (cur.pos !== value.length) return null // extra text
      break
    }
    const next = chunks[k + 1]
    if (!parseStd(cur, chunk, next === undefined ? Std.None : next.std, f)) return null
  }
  return finish(f)
}

/** Go's `skip`: a space in the layout matches one or more spaces in the value. */
function skipLiteral(cur: Cursor, prefix: string): boolean {
  const s = cur.s
  let p = 0
  while (p < prefix.length) {
    if (prefix.charCodeAt(p) === 32) {
      if (cur.pos < s.length && s.charCodeAt(cur.pos) !== 32) return false
      while (p < prefix.length && prefix.charCodeAt(p) === 32) p++
      while (cur.pos < s.length && s.charCodeAt(cur.pos) === 32) cur.pos++
      continue
    }
    if (cur.pos >= s.length || s.charCodeAt(cur.pos) !== prefix.charCodeAt(p)) return false
    p++
    cur.pos++
  }
  return true
}

/** Go's `getnum`/`getnum3`: 1..`max` digits (exactly `max` when `fixed`), or -1. */
function getNum(cur: Cursor, max: number, fixed: boolean): number {
  const s = cur.s
  let v = 0
  let n = 0
  while (n < max) {
    const d = s.charCodeAt(cur.pos + n) - 48
    if (!(d >= 0 && d <= 9)) break
    v = v * 10 + d
    n++
  }
  if (n === 0 || (fixed && n < max)) return -1
  cur.pos += n
  return v
}

/** Go's `lookup`: case-insensitive prefix match against a name table; index or -1. */
function lookup(cur: Cursor, names: readonly string[]): number {
  for (let i = 0; i < names.length; i++) {
    const name = names[i]
    const chunk = cur.s.slice(cur.pos, cur.pos + name.length)
    if (chunk.length === name.length && chunk.toLowerCase() === name.toLowerCase()) {
      cur.pos += name.length
      return i
    }
  }
  return -1
}

function isFracStart(s: string, at: number): boolean {
  const c = s.charCodeAt(at)
  const d = s.charCodeAt(at + 1)
  return (c === 46 || c === 44) && d >= 48 && d <= 57
}

/** Reads `.ddd` (n digits after the separator) as ns, truncating past 9 digits. */
function fracNanos(cur: Cursor, n: number): number {
  let v = 0
  for (let i = 0; i < 9; i++) {
    const d = i < n ? cur.s.charCodeAt(cur.pos + 1 + i) - 48 : 0
    if (!(d >= 0 && d <= 9)) return -1
    v = v * 10 + d
  }
  cur.pos += 1 + n
  return v
}

/** Consumes one std token into `f`; false when the value does not match it. */
function parseStd(cur: Cursor, chunk: LayoutChunk, nextStd: number, f: Fields): boolean {
  const s = cur.s
  switch (chunk.std) {
    case Std.Year: {
      const y = getNum(cur, 2, true)
      if (y < 0) return false
      f.year = y >= 69 ? 1900 + y : 2000 + y
      return true
    }
    case Std.LongYear:
      f.year = getNum(cur, 4, true)
      return f.year >= 0
    case Std.Month:
      f.month = lookup(cur, SHORT_MONTHS) + 1
      return f.month > 0
    case Std.LongMonth:
      f.month = lookup(cur, LONG_MONTHS) + 1
      return f.month > 0
    case Std.NumMonth:
    case Std.ZeroMonth:
      f.month = getNum(cur, 2, chunk.std === Std.ZeroMonth)
      return f.month >= 1 && f.month <= 12
    case Std.WeekDay:
      return lookup(cur, SHORT_DAYS) >= 0
    case Std.LongWeekDay:
      return lookup(cur, LONG_DAYS) >= 0
    case Std.Day:
    case Std.UnderDay:
    case Std.ZeroDay:
      if (chunk.std === Std.UnderDay && s.charCodeAt(cur.pos) === 32) cur.pos++
      f.day = getNum(cur, 2, chunk.std === Std.ZeroDay)
      return f.day >= 0
    case Std.UnderYearDay:
    case Std.ZeroYearDay:
      for (let i = 0; i < 2 && chunk.std === Std.UnderYearDay && s.charCodeAt(cur.pos) === 32; i++) cur.pos++
      f.yday = getNum(cur, 3, chunk.std === Std.ZeroYearDay)
      return f.yday >= 0
    case Std.Hour:
      f.hour = getNum(cur, 2, false)
      return f.hour >= 0 && f.hour < 24
    case Std.Hour12:
    case Std.ZeroHour12:
      f.hour = getNum(cur, 2, chunk.std === Std.ZeroHour12)
      return f.hour >= 0 && f.hour <= 12
    case Std.Minute:
    case Std.ZeroMinute:
      f.minute = getNum(cur, 2, chunk.std === Std.ZeroMinute)
      return f.minute >= 0 && f.minute < 60
    case Std.Second:
    case Std.ZeroSecond: {
      f.second = getNum(cur, 2, chunk.std === Std.ZeroSecond)
      if (f.second < 0 || f.second >= 60) return false
      // Go accepts a fraction after the seconds even when the layout has none.
      if (isFracStart(s, cur.pos) && nextStd !== Std.FracSecond0 && nextStd !== Std.FracSecond9) {
        let n = 1
        while (isDigitAt(s, cur.pos + 1 + n)) n++
        f.nanos = fracNanos(cur, n)
        return f.nanos >= 0
      }
      return true
    }
    case Std.PM:
    case Std.pm:
      return parseAmPm(cur, chunk.std === Std.PM ? 'AM' : 'am', chunk.std === Std.PM ? 'PM' : 'pm', f)
    case Std.TZ:
      return skipZoneName(cur)
    case Std.FracSecond0: {
      const c = s.charCodeAt(cur.pos)
      if (c !== 46 && c !== 44) return false
      for (let i = 1; i <= chunk.digits; i++) if (!isDigitAt(s, cur.pos + i)) return false
      f.nanos = fracNanos(cur, chunk.digits)
      return f.nanos >= 0
    }
    case Std.FracSecond9: {
      if (!isFracStart(s, cur.pos)) return true // fraction omitted
      let n = 1
      while (isDigitAt(s, cur.pos + 1 + n)) n++
      f.nanos = fracNanos(cur, n)
      return f.nanos >= 0
    }
    default:
      return parseOffset(cur, chunk.std, f)
  }
}

function parseAmPm(cur: Cursor, am: string, pm: string, f: Fields): boolean {
  const p = cur.s.slice(cur.pos, cur.pos + 2)
  cur.pos += 2
  if (p === am) f.pm = 1
  else if (p === pm) f.pm = 2
  else return false
  return true
}

/** Applies AM/PM and day-of-year, validates the date, and converts to epoch ns. */
function finish(f: Fields): bigint | null {
  if (f.pm === 2 && f.hour < 12) f.hour += 12
  else if (f.pm === 1 && f.hour === 12) f.hour = 0
  let { month, day } = f
  if (f.yday >= 0) {
    let rest = f.yday
    if (rest < 1 || rest > (isLeapYear(f.year) ? 366 : 365)) return null
    let m = 1
    while (rest > daysInMonth(f.year, m)) rest -= daysInMonth(f.year, m++)
    // A month or day also present in the value must agree with the day of year.
    if ((month >= 0 && month !== m) || (day >= 0 && day !== rest)) return null
    month = m
    day = rest
  } else {
    if (month < 0) month = 1
    if (day < 0) day = 1
  }
  if (day < 1 || day > daysInMonth(f.year, month)) return null
  return civilToNs(f.year, month, day, f.hour, f.minute, f.second, f.nanos, f.offset)
}
