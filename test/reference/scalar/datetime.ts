// test/reference/scalar/datetime.ts: the reference's datetime functions, row at a time: now, ago,
// datetime_diff, datetime_add, datetime_part, unixtime_*_todatetime. Written from the functions'
// documentation, never from engine code.

import { DateTime, isNumber, Timespan } from '../values.ts'
import { dateOf, dayOfYearOf, isoWeekOf } from './calendar.ts'
import { type FamilyImpls, floorDiv, int, type ScalarImpl, strict, text } from './define.ts'

const DAY = 86_400_000_000_000n

/** Boundary index of a datetime for each `datetime_diff` part (weeks start on Sunday). */
const PART_INDEX: Readonly<Record<string, (ns: bigint) => bigint>> = {
  year: (ns) => BigInt(civil(ns).year),
  quarter: (ns) => BigInt(civil(ns).year * 4 + Math.floor(civil(ns).month / 3)),
  month: (ns) => BigInt(civil(ns).year * 12 + civil(ns).month),
  // 1970-01-01 was a Thursday: shifting by 4 days puts week boundaries on Sundays.
  week: (ns) => floorDiv(ns + 4n * DAY, 7n * DAY),
  day: (ns) => floorDiv(ns, DAY),
  hour: (ns) => floorDiv(ns, 3_600_000_000_000n),
  minute: (ns) => floorDiv(ns, 60_000_000_000n),
  second: (ns) => floorDiv(ns, 1_000_000_000n),
  millisecond: (ns) => floorDiv(ns, 1_000_000n),
  microsecond: (ns) => floorDiv(ns, 1_000n),
  nanosecond: (ns) => ns,
}

/** UTC calendar year and 0-based month of epoch ns. */
function civil(ns: bigint): { year: number; month: number } {
  const d = new Date(Number(floorDiv(ns, 1_000_000n)))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() }
}

/** Fixed-length parts of datetime_add, in ns. */
const ADD_NS: Readonly<Record<string, bigint>> = {
  week: 7n * DAY,
  day: DAY,
  hour: 3_600_000_000_000n,
  minute: 60_000_000_000n,
  second: 1_000_000_000n,
  millisecond: 1_000_000n,
  microsecond: 1_000n,
  nanosecond: 1n,
}
const ADD_MONTHS: Readonly<Record<string, number>> = { year: 12, quarter: 3, month: 1 }

/** Datetimes hold int64 ns: years 1677–2262. */
const MAX_NS = 2n ** 63n - 1n

/** `t` moved `k` calendar months, the day clamped to the target month's last day. */
function addMonths(t: bigint, k: number): bigint {
  const d = new Date(Number(floorDiv(t, 1_000_000n)))
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  const day = Math.min(d.getUTCDate(), last)
  const dayStart = BigInt(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())) * 1_000_000n
  const target = BigInt(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day)) * 1_000_000n
  return target + (t - dayStart)
}

/** datetime_part's parts of epoch ns (the sub-second ones are the fraction of the second). */
const PART: Readonly<Record<string, (t: DateTime) => number | bigint>> = {
  year: (t) => dateOf(t).getUTCFullYear(),
  quarter: (t) => Math.floor(dateOf(t).getUTCMonth() / 3) + 1,
  month: (t) => dateOf(t).getUTCMonth() + 1,
  week_of_year: (t) => isoWeekOf(dateOf(t)),
  day: (t) => dateOf(t).getUTCDate(),
  dayofyear: (t) => dayOfYearOf(dateOf(t)),
  hour: (t) => dateOf(t).getUTCHours(),
  minute: (t) => dateOf(t).getUTCMinutes(),
  second: (t) => dateOf(t).getUTCSeconds(),
  millisecond: (t) => floorDiv(t.ns, 1_000_000n) - floorDiv(t.ns, 1_000_000_000n) * 1000n,
  microsecond: (t) => floorDiv(t.ns, 1000n) - floorDiv(t.ns, 1_000_000_000n) * 1_000_000n,
  nanosecond: (t) => t.ns - floorDiv(t.ns, 1_000_000_000n) * 1_000_000_000n,
}

/** unixtime_<unit>_todatetime: whole units (a fraction truncated) since the epoch. */
function fromUnix(unitNs: bigint): ScalarImpl {
  return strict(([x]) => {
    if (!isNumber(x)) return null
    const ns = BigInt(int(x)) * unitNs
    return ns > MAX_NS || ns < -MAX_NS ? null : new DateTime(ns)
  })
}

/** The datetime family. */
export const DATETIME: FamilyImpls<'datetime'> = {
  now: ([offset], ctx) => new DateTime(ctx.now + (offset instanceof Timespan ? offset.ns : 0n)),
  ago: ([span], ctx) => (span instanceof Timespan ? new DateTime(ctx.now - span.ns) : null),
  datetime_diff: strict(([part, a, b]) => {
    const index = PART_INDEX[text(part).toLowerCase()]
    if (index === undefined || !(a instanceof DateTime) || !(b instanceof DateTime)) return null
    return index(a.ns) - index(b.ns)
  }),
  datetime_add: strict(([part, k, t]) => {
    if (!(t instanceof DateTime) || !isNumber(k)) return null
    const key = text(part).toLowerCase()
    const n = int(k)
    const months = ADD_MONTHS[key]
    const ns = months !== undefined ? addMonths(t.ns, n * months) : t.ns + BigInt(n) * ADD_NS[key]
    return ns > MAX_NS || ns < -MAX_NS ? null : new DateTime(ns)
  }),
  datetime_part: strict(([part, t]) => {
    const f = PART[text(part).toLowerCase()]
    return f === undefined || !(t instanceof DateTime) ? null : BigInt(f(t))
  }),
  unixtime_seconds_todatetime: fromUnix(1_000_000_000n),
  unixtime_milliseconds_todatetime: fromUnix(1_000_000n),
  unixtime_microseconds_todatetime: fromUnix(1000n),
  unixtime_nanoseconds_todatetime: fromUnix(1n),
}
