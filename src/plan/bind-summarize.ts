// plan/bind-summarize.ts: `summarize` and `make-series`: group keys, aggregations (bare or wrapped in
// scalar expressions; arg_min/arg_max with several columns via bind-arg-extremum.ts), output naming
// (decision §10.1, via catalog column-names) and time bucketing.

import { defaultAggregateColumnName } from '../catalog/index.ts'
import type { ColumnExpr, MakeSeries, MakeSeriesAggregate, Summarize } from '../syntax/ast.ts'
import { argExtremumCall, bindArgExtremum } from './bind-arg-extremum.ts'
import type { BindContext, ExprScope } from './bind-context.ts'
import { rowScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import type { BoundAggCall, BoundExpr, BoundLiteral } from './bound-expr.ts'
import { columnInfo } from './columns.ts'
import { aggregateCalls, isConstant } from './expr-walk.ts'
import {
  type AggregateColumn,
  type ColumnDef,
  type LogicalNode,
  logical,
  type SeriesAggregate,
  type TimeBucket,
} from './logical.ts'
import { argText, columnNumberer, defaultExprName, finalNames, type PendingName } from './names.ts'

/** Binds group keys (`by …`) against `scope`; unnamed non-column keys are numbered `Column1`…. */
function bindKeys(
  by: readonly ColumnExpr[],
  scope: ExprScope,
  ctx: BindContext,
  next: () => string,
): { exprs: BoundExpr[]; names: PendingName[] } {
  const exprs: BoundExpr[] = []
  const names: PendingName[] = []
  for (const k of by) {
    const node = k.kind === 'NamedExpr' ? k.expr : k
    const expr = bindExpr(node, { ...scope, groupKey: true }, ctx)
    exprs.push(expr)
    names.push(
      k.kind === 'NamedExpr'
        ? { name: k.name.name, explicit: true, span: k.name.span }
        : { name: defaultExprName(expr) ?? next(), explicit: false, span: k.span },
    )
  }
  return { exprs, names }
}

/** Default name of an aggregation output: the catalog rule for a bare call, or for the only call inside. */
function aggregateName(expr: BoundExpr, next: () => string): string {
  const calls = aggregateCalls(expr)
  if (calls.length !== 1) return next()
  return defaultAggregateColumnName(calls[0].fn, calls[0].args.map(argText))
}

/** Binds one summarize output; it must contain an aggregation. */
function bindAggregate(c: ColumnExpr, scope: ExprScope, ctx: BindContext): BoundExpr {
  const node = c.kind === 'NamedExpr' ? c.expr : c
  const expr = bindExpr(node, { ...scope, aggregates: 'top' }, ctx)
  if (aggregateCalls(expr).length === 0) {
    ctx.fail('APL0317', node.span, {
      operator: 'summarize',
      reason: 'each output must use an aggregation such as count()',
    })
  }
  return expr
}

/** The time bucket of the first key that bins a datetime: `bin(t, <constant>)` or `bin_auto(_time)`. */
function timeBucketOf(keys: readonly BoundExpr[]): TimeBucket | null {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]
    if (k.kind !== 'Call' || k.type !== 'datetime') continue
    if (k.fn.name === 'bin_auto') return { keyIndex: i, step: 'auto' }
    const step = k.args[1]
    if (k.fn.name === 'bin' && step?.kind === 'Literal' && typeof step.value === 'bigint') {
      return { keyIndex: i, step: step.value }
    }
  }
  return null
}

/** One bound summarize output: its expression and the pending names of its columns (arg_max: several). */
interface BoundOutput {
  readonly expr: BoundExpr
  readonly names: readonly PendingName[]
  /** arg_min/arg_max: the output has payload columns (possibly none, for a `*` with nothing left). */
  readonly rowColumns: boolean
}

function bindOutput(
  a: ColumnExpr,
  scope: ExprScope,
  keyNames: ReadonlySet<string>,
  ctx: BindContext,
  next: () => string,
): BoundOutput {
  const arg = argExtremumCall(a.kind === 'NamedExpr' ? a.expr : a)
  if (arg !== undefined) {
    const b = bindArgExtremum(a, arg.call, arg.row, scope, keyNames, ctx, next)
    return { expr: b.call, names: b.names, rowColumns: true }
  }
  const expr = bindAggregate(a, scope, ctx)
  const name: PendingName =
    a.kind === 'NamedExpr'
      ? { name: a.name.name, explicit: true, span: a.name.span }
      : { name: aggregateName(expr, next), explicit: false, span: a.span }
  return { expr, names: [name], rowColumns: false }
}

/** `summarize aggs by keys` → Aggregate (columns: keys, then each aggregate's column(s)). */
export function bindSummarize(op: Summarize, input: LogicalNode, ctx: BindContext): LogicalNode {
  const scope = rowScope(input.schema)
  const next = columnNumberer()
  const keys = bindKeys(op.by, scope, ctx, next)
  const keyNames = new Set(keys.names.map((k) => k.name))
  const outputs = op.aggregates.map((a) => bindOutput(a, scope, keyNames, ctx, next))
  const names = finalNames([...keys.names, ...outputs.flatMap((o) => o.names)], ctx)
  const keyDefs: ColumnDef[] = keys.exprs.map((expr, i) => ({ name: names[i], expr }))
  let at = keys.exprs.length
  const aggregates: AggregateColumn[] = outputs.map(({ expr, names: own, rowColumns }) => {
    const name = names[at]
    const payload = names.slice(at + 1, at + own.length)
    at += own.length
    const wireName = expr.kind === 'AggCall' ? expr.fn.wireName : 'computed'
    return rowColumns ? { name, expr, wireName, payload } : { name, expr, wireName }
  })
  const schema = [
    ...keyDefs.map((k) => columnInfo(k.name, k.expr.type)),
    ...aggregates.flatMap((a) => [
      columnInfo(a.name, a.expr.type),
      ...(a.payload ?? []).map((p, i) => columnInfo(p, (a.expr as BoundAggCall).args[1 + i].type)),
    ]),
  ]
  return logical('Aggregate', {
    schema,
    span: op.span,
    input,
    keys: keyDefs,
    aggregates,
    timeBucket: timeBucketOf(keys.exprs),
  })
}

/** The axis column of make-series (decision §10.6). */
export const SERIES_AXIS = '_time'

function bindSeriesAggregate(a: MakeSeriesAggregate, scope: ExprScope, ctx: BindContext): BoundAggCall {
  const expr = bindAggregate(a.column, scope, ctx)
  if (expr.kind !== 'AggCall') {
    return ctx.fail('APL0317', expr.span, {
      operator: 'make-series',
      reason: 'each series must be one aggregation call',
    })
  }
  return expr
}

function bindFill(a: MakeSeriesAggregate, call: BoundAggCall, ctx: BindContext): BoundLiteral | null {
  if (a.default === null) return null
  const fill = bindExpr(a.default, rowScope([]), ctx)
  if (fill.kind !== 'Literal') return ctx.fail('APL0319', fill.span, { name: 'the `default` of make-series' })
  const numeric = (t: string) => t === 'long' || t === 'real'
  const fits =
    fill.type === call.type || fill.type === 'unknown' || (numeric(fill.type) && numeric(call.type))
  if (!fits) return ctx.fail('APL0314', fill.span, { expected: call.type, actual: fill.type })
  return fill
}

/** The step type an axis of `axisType` needs. */
function stepTypeOf(axisType: string): readonly string[] {
  return axisType === 'datetime' || axisType === 'timespan' ? ['timespan'] : ['long', 'real']
}

/** `make-series aggs on axis [from a] [to b] step s [by keys]` → MakeSeries. */
export function bindMakeSeries(op: MakeSeries, input: LogicalNode, ctx: BindContext): LogicalNode {
  const scope = rowScope(input.schema)
  const calls = op.aggregates.map((a) => bindSeriesAggregate(a, scope, ctx))
  const fills = op.aggregates.map((a, i) => bindFill(a, calls[i], ctx))
  const on = bindExpr(op.on, scope, ctx)
  if (!['datetime', 'timespan', 'long', 'real'].includes(on.type)) {
    return ctx.fail('APL0314', on.span, { expected: 'a datetime or numeric axis', actual: on.type })
  }
  const bound = (e: typeof op.from, what: string, types: readonly string[]) => {
    if (e === null) return null
    const x = bindExpr(e, scope, ctx)
    if (!isConstant(x)) return ctx.fail('APL0319', x.span, { name: `the \`${what}\` of make-series` })
    if (!types.includes(x.type))
      return ctx.fail('APL0314', x.span, { expected: types.join(' or '), actual: x.type })
    return x
  }
  const axisTypes = on.type === 'real' ? ['long', 'real'] : [on.type]
  const from = bound(op.from, 'from', axisTypes)
  const to = bound(op.to, 'to', axisTypes)
  const step = bound(op.step, 'step', stepTypeOf(on.type)) as BoundExpr
  const next = columnNumberer()
  const keys = bindKeys(op.by, scope, ctx, next)
  const seriesNames: PendingName[] = op.aggregates.map((a, i) =>
    a.column.kind === 'NamedExpr'
      ? { name: a.column.name.name, explicit: true, span: a.column.name.span }
      : { name: aggregateName(calls[i], next), explicit: false, span: a.span },
  )
  const axisName: PendingName = { name: SERIES_AXIS, explicit: true, span: op.on.span }
  const names = finalNames([...keys.names, ...seriesNames, axisName], ctx)
  const keyDefs: ColumnDef[] = keys.exprs.map((expr, i) => ({ name: names[i], expr }))
  const aggregates: SeriesAggregate[] = calls.map((call, i) => ({
    name: names[keys.exprs.length + i],
    call,
    fill: fills[i],
  }))
  const schema = [
    ...keyDefs.map((k) => columnInfo(k.name, k.expr.type)),
    ...aggregates.map((a) => columnInfo(a.name, 'dynamic')),
    columnInfo(SERIES_AXIS, 'dynamic'),
  ]
  return logical('MakeSeries', {
    schema,
    span: op.span,
    input,
    aggregates,
    on,
    from,
    to,
    step,
    keys: keyDefs,
    axis: SERIES_AXIS,
  })
}
