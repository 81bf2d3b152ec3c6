// exec/eval/evaluate.ts: evaluates a bound expression over a batch through an exhaustive table over
// expression kinds. Kernels see the batch's selection (KernelSite.sel) and may compute only its rows;
// callers read results at live rows only. Kernels come from the tables in ../kernels; a missing
// kernel is a `not supported yet` error naming the function, never a guess.
import type { BoundExpr, ExprKind, ExprOf, RowSchema } from '../../plan/index.ts'
import { type Batch, nullVec, UNREAD } from '../batch.ts'
import { ExecError } from '../context.ts'
import { asBool } from '../kernels/coerce.ts'
import { constantVec } from '../kernels/constants.ts'
import { indexInto, memberOf } from '../kernels/dynamic/dynamic-access.ts'
import type { Interrupt, Kernel, KernelEnv, KernelSite } from '../kernels/kernel.ts'
import { operatorKernels } from '../kernels/operator-kernels.ts'
import { scalarKernels } from '../kernels/scalar-kernels.ts'
import type { Vec } from '../vector.ts'

/** What evaluation needs besides the batch: the input schema's column positions and the kernel env. */
export interface EvalScope {
  /** Column name → index into `batch.cols`. */
  readonly columns: ReadonlyMap<string, number>
  readonly env: KernelEnv
  /**
   * The query's interrupt check, handed to every kernel (KernelSite.interrupt); absent = none. The
   * hook point for deadlines, cancellation and memory budgets inside long kernels.
   */
  readonly interrupt?: Interrupt
}

/** A scope over `schema`. */
export function scopeOf(schema: RowSchema, env: KernelEnv, interrupt?: Interrupt): EvalScope {
  const columns = new Map(schema.map((c, i) => [c.name, i] as const))
  return interrupt === undefined ? { columns, env } : { columns, env, interrupt }
}

type Evaluator<K extends ExprKind> = (e: ExprOf<K>, b: Batch, s: EvalScope) => Vec

function site(e: BoundExpr, b: Batch, s: EvalScope, coercion: KernelSite['coercion'] = 'none'): KernelSite {
  return { type: e.type, coercion, env: s.env, sel: b.sel, interrupt: s.interrupt }
}

function opKernel(key: string, label: string): Kernel {
  const k = (operatorKernels as Readonly<Record<string, Kernel | undefined>>)[key]
  if (!k) throw new ExecError('not_supported', `operator '${label}' is not supported yet by the executor`)
  return k
}

function unsupported(what: string): never {
  throw new ExecError('not_supported', `${what} is not supported yet by the executor`)
}

const EVALUATORS: { readonly [K in ExprKind]: Evaluator<K> } = {
  Column: (e, b, s) => {
    const i = s.columns.get(e.name)
    if (i === undefined) throw new ExecError('invalid_argument', `column '${e.name}' is not in the input`)
    // A field the scan did not read is one no later operator observes (the binder's scan-field
    // analysis): dead `extend` columns still evaluate, so give them typed nulls, not the marker.
    return b.cols[i] === UNREAD ? nullVec(e.type, b.length) : b.cols[i]
  },
  Literal: (e, b) => constantVec(e.type, e.value, b.length),
  Call: (e, b, s) => {
    const k = (scalarKernels as Readonly<Record<string, Kernel | undefined>>)[e.kernel]
    if (!k) unsupported(`function '${e.fn.name}'`)
    return k(
      e.args.map((a) => evaluate(a, b, s)),
      b.length,
      site(e, b, s),
    )
  },
  AggCall: (e) => unsupported(`aggregation '${e.fn.name}' outside summarize`),
  Binary: (e, b, s) =>
    opKernel(e.kernel, e.op.name)(
      [evaluate(e.left, b, s), evaluate(e.right, b, s)],
      b.length,
      site(e, b, s, e.coercion),
    ),
  Unary: (e, b, s) => opKernel(e.kernel, e.op.name)([evaluate(e.operand, b, s)], b.length, site(e, b, s)),
  InList: (e, b, s) =>
    opKernel(e.kernel, e.op.name)(
      [evaluate(e.left, b, s), ...e.values.map((v) => evaluate(v, b, s))],
      b.length,
      site(e, b, s, e.coercion),
    ),
  Between: (e, b, s) =>
    opKernel(e.kernel, e.op.name)(
      [evaluate(e.left, b, s), evaluate(e.low, b, s), evaluate(e.high, b, s)],
      b.length,
      site(e, b, s, e.coercion),
    ),
  Cast: (e, b, s) => {
    const v = evaluate(e.operand, b, s)
    if (v.kind === 'num' && e.type === 'real')
      return { kind: 'num', type: 'real', values: v.values, valid: v.valid }
    return v
  },
  Member: (e, b, s) => memberOf(evaluate(e.target, b, s), e.key, b.length),
  Index: (e, b, s) => indexInto(evaluate(e.target, b, s), evaluate(e.index, b, s), b.length),
  AnyColumn: (e, b, s) => {
    // `* op x`: OR of `column op x` over the listed string columns; a null test counts as false.
    const k = opKernel(e.kernel, e.op.name)
    const right = evaluate(e.right, b, s)
    const out = new Uint8Array(b.length)
    for (const c of e.columns) {
      const r = asBool(k([evaluate(c, b, s), right], b.length, site(e, b, s)), b.length)
      for (let i = 0; i < b.length; i++) if (r.values[i] === 1 && (!r.valid || r.valid[i] === 1)) out[i] = 1
    }
    return { kind: 'bool', values: out, valid: null }
  },
}

/** The value of `e` at every row `0 … b.length-1`. */
export function evaluate(e: BoundExpr, b: Batch, s: EvalScope): Vec {
  return (EVALUATORS[e.kind] as Evaluator<ExprKind>)(e as never, b, s)
}
