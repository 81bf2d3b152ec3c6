// exec/eval/evaluate.ts: evaluates a bound expression over a batch through an exhaustive table over
// expression kinds. Kernels see the batch's selection (KernelSite.sel) and may compute only its rows;
// callers read results at live rows only. Kernels come from the tables in ../kernels; a missing
// kernel is a `not supported yet` error naming the function, never a guess. A sub-expression shared
// by reference (a `let` used twice) is evaluated once per batch, and the query's guard is active while
// kernels run and is their interrupt check (exec/guard.ts).
import type { AplType } from '../../catalog/index.ts'
import type { BoundExpr, ExprKind, ExprOf, LiteralData, RowSchema } from '../../plan/index.ts'
import { exprOrigin } from '../../plan/index.ts'
import { type Batch, nullVec, UNREAD } from '../batch.ts'
import { ExecError } from '../context.ts'
import { withGuard } from '../guard.ts'
import { asBool } from '../kernels/coerce.ts'
import { constantOf, constantVec } from '../kernels/constants.ts'
import { indexInto, memberOf } from '../kernels/dynamic/dynamic-access.ts'
import type { Interrupt, Kernel, KernelEnv, KernelSite } from '../kernels/kernel.ts'
import { operatorKernels } from '../kernels/operator-kernels.ts'
import { scalarKernels } from '../kernels/scalar-kernels.ts'
import { cellAt, type Vec } from '../vector.ts'
import { constantListVec } from './in-list.ts'

/** What evaluation needs besides the batch: the input schema's column positions and the kernel env. */
export interface EvalScope {
  /** Column name → index into `batch.cols`. */
  readonly columns: ColumnLookup
  readonly env: KernelEnv
  /**
   * The query's interrupt check, handed to every kernel (KernelSite.interrupt); absent = none. The
   * hook point for deadlines, cancellation and memory budgets inside long kernels.
   */
  readonly interrupt?: Interrupt
}

/** Column name → index into a batch's columns. */
export interface ColumnLookup {
  get(name: string): number | undefined
}

/**
 * The index of a schema, made on first use: building the operators of a plan costs no per-stage
 * O(width) map (2,000 chained `extend`s would otherwise build 2,000 maps of up to 2,000 names at plan
 * time: issue 28, linear physical planning).
 */
class LazyColumns implements ColumnLookup {
  readonly #schema: RowSchema
  #index: Map<string, number> | undefined

  constructor(schema: RowSchema) {
    this.#schema = schema
  }

  get(name: string): number | undefined {
    this.#index ??= new Map(this.#schema.map((c, i) => [c.name, i] as const))
    return this.#index.get(name)
  }
}

/**
 * The index of an `extend`'s output that only appends names: looks in its own names, then in its
 * input's index (whose positions it keeps), remembering each answer. Down a chain of thousands of
 * such stages, each name is looked up once per stage, not indexed in full by every stage.
 */
class AppendedColumns implements ColumnLookup {
  readonly #input: ColumnLookup
  readonly #known = new Map<string, number>()

  constructor(input: ColumnLookup, appended: readonly string[], at: number) {
    this.#input = input
    for (let i = 0; i < appended.length; i++) this.#known.set(appended[i], at + i)
  }

  get(name: string): number | undefined {
    const hit = this.#known.get(name)
    if (hit !== undefined) return hit
    const at = this.#input.get(name)
    if (at !== undefined) this.#known.set(name, at)
    return at
  }
}

/** Indexes of schemas made so far (a schema is one immutable array per plan node). */
const lookups = new WeakMap<RowSchema, ColumnLookup>()

function lookupOf(schema: RowSchema): ColumnLookup {
  let l = lookups.get(schema)
  if (!l) {
    l = new LazyColumns(schema)
    lookups.set(schema, l)
  }
  return l
}

/**
 * Records that `output` is `input` followed by the `appended` names (an `extend` adding only new
 * names): its index is then made from `input`'s instead of from scratch.
 */
export function appendedSchema(output: RowSchema, input: RowSchema, appended: readonly string[]): void {
  if (!lookups.has(output)) lookups.set(output, new AppendedColumns(lookupOf(input), appended, input.length))
}

/** A scope over `schema`. */
export function scopeOf(schema: RowSchema, env: KernelEnv, interrupt?: Interrupt): EvalScope {
  const columns = lookupOf(schema)
  return interrupt === undefined ? { columns, env } : { columns, env, interrupt }
}

/** Values of the sub-expressions evaluated so far in one `evaluate` call (shared ones are reused). */
type Memo = Map<BoundExpr, Vec>

type Evaluator<K extends ExprKind> = (e: ExprOf<K>, b: Batch, s: EvalScope, m: Memo) => Vec

function site(e: BoundExpr, b: Batch, s: EvalScope, coercion: KernelSite['coercion'] = 'none'): KernelSite {
  return { type: e.type, coercion, env: s.env, sel: b.sel, interrupt: s.interrupt ?? s.env.guard?.interrupt }
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
  Call: (e, b, s, m) => {
    const k = (scalarKernels as Readonly<Record<string, Kernel | undefined>>)[e.kernel]
    if (!k) unsupported(`function '${e.fn.name}'`)
    return call(
      k,
      e,
      e.args.map((a) => ev(a, b, s, m)),
      b.length,
      site(e, b, s),
    )
  },
  AggCall: (e) => unsupported(`aggregation '${e.fn.name}' outside summarize`),
  Binary: (e, b, s, m) =>
    call(
      opKernel(e.kernel, e.op.name),
      e,
      [ev(e.left, b, s, m), ev(e.right, b, s, m)],
      b.length,
      site(e, b, s, e.coercion),
    ),
  Unary: (e, b, s, m) =>
    call(opKernel(e.kernel, e.op.name), e, [ev(e.operand, b, s, m)], b.length, site(e, b, s)),
  InList: (e, b, s, m) => {
    // A list of constants arrives as one constant array, compiled to a set once (kernels/operators/set-membership.ts).
    const list = constantListVec(e, b.length)
    return opKernel(e.kernel, e.op.name)(
      [ev(e.left, b, s, m), ...(list ? [list] : e.values.map((v) => ev(v, b, s, m)))],
      b.length,
      site(e, b, s, e.coercion),
    )
  },
  Between: (e, b, s, m) =>
    opKernel(e.kernel, e.op.name)(
      [ev(e.left, b, s, m), ev(e.low, b, s, m), ev(e.high, b, s, m)],
      b.length,
      site(e, b, s, e.coercion),
    ),
  Cast: (e, b, s, m) => {
    const v = ev(e.operand, b, s, m)
    if (v.kind === 'num' && e.type === 'real')
      return { kind: 'num', type: 'real', values: v.values, valid: v.valid }
    return v
  },
  Member: (e, b, s, m) => memberOf(ev(e.target, b, s, m), e.key, b.length),
  Index: (e, b, s, m) => indexInto(ev(e.target, b, s, m), ev(e.index, b, s, m), b.length),
  AnyColumn: (e, b, s, m) => {
    // `* op x`: OR of `column op x` over the listed string columns; a null test counts as false.
    const k = opKernel(e.kernel, e.op.name)
    const right = ev(e.right, b, s, m)
    const out = new Uint8Array(b.length)
    for (const c of e.columns) {
      const r = asBool(k([ev(c, b, s, m), right], b.length, site(e, b, s)), b.length)
      for (let i = 0; i < b.length; i++) if (r.values[i] === 1 && (!r.valid || r.valid[i] === 1)) out[i] = 1
    }
    return { kind: 'bool', values: out, valid: null }
  },
}

/**
 * `k` over `args`; when every argument is a constant (a `let` value, a literal), the kernel runs on
 * one row and its value is repeated: a constant is computed once per batch, not once per row.
 */
function call(k: Kernel, e: BoundExpr, args: readonly Vec[], n: number, at: KernelSite): Vec {
  if (n <= 1 || args.length === 0 || volatile(e) || e.type === 'unknown') return k(args, n, at)
  const consts = args.map(constantOf)
  if (consts.some((c) => c === undefined)) return k(args, n, at)
  const one = k(
    args.map((a, i) => constantVec(argType(a), consts[i]?.value as LiteralData, 1)),
    1,
    { ...at, sel: null },
  )
  if (one.kind === 'mixed') return k(args, n, at)
  return constantVec(e.type, cellAt(one, 0) as LiteralData, n)
}

/** The APL type a constant vector of this layout was made for. */
function argType(v: Vec): AplType {
  switch (v.kind) {
    case 'bool':
      return 'bool'
    case 'num':
      return v.type
    case 'time':
      return 'datetime'
    case 'span':
      return 'timespan'
    case 'str':
      return 'string'
    case 'dyn':
      return 'dynamic'
    case 'mixed':
      return 'unknown'
  }
}

/** True for calls whose equal arguments may give different values (`rand`): never shared. */
function volatile(e: BoundExpr): boolean {
  return e.kind === 'Call' && e.fn.volatile
}

function ev(e: BoundExpr, b: Batch, s: EvalScope, m: Memo): Vec {
  if (e.kind === 'Column') return EVALUATORS.Column(e, b, s, m)
  // Keyed by origin: every reference to one `let` value is computed once per evaluation.
  const key = exprOrigin(e)
  const hit = m.get(key)
  if (hit !== undefined) return hit
  s.env.guard?.tick(b.length)
  const v = (EVALUATORS[e.kind] as Evaluator<ExprKind>)(e as never, b, s, m)
  if (!volatile(e)) m.set(key, v)
  return v
}

/** The value of `e` at every row `0 … b.length-1`. */
export function evaluate(e: BoundExpr, b: Batch, s: EvalScope): Vec {
  return withGuard(s.env.guard, () => ev(e, b, s, new Map()))
}
