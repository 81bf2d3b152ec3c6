// test/reference/scalar/math.ts: the reference's math functions, row at a time: abs, log, round.
// Written from the functions' documentation, never from engine code.

import { isNumber, Timespan, wrapLong } from '../values.ts'
import { type FamilyImpls, int, strict } from './define.ts'

/** `round(x, p)`: half away from zero at 10^-p, computed in doubles: sign * floor(|x| * 10^p + 0.5) / 10^p. */
function round(x: number, p: number): number {
  if (!Number.isFinite(x)) return x
  const a = Math.abs(x)
  // A negative precision scales by dividing, so 10^-p stays an exact integer power of ten.
  const r = p >= 0 ? Math.floor(a * 10 ** p + 0.5) / 10 ** p : Math.floor(a / 10 ** -p + 0.5) * 10 ** -p
  return r === 0 ? 0 : Math.sign(x) * r
}

/** The math family. */
export const MATH: FamilyImpls<'math'> = {
  abs: strict(([x]) => {
    if (typeof x === 'bigint') return wrapLong(x < 0n ? -x : x)
    if (x instanceof Timespan) return new Timespan(x.ns < 0n ? -x.ns : x.ns)
    return typeof x === 'number' ? Math.abs(x) : null
  }),
  log: strict(([x]) => (!isNumber(x) || Number(x) <= 0 ? null : Math.log(Number(x)))),
  round: strict(([x, p]) => (isNumber(x) ? round(Number(x), p === undefined ? 0 : int(p)) : null)),
}
