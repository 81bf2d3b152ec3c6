// util/time/civil.ts: proleptic-Gregorian calendar arithmetic (days ↔ year/month/day) in plain
// integer math (H. Hinnant's days-from-civil). Pure; never touches Date, which loses sub-ms precision.

/** Nanoseconds per second. */
export const NS_PER_SECOND = 1_000_000_000n
/** Nanoseconds per millisecond. */
export const NS_PER_MS = 1_000_000n
/** Seconds per day. */
export const SECONDS_PER_DAY = 86_400

/** Smallest epoch-ns value a signed 64-bit integer holds (1677-09-21T00:12:43.145224192Z). */
export const MIN_INT64_NS = -(2n ** 63n)
/** Largest epoch-ns value a signed 64-bit integer holds (2262-04-11T23:47:16.854775807Z). */
export const MAX_INT64_NS = 2n ** 63n - 1n

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** Whether `year` is a Gregorian leap year. */
export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
}

/** Days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month]
}

/** Days since 1970-01-01 for a civil date (month 1–12, day 1–31); negative before 1970. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

/**
 * Writes the civil date of `days` since 1970-01-01 into `out` as [year, month, day]; `out` is
 * caller-owned so formatting many times allocates nothing.
 */
export function civilFromDays(days: number, out: Int32Array): Int32Array {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const month = mp < 10 ? mp + 3 : mp - 9
  out[0] = yoe + era * 400 + (month <= 2 ? 1 : 0)
  out[1] = month
  out[2] = doy - Math.floor((153 * mp + 2) / 5) + 1
  return out
}

/**
 * Epoch ns of a civil UTC date-time. `offsetSeconds` is the zone offset east of UTC (subtracted);
 * `nanos` is 0–999,999,999. Inputs are assumed validated by the caller.
 */
export function civilToNs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  nanos: number,
  offsetSeconds: number,
): bigint {
  const secs =
    daysFromCivil(year, month, day) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second - offsetSeconds
  // secs * 1000 stays below 2^53 for years 0–9999, so one BigInt multiply does the rest.
  const ms = secs * 1000 + Math.floor(nanos / 1_000_000)
  const subMs = nanos % 1_000_000
  const base = BigInt(ms) * NS_PER_MS
  return subMs === 0 ? base : base + BigInt(subMs)
}
