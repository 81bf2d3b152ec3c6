// plan/bind-field-args.ts: the field-list arguments of an aggregation whose catalog row sets
// `fieldArgs` (spotlight): each must be a field reference, and a lone `*` stands for every input
// column. Repeated fields are kept once (the first), so each field is analysed once.

import type { Call, Expr } from '../syntax/ast.ts'
import type { BindContext, ExprScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { type AggregateRow, type BoundExpr, columnRef } from './bound-expr.ts'

/** Binds the arguments of `e` (a call to `row`, which has `fieldArgs`) in an aggregate's inner scope. */
export function bindFieldArgs(e: Call, row: AggregateRow, scope: ExprScope, ctx: BindContext): BoundExpr[] {
  const from = row.fieldArgs ?? e.args.length
  const name = e.name.name
  const out: BoundExpr[] = []
  const seen = new Set<string>()
  const push = (b: BoundExpr): void => {
    if (b.kind !== 'Column' || seen.has(b.name)) return
    seen.add(b.name)
    out.push(b)
  }
  for (const [i, a] of e.args.entries()) {
    if (a.kind === 'NamedExpr') ctx.fail('APL0307', a.span, { feature: 'a named function argument' })
    else if (i < from) out.push(bindExpr(a as Expr, scope, ctx))
    else if (a.kind === 'Star') {
      if (e.args.length - from > 1) {
        ctx.fail('APL0317', a.span, { operator: name, reason: '`*` must be the only field' })
      }
      for (const col of scope.schema) push(columnRef(col.name, col.type, col.storage, a.span))
    } else {
      const b = bindExpr(a as Expr, scope, ctx)
      if (b.kind !== 'Column') {
        ctx.fail('APL0317', a.span, {
          operator: name,
          reason: `argument ${i + 1} must be a field name (or \`*\`)`,
        })
      }
      push(b)
    }
  }
  return out
}
