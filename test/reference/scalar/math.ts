// test/reference/scalar/math.ts: the reference's math functions, row at a time. Written from the
// functions' documentation (Axiom's mathematical-functions pages), never from engine code, except
// gamma/loggamma, which call the kernel's per-value definition (issue #20 allows it for helper kernels).

import { gamma, logGamma } from '../../../src/exec/kernels/math/gamma.ts'
import { relate } from '../compare.ts'
import { isNumber, Timespan, type Value, wrapLong } from '../values.ts'
import { type FamilyImpls, int, type ScalarImpl, strict } from './define.ts'

/** `round(x, p)`: half away from zero at 10^-p, computed in doubles: sign * floor(|x| * 10^p + 0.5) / 10^p. */
function round(x: number, p: number): number {
  if (!Number.isFinite(x)) return x
  const a = Math.abs(x)
  // A negative precision scales by dividing, so 10^-p stays an exact integer power of ten.
  const r = p >= 0 ? Math.floor(a * 10 ** p + 0.5) / 10 ** p : Math.floor(a / 10 ** -p + 0.5) * 10 ** -p
  return r === 0 ? 0 : Math.sign(x) * r
}

/** A real function of one number; null for non-numbers and where `inDomain` says no. */
function real(f: (x: number) => number | null, inDomain: (x: number) => boolean = () => true): ScalarImpl {
  return strict(([x]) => (isNumber(x) && inDomain(Number(x)) ? f(Number(x)) : null))
}

/** A real function of two numbers. */
function real2(f: (a: number, b: number) => number): ScalarImpl {
  return strict(([a, b]) => (isNumber(a) && isNumber(b) ? f(Number(a), Number(b)) : null))
}

/** A bool test of one number; null for null. */
function test(f: (x: number) => boolean): ScalarImpl {
  return strict(([x]) => (isNumber(x) ? f(Number(x)) : null))
}

/** max_of/min_of: the non-null argument that orders last (sign 1) or first (-1). */
function extreme(sign: 1 | -1): ScalarImpl {
  return (args) => {
    let best: Value = null
    for (const a of args) {
      if (a === null || (typeof a === 'number' && Number.isNaN(a))) continue
      if (best === null) best = a
      else {
        const r = relate(a, best, false)
        if (r !== 'unordered' && r * sign > 0) best = a
      }
    }
    return best
  }
}

const inUnit = (x: number) => -1 <= x && x <= 1
const above0 = (x: number) => x > 0

/** The math family. */
export const MATH: FamilyImpls<'math'> = {
  abs: strict(([x]) => {
    if (typeof x === 'bigint') return wrapLong(x < 0n ? -x : x)
    if (x instanceof Timespan) return new Timespan(x.ns < 0n ? -x.ns : x.ns)
    return typeof x === 'number' ? Math.abs(x) : null
  }),
  log: real(Math.log, above0),
  round: strict(([x, p]) => (isNumber(x) ? round(Number(x), p === undefined ? 0 : int(p)) : null)),
  acos: real(Math.acos, inUnit),
  asin: real(Math.asin, inUnit),
  atan: real(Math.atan),
  atan2: real2(Math.atan2),
  cos: real(Math.cos),
  cot: real((x) => 1 / (Math.sin(x) / Math.cos(x))),
  sin: real(Math.sin),
  tan: real(Math.tan),
  degrees: real((x) => x * (180 / Math.PI)),
  radians: real((x) => x * (Math.PI / 180)),
  exp: real(Math.exp),
  exp2: real((x) => 2 ** x),
  exp10: real((x) => 10 ** x),
  log10: real(Math.log10, above0),
  log2: real(Math.log2, above0),
  sqrt: real(Math.sqrt),
  pow: real2(Math.pow),
  pi: () => Math.PI,
  sign: strict(([x]) => {
    if (typeof x === 'bigint') return x > 0n ? 1n : x < 0n ? -1n : 0n
    return typeof x === 'number' ? Math.sign(x) : null
  }),
  gamma: real(gamma),
  loggamma: real(logGamma),
  isfinite: test(Number.isFinite),
  isinf: test((x) => !Number.isNaN(x) && !Number.isFinite(x)),
  isnan: test(Number.isNaN),
  isint: ([x]) => typeof x === 'bigint' || (typeof x === 'number' && Number.isInteger(x)),
  max_of: extreme(1),
  min_of: extreme(-1),
  rand: ([range]) =>
    range === undefined
      ? Math.random()
      : isNumber(range) && Number(range) > 0
        ? BigInt(Math.floor(Math.random() * Number(range)))
        : null,
}
