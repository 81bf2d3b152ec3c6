// exec/kernels/calendar/parts.ts: the calendar parts of a UTC datetime as functions of its epoch
// milliseconds (year, month, day, hour, ISO week, …), shared by the calendar kernels (hourofday, …)
// and datetime_part. Pure arithmetic on one scratch array: no allocation per value.
import { civilFromDays, daysFromCivil } from '../../../util/time/index.ts'

export const DAY_MS = 86_400_000
const civil = new Int32Array(3)

/** `a mod b` with the sign of b. */
export function mod(a: number, b: number): number {
  return ((a % b) + b) % b
}

/** Days since the epoch of epoch ms (floor). */
export function daysOf(ms: number): number {
  return Math.floor(ms / DAY_MS)
}

/** [year, month 1–12, day 1–31] of epoch ms, in the shared scratch array (read it before the next call). */
export function civilOf(ms: number): Int32Array {
  return civilFromDays(daysOf(ms), civil)
}

/** Day of the week of a day number: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOfDays(days: number): number {
  return mod(days + 4, 7)
}

/** Day of the year, 1–366. */
function dayOfYear(ms: number): number {
  const days = daysOf(ms)
  const year = civilFromDays(days, civil)[0]
  return days - daysFromCivil(year, 1, 1) + 1
}

/** ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
function isoWeek(ms: number): number {
  const days = daysOf(ms)
  const isoWeekday = mod(days + 3, 7) // 0 = Monday
  const thursday = days - isoWeekday + 3
  const year = civilFromDays(thursday, civil)[0]
  return Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1
}

/** A calendar part of epoch ms. */
export type PartOfMs = (ms: number) => number

/** The parts, by the names datetime_part takes (lower case). */
export const PART_OF_MS = {
  year: (ms) => civilOf(ms)[0],
  quarter: (ms) => Math.floor((civilOf(ms)[1] - 1) / 3) + 1,
  month: (ms) => civilOf(ms)[1],
  week_of_year: isoWeek,
  day: (ms) => civilOf(ms)[2],
  dayofyear: dayOfYear,
  dayofweek: (ms) => weekdayOfDays(daysOf(ms)),
  hour: (ms) => Math.floor(mod(ms, DAY_MS) / 3_600_000),
  minute: (ms) => Math.floor(mod(ms, 3_600_000) / 60_000),
  second: (ms) => Math.floor(mod(ms, 60_000) / 1000),
  millisecond: (ms) => mod(ms, 1000),
} as const satisfies Record<string, PartOfMs>
