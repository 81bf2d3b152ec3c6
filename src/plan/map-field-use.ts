// plan/map-field-use.ts: refuses a map field (a stored object of keys) where a scalar is needed — an
// operator's operand, or a function/aggregation argument whose parameter takes no dynamic value —
// with APL0331 at the column, instead of a silently false or null result.
import { type Param, typesOf } from '../catalog/index.ts'
import type { BindContext } from './bind-context.ts'
import type { BoundExpr } from './bound-expr.ts'

/** The name of the map field `e` reads as a whole (every stored type of the column is `map`). */
function mapFieldName(e: BoundExpr): string | undefined {
  const c = e.kind === 'Cast' ? e.operand : e
  if (c.kind !== 'Column' || c.storage.length === 0) return undefined
  return c.storage.every((t) => t === 'map') ? c.name : undefined
}

/** Fails when an operand of an operator is a whole map field. */
export function refuseMapOperands(operands: readonly BoundExpr[], ctx: BindContext): void {
  for (const o of operands) {
    const name = mapFieldName(o)
    if (name !== undefined) ctx.fail('APL0331', o.span, { name })
  }
}

/** Fails when an argument that is a whole map field meets a parameter taking no dynamic value. */
export function refuseMapArguments(
  args: readonly BoundExpr[],
  params: readonly Param[],
  ctx: BindContext,
): void {
  args.forEach((a, i) => {
    const name = mapFieldName(a)
    const p = params[i]
    if (name !== undefined && p !== undefined && !typesOf(p.accepts).includes('dynamic'))
      ctx.fail('APL0331', a.span, { name })
  })
}
