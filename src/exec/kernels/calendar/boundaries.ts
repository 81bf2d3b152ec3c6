// exec/kernels/calendar/boundaries.ts: startof{day,week,month,year}(datetime [, offset]) and their
// endof* forms on epoch ms (UTC; weeks start on Sunday). An end is the next period's start minus one
// 100 ns tick (23:59:59.9999999, as Axiom's pages show), written into the datetime's ms/ns parts.

import { daysFromCivil } from '../../../util/time/index.ts'
import type { TimeVec, Vec } from '../../vector.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'
import { civilOf, DAY_MS, daysOf, weekdayOfDays } from './parts.ts'

/** The start of the period holding `ms`, moved `k` periods. */
type StartOf = (ms: number, k: number) => number

const START: Readonly<Record<'day' | 'week' | 'month' | 'year', StartOf>> = {
  day: (ms, k) => (daysOf(ms) + k) * DAY_MS,
  week: (ms, k) => {
    const days = daysOf(ms)
    return (days - weekdayOfDays(days) + 7 * k) * DAY_MS
  },
  month: (ms, k) => {
    const c = civilOf(ms)
    const m = c[0] * 12 + (c[1] - 1) + k
    return daysFromCivil(Math.floor(m / 12), (((m % 12) + 12) % 12) + 1, 1) * DAY_MS
  },
  year: (ms, k) => daysFromCivil(civilOf(ms)[0] + k, 1, 1) * DAY_MS,
}

/** The kernel of `start(ms, offset + shift)`: one-argument calls take the helper's typed-loop path. */
function startKernel(start: StartOf, shift: number): Kernel {
  const plain = scalarKernel({ args: ['datetime_ms'], returns: 'datetime_ms', fn: (ms) => start(ms, shift) })
  const moved = scalarKernel({
    args: ['datetime_ms', 'long'],
    returns: 'datetime_ms',
    fn: (ms, k) => start(ms, k + shift),
  })
  return (args, n, site) => (args.length === 1 ? plain(args, n, site) : moved(args, n, site))
}

/** One tick (100 ns) before each start: ms − 1 with 999,900 ns. */
function tickBefore(v: Vec): Vec {
  if (v.kind !== 'time') return v
  const ms = new Float64Array(v.ms.length)
  const ns = new Int32Array(v.ms.length)
  for (let i = 0; i < ms.length; i++) {
    ms[i] = v.ms[i] - 1
    ns[i] = 999_900
  }
  return { kind: 'time', ms, ns, valid: v.valid } satisfies TimeVec
}

function endKernel(start: StartOf): Kernel {
  const next = startKernel(start, 1)
  return (args, n, site) => tickBefore(next(args, n, site))
}

/** The boundary kernels. */
export const BOUNDARY_KERNELS = {
  startofday: startKernel(START.day, 0),
  startofweek: startKernel(START.week, 0),
  startofmonth: startKernel(START.month, 0),
  startofyear: startKernel(START.year, 0),
  endofday: endKernel(START.day),
  endofweek: endKernel(START.week),
  endofmonth: endKernel(START.month),
  endofyear: endKernel(START.year),
}
