// exec/kernels/datetime/datetime-add.ts: datetime_add(part, value, datetime): `value` periods of the
// constant `part` added to a datetime, on its exact ms/ns parts. Years, quarters and months move the
// calendar month and clamp the day to the month's length (Jan 31 + 1 month = Feb 28/29); weeks … ns
// add a fixed length. A result outside the datetime range (years 1677–2262) is null.
import { civilFromDays, daysFromCivil, daysInMonth } from '../../../util/time/index.ts'
import { ExecError } from '../../context.ts'
import type { TimeVec } from '../../vector.ts'
import { DAY_MS, mod } from '../calendar/parts.ts'
import { constantOf } from '../constants.ts'
import { readArg, valueAt } from '../executor/index.ts'
import { KERNEL_CHECK_ROWS, type Kernel } from '../kernel.ts'

/** The largest |epoch ms| a datetime holds (int64 ns). */
const MAX_MS = 9_223_372_036_854

/** Months per calendar part. */
const MONTHS: Readonly<Record<string, number>> = { year: 12, quarter: 3, month: 1 }

/** Fixed lengths in ns, split as whole ms + sub-ms ns per unit. */
const FIXED_NS: Readonly<Record<string, number>> = {
  week: 7 * DAY_MS * 1e6,
  day: DAY_MS * 1e6,
  hour: 3_600_000 * 1e6,
  minute: 60_000 * 1e6,
  second: 1e9,
  millisecond: 1e6,
  microsecond: 1e3,
  nanosecond: 1,
}

const civil = new Int32Array(3)

/** ms moved `k` calendar months, the day clamped to the target month. */
function addMonths(ms: number, k: number): number {
  const days = Math.floor(ms / DAY_MS)
  civilFromDays(days, civil)
  const m = civil[0] * 12 + civil[1] - 1 + k
  const year = Math.floor(m / 12)
  const month = mod(m, 12) + 1
  const day = Math.min(civil[2], daysInMonth(year, month))
  return daysFromCivil(year, month, day) * DAY_MS + (ms - days * DAY_MS)
}

/** datetime_add(part, value, datetime). */
export const datetimeAddKernel: Kernel = (args, n, site) => {
  const ms = new Float64Array(n)
  const ns = new Int32Array(n)
  const valid = new Uint8Array(n)
  const out: TimeVec = { kind: 'time', ms, ns, valid }
  const part = constantOf(args[0])?.value
  if (part === null) return out
  if (typeof part !== 'string')
    throw new ExecError('not_supported', 'datetime_add: the part must be a constant string')
  const key = part.toLowerCase()
  const months = Object.hasOwn(MONTHS, key) ? MONTHS[key] : undefined
  const unit = Object.hasOwn(FIXED_NS, key) ? FIXED_NS[key] : undefined
  const t = args[2]
  if (t.kind !== 'time' || (months === undefined && unit === undefined)) return out
  const value = readArg(args[1], 'long', n)
  const sel = site.sel ?? null
  const live = sel ? sel.length : n
  for (let j = 0; j < live; j++) {
    if (j > 0 && j % KERNEL_CHECK_ROWS === 0) site.interrupt?.()
    const i = sel ? sel[j] : j
    const k = valueAt(value, i)
    if (typeof k !== 'number' || (t.valid && !t.valid[i])) continue
    let m: number
    let sub = t.ns[i]
    if (months !== undefined) m = addMonths(t.ms[i], k * months)
    else {
      // k·unit ns as whole ms plus a sub-ms remainder (exact while k·unit/1e6 fits 2^53).
      const total = k * (unit as number)
      const whole = Math.floor(total / 1e6)
      sub += total - whole * 1e6
      m = t.ms[i] + whole + Math.floor(sub / 1e6)
      sub = mod(sub, 1e6)
    }
    if (!(Math.abs(m) <= MAX_MS)) continue
    ms[i] = m
    ns[i] = sub
    valid[i] = 1
  }
  return out
}
