// plan/bind-arg-extremum.ts: a summarize output that is a call to a `rowColumns` aggregation
// (`arg_max(expr, col1 [, col2 …] | *)`, arg_min): named forms, `*` expanded to the other input
// columns, and the pending names of its columns. Only whole summarize outputs come here.

import { defaultAggregateColumnName, lookupAggregate, resolveSignature } from '../catalog/index.ts'
import type { Call, CallArg, ColumnExpr, Expr, NamedExpr } from '../syntax/ast.ts'
import { failMismatch } from './bind-calls.ts'
import type { BindContext, ExprScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import {
  type AggregateRow,
  type BoundAggCall,
  type BoundExpr,
  boundExpr,
  boundLiteral,
  columnRef,
} from './bound-expr.ts'
import { argText, defaultExprName, type PendingName } from './names.ts'

/** A bound arg_min/arg_max output: the call and its column names (the value's first). */
export interface BoundArgExtremum {
  readonly call: BoundAggCall
  /** One per output column: the compared value, then one per `call.args[1 + i]`. */
  readonly names: readonly PendingName[]
}

/** The `rowColumns` catalog row `node` calls, or undefined for any other expression. */
export function argExtremumCall(node: Expr): { call: Call; row: AggregateRow } | undefined {
  if (node.kind !== 'Call') return undefined
  const row = lookupAggregate(node.name.name)
  return row?.rowColumns ? { call: node, row } : undefined
}

const nameOf = (n: NamedExpr): PendingName => ({ name: n.name.name, explicit: true, span: n.name.span })
const unnamed = (a: CallArg): Expr => (a.kind === 'NamedExpr' ? a.expr : a)

/**
 * Binds summarize output `c` (whose expression is `call` of `row`). `keyNames`: the summarize's key
 * columns, which `*` leaves out; `next` numbers unnamed returned expressions (`Column1`).
 */
export function bindArgExtremum(
  c: ColumnExpr,
  call: Call,
  row: AggregateRow,
  scope: ExprScope,
  keyNames: ReadonlySet<string>,
  ctx: BindContext,
  next: () => string,
): BoundArgExtremum {
  const name = call.name.name
  if (!ctx.capabilities.aggregate(row))
    return ctx.fail('APL0307', call.name.span, { feature: `aggregation \`${name}\`` })
  const inner: ExprScope = { ...scope, aggregates: 'inside', groupKey: false }
  const [first, ...rest] = call.args
  const star = rest.findIndex((a) => unnamed(a).kind === 'Star')
  if (star >= 0 && rest.length > 1) {
    return ctx.fail('APL0317', rest[star].span, {
      operator: name,
      reason: '`*` must be the only column after the expression',
    })
  }
  // The compared expression is never `*` (bindExpr refuses it there).
  const bound = call.args.map((a, i) =>
    i > 0 && unnamed(a).kind === 'Star' ? null : bindExpr(unnamed(a), inner, ctx),
  )
  // Arity and types as written (`*` counts as one column of any type), before `*` is expanded.
  const shapes = bound.map((b, i) => b ?? boundLiteral('dynamic', null, call.args[i].span))
  const match = resolveSignature(
    row,
    shapes.map((b) => b.type),
  )
  if (!match.ok) return failMismatch(match.mismatch, name, call, shapes, ctx)
  const value = bound[0] as BoundExpr
  const valueName = outerOrInnerName(c, first, ctx) ?? {
    name: defaultAggregateColumnName(row, [argText(value)]),
    explicit: false,
    span: call.span,
  }
  const returned: BoundExpr[] = []
  const names: PendingName[] = [valueName]
  if (star >= 0) {
    const at = rest[star].span
    const taken = new Set([...keyNames, valueName.name])
    for (const col of scope.schema) {
      if (taken.has(col.name)) continue
      returned.push(columnRef(col.name, col.type, col.storage, at))
      names.push({ name: col.name, explicit: false, span: at })
    }
  } else {
    rest.forEach((a, i) => {
      const e = bound[1 + i] as BoundExpr
      returned.push(e)
      names.push(
        a.kind === 'NamedExpr'
          ? nameOf(a)
          : { name: defaultExprName(e) ?? next(), explicit: false, span: a.span },
      )
    })
  }
  const args = [value, ...returned]
  return {
    call: boundExpr('AggCall', { type: match.returns, span: call.span, fn: row, kernel: row.kernel, args }),
    names,
  }
}

/** The value column's name from `Name = arg_max(…)` or `arg_max(Name = expr, …)`; both is an error. */
function outerOrInnerName(
  c: ColumnExpr,
  first: CallArg | undefined,
  ctx: BindContext,
): PendingName | undefined {
  const outer = c.kind === 'NamedExpr' ? nameOf(c) : undefined
  const inner = first?.kind === 'NamedExpr' ? nameOf(first) : undefined
  if (outer !== undefined && inner !== undefined) {
    return ctx.fail('APL0317', inner.span, {
      operator: 'summarize',
      reason: `the value column is named twice ('${outer.name}' and '${inner.name}')`,
    })
  }
  return outer ?? inner
}
