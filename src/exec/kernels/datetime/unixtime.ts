// exec/kernels/datetime/unixtime.ts: unixtime_{seconds,milliseconds,microseconds,nanoseconds}_todatetime:
// whole units since the Unix epoch (Axiom: a fraction is truncated) as a datetime, written into its
// exact ms/ns parts; a value outside the datetime range (int64 ns) is null.
import type { TimeVec } from '../../vector.ts'
import { mod } from '../calendar/parts.ts'
import { readArg, valueAt } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'

/** The largest |epoch ms| a datetime holds (int64 ns). */
const MAX_MS = 9_223_372_036_854

const TWO_32 = 4_294_967_296

/**
 * `x mod d` (0 ≤ r < d) of an integral double, exact beyond 2^53 too (x = a·2^32 + lo with both
 * parts exact); the quotient (x − r) / d is then an integer the division rounds to exactly.
 */
function remainder(x: number, d: number): number {
  if (Math.abs(x) <= Number.MAX_SAFE_INTEGER) return mod(x, d)
  const a = Math.floor(x / TWO_32)
  const lo = x - a * TWO_32
  return mod(mod(a, d) * mod(TWO_32, d) + mod(lo, d), d)
}

/** The kernel for a unit of `unitNs` nanoseconds. */
function fromUnix(unitNs: number): Kernel {
  return (args, n, site) => {
    const ms = new Float64Array(n)
    const ns = new Int32Array(n)
    const valid = new Uint8Array(n)
    const v = readArg(args[0], 'long', n)
    const sel = site.sel ?? null
    const live = sel ? sel.length : n
    for (let j = 0; j < live; j++) {
      const i = sel ? sel[j] : j
      const x = valueAt(v, i)
      if (typeof x !== 'number') continue
      let m: number
      let sub = 0
      if (unitNs >= 1e6) m = x * (unitNs / 1e6)
      else {
        const perMs = 1e6 / unitNs
        const r = remainder(x, perMs)
        m = Math.round((x - r) / perMs)
        sub = r * unitNs
      }
      if (!(Math.abs(m) <= MAX_MS)) continue
      ms[i] = m
      ns[i] = sub
      valid[i] = 1
    }
    return { kind: 'time', ms, ns, valid } satisfies TimeVec
  }
}

/** The unixtime kernels. */
export const UNIXTIME_KERNELS = {
  unixtime_seconds_todatetime: fromUnix(1e9),
  unixtime_milliseconds_todatetime: fromUnix(1e6),
  unixtime_microseconds_todatetime: fromUnix(1e3),
  unixtime_nanoseconds_todatetime: fromUnix(1),
}
