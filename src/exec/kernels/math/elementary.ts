// exec/kernels/math/elementary.ts: the elementary real functions of the math family (trigonometry,
// exponentials, logarithms, pow, pi, sign, the finite/NaN/integer tests), one per-value definition
// each on the kernel-authoring helper: numeric columns run as typed loops with no per-row allocation.
import { constantVec } from '../constants.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'

/** `name(x) → real` from a number function; `domain` false gives null (Axiom: out-of-range is null). */
function real(f: (x: number) => number, domain?: (x: number) => boolean): Kernel {
  const fn = domain === undefined ? f : (x: number) => (domain(x) ? f(x) : null)
  return scalarKernel({ args: ['real'], returns: 'real', fn })
}

/** `name(x) → bool` over a number; a null argument is null. */
function test(f: (x: number) => boolean): Kernel {
  return scalarKernel({ args: ['real'], returns: 'bool', fn: f })
}

const unit = (x: number) => x >= -1 && x <= 1
const positive = (x: number) => x > 0

/** sign(x) in the type of x: -1, 0 or 1 (NaN stays NaN for a real). */
const signReal = scalarKernel({ args: ['real'], returns: 'real', fn: Math.sign })
const sign: Kernel = (args, n, site) => {
  const v = signReal(args, n, site)
  return v.kind === 'num' && site.type === 'long' ? { ...v, type: 'long' } : v
}

/** isint(any): true for an integral number; false for a fraction, NaN, infinity, a non-number or null. */
const isintNumber = scalarKernel({
  args: ['number'],
  returns: 'bool',
  nulls: 'call',
  fn: (x) => x !== null && Number.isInteger(x),
})
const isint: Kernel = (args, n, site) =>
  args[0].kind === 'bool' ? isintNumber([constantVec('bool', null, n)], n, site) : isintNumber(args, n, site)

/** Kernels of the elementary functions, keyed by catalog kernel key. */
export const ELEMENTARY_KERNELS = {
  acos: real(Math.acos, unit),
  asin: real(Math.asin, unit),
  atan: real(Math.atan),
  atan2: scalarKernel({ args: ['real', 'real'], returns: 'real', fn: Math.atan2 }),
  cos: real(Math.cos),
  cot: real((x) => Math.cos(x) / Math.sin(x)),
  sin: real(Math.sin),
  tan: real(Math.tan),
  degrees: real((x) => (x * 180) / Math.PI),
  radians: real((x) => (x * Math.PI) / 180),
  exp: real(Math.exp),
  exp2: real((x) => 2 ** x),
  exp10: real((x) => 10 ** x),
  log10: real(Math.log10, positive),
  log2: real(Math.log2, positive),
  // Axiom: a negative x gives NaN (shown as null; isnan sees it).
  sqrt: real(Math.sqrt),
  pow: scalarKernel({ args: ['real', 'real'], returns: 'real', fn: (b, e) => b ** e }),
  pi: scalarKernel({ args: [], returns: 'real', fn: () => Math.PI }),
  sign,
  isfinite: test(Number.isFinite),
  isinf: test((x) => x === Number.POSITIVE_INFINITY || x === Number.NEGATIVE_INFINITY),
  isnan: test(Number.isNaN),
  isint,
} as const satisfies Record<string, Kernel>
