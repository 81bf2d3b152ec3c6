// test/reference/scalar/datetime.ts: the reference's datetime functions, row at a time: now, ago,
// datetime_diff. Written from the functions' documentation, never from engine code.

import { DateTime, Timespan } from '../values.ts'
import { type FamilyImpls, floorDiv, strict, text } from './define.ts'

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

/** The datetime family. */
export const DATETIME: FamilyImpls<'datetime'> = {
  now: ([offset], ctx) => new DateTime(ctx.now + (offset instanceof Timespan ? offset.ns : 0n)),
  ago: ([span], ctx) => (span instanceof Timespan ? new DateTime(ctx.now - span.ns) : null),
  datetime_diff: strict(([part, a, b]) => {
    const index = PART_INDEX[text(part).toLowerCase()]
    if (index === undefined || !(a instanceof DateTime) || !(b instanceof DateTime)) return null
    return index(a.ns) - index(b.ns)
  }),
}
