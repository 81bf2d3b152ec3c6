// exec/kernels/math/math.ts: numeric functions as typed loops: floor, ceiling (catalog family
// binning), abs, log, round (mixed or dynamic arguments per value, per-value-numeric.ts).
import { ExecError } from '../../context.ts'
import type { Vec } from '../../vector.ts'
import { constantOf } from '../constants.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'
import { goesPerValue, type PerValueFn, perValueUnary } from '../per-value-numeric.ts'

function unary(name: string, f: (x: number) => number, real: boolean, perValue: PerValueFn): Kernel {
  return (args, n, site) => {
    const v = args[0]
    if (goesPerValue(args, site.type)) return perValueUnary(perValue, v, n, site.type)
    if (v.kind !== 'num' && v.kind !== 'span')
      throw new ExecError('not_supported', `${name} is not supported on ${v.kind} values`)
    const out = new Float64Array(n)
    for (let i = 0; i < n; i++) out[i] = f(v.values[i])
    if (v.kind === 'span') return { kind: 'span', values: out, valid: v.valid }
    return { kind: 'num', type: real ? 'real' : v.type, values: out, valid: v.valid } satisfies Vec
  }
}

/** round(x[, digits]): half away from zero at `digits` decimals (0 by default). */
const round: Kernel = (args, n, site) => {
  const v = args[0]
  const c = args.length > 1 ? constantOf(args[1])?.value : 0
  if (typeof c !== 'number') throw new ExecError('not_supported', 'round: the precision must be a constant')
  const scale = 10 ** c
  const f = (x: number) => (Math.sign(x) * Math.round(Math.abs(x) * scale)) / scale
  if (goesPerValue(args, site.type))
    return perValueUnary({ long: f, real: f, realResult: true }, v, n, site.type)
  if (v.kind !== 'num') throw new ExecError('not_supported', `round is not supported on ${v.kind} values`)
  const out = new Float64Array(n)
  for (let i = 0; i < n; i++) out[i] = f(v.values[i])
  return { kind: 'num', type: 'real', values: out, valid: v.valid }
}

const same = (x: number) => x

/** floor(x): the largest integer not above x, in x's type. */
export const floorKernel = unary('floor', Math.floor, false, { long: same, real: Math.floor })

/** ceiling(x): the smallest integer not below x, in x's type. */
export const ceilingKernel = unary('ceiling', Math.ceil, false, { long: same, real: Math.ceil })

/** Math kernels keyed by scalar kernel key. */
export const MATH_FUNCTION_KERNELS = {
  abs: unary('abs', Math.abs, false, { long: Math.abs, real: Math.abs, span: Math.abs }),
  /** log(x): null for x <= 0 (NaN stays NaN), on the kernel-authoring helper. */
  log: scalarKernel({ args: ['real'], returns: 'real', fn: (x) => (x <= 0 ? null : Math.log(x)) }),
  round,
} as const satisfies Record<string, Kernel>
