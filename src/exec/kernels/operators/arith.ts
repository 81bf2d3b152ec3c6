// exec/kernels/operators/arith.ts: + - * / % and unary minus with the typing of apl-reference §3 and decision
// §10.5 (long ∘ long → long, `/` truncates toward zero, `%` non-negative for a positive divisor;
// datetime/timespan arithmetic). Division of longs by zero is null. One typed loop per call; mixed or
// dynamic operands go per value (per-value-numeric.ts).
import type { AplType } from '../../../catalog/index.ts'
import { ExecError } from '../../context.ts'
import type { Vec } from '../../vector.ts'
import type { Kernel } from '../kernel.ts'
import {
  floorMod,
  goesPerValue,
  type PerValueFn,
  perValueBinary,
  perValueUnary,
} from '../per-value-numeric.ts'

/** A numeric view of an operand: ns for timespans, epoch ms + ns for datetimes. */
interface Operand {
  readonly values: Float64Array
  readonly ns: Int32Array | null
  readonly valid: Uint8Array | null
  readonly kind: 'num' | 'span' | 'time'
}

function operand(v: Vec, op: string): Operand {
  if (v.kind === 'num' || v.kind === 'span')
    return { values: v.values, ns: null, valid: v.valid, kind: v.kind }
  if (v.kind === 'time') return { values: v.ms, ns: v.ns, valid: v.valid, kind: 'time' }
  throw new ExecError('not_supported', `operator '${op}' is not supported yet on ${v.kind} values`)
}

function mergeValid(a: Operand, b: Operand, n: number): Uint8Array | null {
  if (!a.valid && !b.valid) return null
  const out = new Uint8Array(n)
  for (let i = 0; i < n; i++) out[i] = (!a.valid || a.valid[i]) && (!b.valid || b.valid[i]) ? 1 : 0
  return out
}

function numOut(type: AplType, values: Float64Array, valid: Uint8Array | null): Vec {
  if (type === 'timespan') return { kind: 'span', values, valid }
  return { kind: 'num', type: type === 'long' ? 'long' : 'real', values, valid }
}

/** datetime ± ns (sign ±1) → datetime, exact while the offset is within ±2^53 ns. */
function shiftTime(t: Operand, span: Operand, sign: number, n: number): Vec {
  const ms = new Float64Array(n)
  const ns = new Int32Array(n)
  const tns = t.ns as Int32Array
  for (let i = 0; i < n; i++) {
    const total = tns[i] + sign * span.values[i]
    const carry = Math.floor(total / 1e6)
    ms[i] = t.values[i] + carry
    ns[i] = total - carry * 1e6
  }
  return { kind: 'time', ms, ns, valid: mergeValid(t, span, n) }
}

type NumFn = (x: number, y: number) => number

function binary(op: string, fn: NumFn, longFn: NumFn): Kernel {
  return (args, n, site) => {
    if (goesPerValue(args, site.type)) return perValueBinary(op, args[0], args[1], n, site.type)
    const a = operand(args[0], op)
    const b = operand(args[1], op)
    if (a.kind === 'time' && b.kind === 'span' && (op === '+' || op === '-'))
      return shiftTime(a, b, op === '+' ? 1 : -1, n)
    if (a.kind === 'span' && b.kind === 'time' && op === '+') return shiftTime(b, a, 1, n)
    const out = new Float64Array(n)
    const valid = mergeValid(a, b, n)
    if (a.kind === 'time' && b.kind === 'time' && op === '-') {
      const an = a.ns as Int32Array
      const bn = b.ns as Int32Array
      for (let i = 0; i < n; i++) out[i] = (a.values[i] - b.values[i]) * 1e6 + (an[i] - bn[i])
      return numOut('timespan', out, valid)
    }
    if (a.kind === 'time' || b.kind === 'time') {
      throw new ExecError('not_supported', `operator '${op}' is not supported on datetime operands here`)
    }
    const f = site.type === 'long' || (site.type === 'timespan' && op !== '/') ? longFn : fn
    for (let i = 0; i < n; i++) out[i] = f(a.values[i], b.values[i])
    let v = valid
    if (f === longFn && (op === '/' || op === '%')) {
      // Integer division or modulo by zero is null.
      for (let i = 0; i < n; i++) {
        if (Number.isNaN(out[i])) {
          if (!v) v = new Uint8Array(n).fill(1)
          v[i] = 0
          out[i] = 0
        }
      }
    }
    return numOut(site.type, out, v)
  }
}

/** Long modulo: floored like reals; a zero divisor marks the row null (NaN). */
const kustoMod = (x: number, y: number): number => (y === 0 ? Number.NaN : floorMod(x, y))

const neg = (x: number) => -x
const NEGATE: PerValueFn = { long: neg, real: neg, span: neg }

/** Arithmetic kernels keyed by operator kernel key. */
export const ARITH_KERNELS = {
  add: binary(
    '+',
    (x, y) => x + y,
    (x, y) => x + y,
  ),
  sub: binary(
    '-',
    (x, y) => x - y,
    (x, y) => x - y,
  ),
  mul: binary(
    '*',
    (x, y) => x * y,
    (x, y) => Math.trunc(x * y),
  ),
  div: binary(
    '/',
    (x, y) => x / y,
    (x, y) => (y === 0 ? Number.NaN : Math.trunc(x / y)),
  ),
  // Reals too take the divisor's sign (floored modulo, reference rule 19): -3.5 % 7 == 3.5.
  mod: binary('%', floorMod, kustoMod),
  negate: (args, n, site) => {
    if (goesPerValue(args, site.type)) return perValueUnary(NEGATE, args[0], n, site.type)
    const a = operand(args[0], '-')
    const out = new Float64Array(n)
    for (let i = 0; i < n; i++) out[i] = -a.values[i]
    const v = args[0]
    if (v.kind === 'span') return { kind: 'span', values: out, valid: v.valid }
    if (v.kind === 'num') return { kind: 'num', type: v.type, values: out, valid: v.valid }
    throw new ExecError('not_supported', 'unary minus is not supported on datetime values')
  },
} as const satisfies Record<string, Kernel>
