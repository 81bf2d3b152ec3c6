// plan/bind-join.ts: `join [kind=…] right on keys`: kinds, `on col` and `$left.a == $right.b` keys,
// and the output schema (right-side duplicates get a numeric suffix, `trace_id1`, decision §10.6).

import { comparable } from '../catalog/index.ts'
import { coverSpans } from '../diagnostics/span.ts'
import { type Expr, type Join, node } from '../syntax/ast.ts'
import { type BindContext, rowScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { bindTabular } from './bind-source.ts'
import type { BoundExpr } from './bound-expr.ts'
import { type ColumnInfo, findColumn } from './columns.ts'
import { JOIN_KINDS, type JoinKey, type JoinKind, type LogicalNode, logical } from './logical.ts'
import { unknownField } from './names.ts'

/** The join kind when none is written (apl-reference §4: inner in the APL docs). */
export const DEFAULT_JOIN_KIND: JoinKind = 'inner'

/** Which inputs' columns a join kind outputs. */
const OUTPUT_SIDES: { readonly [K in JoinKind]: 'both' | 'left' | 'right' } = {
  inner: 'both',
  innerunique: 'both',
  leftouter: 'both',
  rightouter: 'both',
  fullouter: 'both',
  leftanti: 'left',
  leftsemi: 'left',
  rightanti: 'right',
  rightsemi: 'right',
}

/** `$left.x` / `$right.['x.y']` / `$left.a.b` → the side and the key expression without the qualifier. */
function qualified(e: Expr): { side: '$left' | '$right'; column: Expr } | undefined {
  if (e.kind !== 'Path') return undefined
  const t = e.target
  if (t.kind === 'Name' && (t.name === '$left' || t.name === '$right'))
    return { side: t.name, column: e.member }
  const inner = qualified(t)
  if (inner === undefined) return undefined
  const span = coverSpans(inner.column.span, e.member.span)
  return { side: inner.side, column: node('Path', { target: inner.column, member: e.member }, span) }
}

function bindSide(e: Expr, node: LogicalNode, ctx: BindContext): BoundExpr {
  return bindExpr(e, rowScope(node.schema), ctx)
}

function joinKey(e: Expr, left: LogicalNode, right: LogicalNode, ctx: BindContext): JoinKey {
  if (e.kind === 'Name' || e.kind === 'BracketName') {
    // `on id`: the same-named column on both sides.
    for (const side of [left, right]) {
      if (findColumn(side.schema, e.name) === undefined) unknownField(e.name, e.span, side.schema, ctx)
    }
    return { left: bindSide(e, left, ctx), right: bindSide(e, right, ctx) }
  }
  if (e.kind === 'Binary' && e.op === '==') {
    const a = qualified(e.left)
    const b = qualified(e.right)
    if (a !== undefined && b !== undefined && a.side !== b.side) {
      const [l, r] = a.side === '$left' ? [a, b] : [b, a]
      const key = { left: bindSide(l.column, left, ctx), right: bindSide(r.column, right, ctx) }
      if (!comparable(key.left.type, key.right.type, false)) {
        ctx.fail('APL0306', e.span, { operator: '==', left: key.left.type, right: key.right.type })
      }
      return key
    }
  }
  return ctx.fail('APL0317', e.span, {
    operator: 'join',
    reason: 'each condition must be a column name or `$left.column == $right.column`',
  })
}

/** The name `name` takes on the output: itself, or with the smallest numeric suffix not yet used. */
function uniqueName(name: string, used: Set<string>): string {
  let out = name
  for (let n = 1; used.has(out); n++) out = `${name}${n}`
  used.add(out)
  return out
}

/** `left | join kind=… (right) on …` → Join. */
export function bindJoin(op: Join, left: LogicalNode, ctx: BindContext): LogicalNode {
  const kindName = op.joinKind?.name ?? DEFAULT_JOIN_KIND
  const joinKind = JOIN_KINDS.find((k) => k === kindName)
  if (joinKind === undefined) {
    return ctx.fail('APL0317', op.joinKind?.span ?? op.span, {
      operator: 'join',
      reason: `unknown kind \`${kindName}\` (expected ${JOIN_KINDS.join(', ')})`,
    })
  }
  const right = bindTabular(op.right, ctx)
  if (op.on.length === 0) {
    return ctx.fail('APL0317', op.span, { operator: 'join', reason: 'an `on` clause is required' })
  }
  const keys = op.on.map((e) => joinKey(e, left, right, ctx))
  const sides = OUTPUT_SIDES[joinKind]
  const used = new Set<string>()
  const schema: ColumnInfo[] = []
  if (sides !== 'right') for (const c of left.schema) schema.push({ ...c, name: uniqueName(c.name, used) })
  const rightNames: { from: string; to: string }[] = []
  if (sides !== 'left') {
    for (const c of right.schema) {
      const to = uniqueName(c.name, used)
      rightNames.push({ from: c.name, to })
      schema.push({ ...c, name: to })
    }
  }
  return logical('Join', { schema, span: op.span, joinKind, left, right, keys, rightNames })
}
