// exec/kernels/datetime/datetime-diff.ts: datetime_diff(part, a, b): the `part` boundaries crossed from b to
// a (reference rule 39): calendar year / quarter / month (UTC), weeks starting on Sunday, and
// epoch-aligned floors for day … nanosecond. One table entry per part; no Date objects per row.

import { civilFromDays } from '../../../util/time/index.ts'
import { ExecError } from '../../context.ts'
import type { TimeVec } from '../../vector.ts'
import { constantOf } from '../constants.ts'
import type { Kernel } from '../kernel.ts'

const DAY_MS = 86_400_000
const civil = new Int32Array(3)

/** A boundary index of (epoch ms, ns); the diff of two indices is the answer. */
type PartIndex = (ms: number, ns: number) => number

/** Calendar months since year 0 of epoch ms (UTC). */
function monthIndex(ms: number): number {
  civilFromDays(Math.floor(ms / DAY_MS), civil)
  return civil[0] * 12 + civil[1] - 1
}

/** Floor of epoch time by a step of whole milliseconds (ns never crosses a millisecond). */
const floorMs =
  (stepMs: number, shiftMs = 0): PartIndex =>
  (ms) =>
    Math.floor((ms + shiftMs) / stepMs)

/** Parts whose index fits a double; microsecond/nanosecond diffs are computed from the split below. */
const PART_INDEX: Readonly<Record<string, PartIndex>> = {
  year: (ms) => {
    civilFromDays(Math.floor(ms / DAY_MS), civil)
    return civil[0]
  },
  quarter: (ms) => Math.floor(monthIndex(ms) / 3),
  month: (ms) => monthIndex(ms),
  // 1970-01-01 was a Thursday: shifting by 4 days puts week boundaries on Sundays.
  week: floorMs(7 * DAY_MS, 4 * DAY_MS),
  day: floorMs(DAY_MS),
  hour: floorMs(3_600_000),
  minute: floorMs(60_000),
  second: floorMs(1000),
  millisecond: (ms) => ms,
}

/** ns per unit for the sub-millisecond parts. */
const SUB_MS: Readonly<Record<string, number>> = { microsecond: 1000, nanosecond: 1 }

/** datetime_diff(part, datetime1, datetime2) → long. */
export const datetimeDiffKernel: Kernel = (args, n) => {
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  const [a, b] = [args[1], args[2]]
  const part = constantOf(args[0])?.value
  if (part === null) return { kind: 'num', type: 'long', values, valid }
  if (typeof part !== 'string')
    throw new ExecError('not_supported', 'datetime_diff: the part must be a constant string')
  const key = part.toLowerCase()
  if (a.kind !== 'time' || b.kind !== 'time') return { kind: 'num', type: 'long', values, valid }
  const index = Object.hasOwn(PART_INDEX, key) ? PART_INDEX[key] : undefined
  const unit = Object.hasOwn(SUB_MS, key) ? SUB_MS[key] : undefined
  if (index === undefined && unit === undefined) return { kind: 'num', type: 'long', values, valid }
  for (let i = 0; i < n; i++) {
    if ((a.valid && !a.valid[i]) || (b.valid && !b.valid[i])) continue
    values[i] =
      index !== undefined
        ? index(a.ms[i], a.ns[i]) - index(b.ms[i], b.ns[i])
        : subMsDiff(a, b, i, unit as number)
    valid[i] = 1
  }
  return { kind: 'num', type: 'long', values, valid }
}

/** Boundaries of `unit` ns (dividing 1 ms) crossed from b to a, exact while the result fits 2^53. */
function subMsDiff(a: TimeVec, b: TimeVec, i: number, unit: number): number {
  const perMs = 1e6 / unit
  return (a.ms[i] - b.ms[i]) * perMs + (Math.floor(a.ns[i] / unit) - Math.floor(b.ns[i] / unit))
}
