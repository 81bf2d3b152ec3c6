// plan/bind-mv-expand.ts: `mv-expand [kind=bag|array] [with_itemindex=Idx] Col [to typeof(T)], … [limit N]`:
// each item a dynamic (or mixed) column or `Name = expr`; an expanded column keeps its place (a new
// name goes last), the index column last of all.

import type { AplType } from '../catalog/index.ts'
import type { MvExpand } from '../syntax/ast.ts'
import { type BindContext, rowScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { type ColumnInfo, columnInfo } from './columns.ts'
import { isConstant } from './expr-walk.ts'
import { type LogicalNode, logical, type MvExpandItem } from './logical.ts'
import { defaultExprName } from './names.ts'

/** Binds mv-expand over `input`. */
export function bindMvExpand(op: MvExpand, input: LogicalNode, ctx: BindContext): LogicalNode {
  const kind = op.expandKind
  if (kind !== null && kind.name !== 'bag' && kind.name !== 'array') {
    ctx.fail('APL0317', kind.span, { operator: 'mv-expand', reason: 'kind is bag or array' })
  }
  const scope = rowScope(input.schema)
  const items: MvExpandItem[] = op.items.map((item) => {
    const c = item.column
    const expr = bindExpr(c.kind === 'NamedExpr' ? c.expr : c, scope, ctx)
    if (expr.type !== 'dynamic' && expr.type !== 'unknown') {
      ctx.fail('APL0314', expr.span, { expected: 'a dynamic array or bag', actual: expr.type })
    }
    const name = c.kind === 'NamedExpr' ? c.name.name : defaultExprName(expr)
    if (name === undefined) {
      return ctx.fail('APL0317', c.span, {
        operator: 'mv-expand',
        reason: 'name the expanded expression (Name = …)',
      })
    }
    return { name, expr, toType: item.toType as AplType | null }
  })
  let limit: number | null = null
  if (op.limit !== null) {
    const l = bindExpr(op.limit, scope, ctx)
    if (!isConstant(l) || l.kind !== 'Literal' || typeof l.value !== 'bigint' || l.value < 0n) {
      ctx.fail('APL0317', l.span, { operator: 'mv-expand', reason: 'limit is a non-negative long constant' })
    }
    limit = Number(l.value)
  }
  const expanded = new Map(items.map((i) => [i.name, i]))
  const typeOf = (i: MvExpandItem): AplType => i.toType ?? 'dynamic'
  const schema: ColumnInfo[] = input.schema.map((c) => {
    const i = expanded.get(c.name)
    return i === undefined ? c : columnInfo(c.name, typeOf(i))
  })
  for (const i of items)
    if (!input.schema.some((c) => c.name === i.name)) schema.push(columnInfo(i.name, typeOf(i)))
  const itemIndex = op.itemIndex?.name ?? null
  if (itemIndex !== null) {
    if (schema.some((c) => c.name === itemIndex))
      ctx.fail('APL0310', op.itemIndex?.span ?? op.span, { name: itemIndex })
    schema.push(columnInfo(itemIndex, 'long'))
  }
  const bagAs = kind?.name === 'bag' ? 'bag' : 'array'
  return logical('MvExpand', { schema, span: op.span, input, items, bagAs, itemIndex, limit })
}
