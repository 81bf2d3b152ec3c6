// plan/bind-lookup.ts: `lookup [kind=leftouter|inner] table on keys`: a join of that kind (left outer
// by default) whose output drops the right table's key columns, which would only repeat the left's
// (Kusto's lookup page; Axiom's is silent on the columns). The plan shows it as Join + Project.

import { type Lookup, node } from '../syntax/ast.ts'
import type { BindContext } from './bind-context.ts'
import { bindJoin } from './bind-join.ts'
import { columnRef } from './bound-expr.ts'
import { type ColumnDef, type LogicalNode, logical } from './logical.ts'

const LOOKUP_KINDS = ['leftouter', 'inner']

/** Binds `lookup` over `left`. */
export function bindLookup(op: Lookup, left: LogicalNode, ctx: BindContext): LogicalNode {
  const kind = op.lookupKind
  if (kind !== null && !LOOKUP_KINDS.includes(kind.name)) {
    return ctx.fail('APL0317', kind.span, {
      operator: 'lookup',
      reason: `unknown kind \`${kind.name}\` (expected leftouter, inner)`,
    })
  }
  const joinKind = kind ?? { kind: 'Name' as const, name: 'leftouter', span: op.span }
  const join = bindJoin(node('Join', { joinKind, right: op.right, on: op.on }, op.span), left, ctx)
  if (join.kind !== 'Join') return join
  const keyNames = new Set(join.keys.flatMap((k) => (k.right.kind === 'Column' ? [k.right.name] : [])))
  const dropped = new Set(join.rightNames.filter((r) => keyNames.has(r.from)).map((r) => r.to))
  const schema = join.schema.filter((c) => !dropped.has(c.name))
  const columns: ColumnDef[] = schema.map((c) => ({
    name: c.name,
    expr: columnRef(c.name, c.type, c.storage, op.span),
  }))
  return logical('Project', { schema, span: op.span, input: join, columns })
}
