// exec/kernels/math.ts: numeric functions as typed loops: floor, ceiling, abs, log, round.
import { ExecError } from '../context.ts'
import type { Vec } from '../vector.ts'
import { constantOf } from './constants.ts'
import type { Kernel } from './kernel.ts'

function unary(name: string, f: (x: number) => number, real: boolean): Kernel {
  return (args, n) => {
    const v = args[0]
    if (v.kind !== 'num' && v.kind !== 'span')
      throw new ExecError('not_supported', `${name} is not supported on ${v.kind} values`)
    const out = new Float64Array(n)
    for (let i = 0; i < n; i++) out[i] = f(v.values[i])
    if (v.kind === 'span') return { kind: 'span', values: out, valid: v.valid }
    return { kind: 'num', type: real ? 'real' : v.type, values: out, valid: v.valid } satisfies Vec
  }
}

/** round(x[, digits]): half away from zero at `digits` decimals (0 by default). */
const round: Kernel = (args, n) => {
  const v = args[0]
  if (v.kind !== 'num') throw new ExecError('not_supported', `round is not supported on ${v.kind} values`)
  const c = args.length > 1 ? constantOf(args[1])?.value : 0
  if (typeof c !== 'number') throw new ExecError('not_supported', 'round: the precision must be a constant')
  const scale = 10 ** c
  const out = new Float64Array(n)
  for (let i = 0; i < n; i++)
    out[i] = (Math.sign(v.values[i]) * Math.round(Math.abs(v.values[i]) * scale)) / scale
  return { kind: 'num', type: 'real', values: out, valid: v.valid }
}

/** Math kernels keyed by scalar kernel key. */
export const MATH_KERNELS = {
  floor: unary('floor', Math.floor, false),
  ceiling: unary('ceiling', Math.ceil, false),
  abs: unary('abs', Math.abs, false),
  log: unary('log', Math.log, true),
  round,
} as const satisfies Record<string, Kernel>
