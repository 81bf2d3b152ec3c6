// test/reference/scalar/calendar.ts: the reference's calendar functions, row at a time, from Axiom's
// datetime-functions pages: parts of a UTC datetime (JS Date getters on its ms), start/end of day,
// week (Sunday), month and year with an optional offset; an end is the next start minus 100 ns.

import { DateTime, isNumber } from '../values.ts'
import { type FamilyImpls, floorDiv, int, type ScalarImpl, strict } from './define.ts'

const NS_PER_MS = 1_000_000n

/** The UTC Date of a datetime's whole milliseconds. */
export function dateOf(t: DateTime): Date {
  return new Date(Number(floorDiv(t.ns, NS_PER_MS)))
}

/** ISO 8601 week of a UTC date: the week (Monday first) of the Thursday of its week. */
export function isoWeekOf(d: Date): number {
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))
  thursday.setUTCDate(thursday.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7))
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1)
  return Math.floor((thursday.getTime() - jan1) / 86_400_000 / 7) + 1
}

/** Day of the year, 1–366. */
export function dayOfYearOf(d: Date): number {
  return (
    (Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) /
      86_400_000 +
    1
  )
}

/** A long part of a datetime argument. */
function part(f: (d: Date) => number): ScalarImpl {
  return strict(([t]) => (t instanceof DateTime ? BigInt(f(dateOf(t))) : null))
}

/** A start (`end` false) or end of the period holding `t`, moved `k` periods. */
type Period = (d: Date, k: number) => number

const PERIOD: Readonly<Record<'day' | 'week' | 'month' | 'year', Period>> = {
  day: (d, k) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + k),
  week: (d, k) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - d.getUTCDay() + 7 * k),
  month: (d, k) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, 1),
  year: (d, k) => Date.UTC(d.getUTCFullYear() + k, 0, 1),
}

function boundary(period: Period, end: boolean): ScalarImpl {
  return strict(([t, offset]) => {
    if (!(t instanceof DateTime) || (offset !== undefined && !isNumber(offset))) return null
    const k = offset === undefined ? 0 : int(offset)
    const d = dateOf(t)
    // Date.UTC treats years 0–99 as 1900–1999; the fixture stays in modern years.
    const ms = end ? period(d, k + 1) : period(d, k)
    return new DateTime(BigInt(ms) * NS_PER_MS - (end ? 100n : 0n))
  })
}

/** The calendar family. */
export const CALENDAR: FamilyImpls<'calendar'> = {
  dayofmonth: part((d) => d.getUTCDate()),
  dayofweek: part((d) => d.getUTCDay()),
  dayofyear: part(dayOfYearOf),
  getmonth: part((d) => d.getUTCMonth() + 1),
  getyear: part((d) => d.getUTCFullYear()),
  hourofday: part((d) => d.getUTCHours()),
  monthofyear: part((d) => d.getUTCMonth() + 1),
  week_of_year: part(isoWeekOf),
  startofday: boundary(PERIOD.day, false),
  startofweek: boundary(PERIOD.week, false),
  startofmonth: boundary(PERIOD.month, false),
  startofyear: boundary(PERIOD.year, false),
  endofday: boundary(PERIOD.day, true),
  endofweek: boundary(PERIOD.week, true),
  endofmonth: boundary(PERIOD.month, true),
  endofyear: boundary(PERIOD.year, true),
}
