// plan/names.ts: name resolution rules: bare and bracketed field names, dotted names (§10.8), `let`
// names, wildcards, and the default names of unnamed output columns. The one home of these decisions.

import { type AggArgText, dedupeColumnNames } from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import { suggest } from '../diagnostics/suggest.ts'
import type { BracketName, Expr, Name, Path } from '../syntax/ast.ts'
import type { BindContext, ExprScope } from './bind-context.ts'
import { type BoundExpr, boundExpr, columnRef, withSpan } from './bound-expr.ts'
import { type ColumnInfo, columnNames, findColumn, type RowSchema } from './columns.ts'
import { formatNumber } from './format-value.ts'

/** A column of the scope as an expression; refuses bare columns directly inside a summarize output. */
export function columnExpr(c: ColumnInfo, span: Span, scope: ExprScope, ctx: BindContext): BoundExpr {
  if (scope.aggregates === 'top') {
    ctx.fail('APL0320', span, { name: `field \`${c.name}\` outside an aggregation function` })
  }
  return columnRef(c.name, c.type, c.storage, span)
}

/**
 * Fails with "unknown field", suggesting the closest column (and scalar `let` name); where no row is in
 * scope (`let` values, `print`) the name can only be a variable, so it is "unknown name" instead.
 */
export function unknownField(name: string, span: Span, schema: RowSchema, ctx: BindContext): never {
  if (schema.length === 0) return ctx.fail('APL0321', span, { name })
  const suggestion = suggest(name, [...columnNames(schema), ...ctx.letNames('scalar')])
  return ctx.fail('APL0301', span, { name, suggestion })
}

/**
 * A bare name in an expression. Columns win over `let` names (row scope is innermost, as in Kusto);
 * a tabular `let` is not a scalar; `$left`/`$right` only qualify join keys.
 */
export function resolveName(n: Name, scope: ExprScope, ctx: BindContext): BoundExpr {
  const c = findColumn(scope.schema, n.name)
  if (c !== undefined) return columnExpr(c, n.span, scope, ctx)
  const value = ctx.lookupLet(n.name)
  if (value?.kind === 'scalar') return withSpan(value.expr, n.span)
  if (value?.kind === 'tabular') return ctx.fail('APL0316', n.span, {})
  if (n.name === '$left' || n.name === '$right') {
    return ctx.fail('APL0320', n.span, { name: `\`${n.name}\` outside a join condition` })
  }
  return unknownField(n.name, n.span, scope.schema, ctx)
}

/** A bracketed name `['geo.city']`: exactly the field of that (flattened) name. */
export function resolveBracketName(n: BracketName, scope: ExprScope, ctx: BindContext): BoundExpr {
  const c = findColumn(scope.schema, n.name)
  if (c === undefined) return unknownField(n.name, n.span, scope.schema, ctx)
  return columnExpr(c, n.span, scope, ctx)
}

/** The segments of an unquoted dotted name `a.b.c`, or undefined when the chain has another form. */
export function dottedSegments(e: Expr): Name[] | undefined {
  const out: Name[] = []
  let cur: Expr = e
  while (cur.kind === 'Path') {
    if (cur.member.kind !== 'Name') return undefined
    out.push(cur.member)
    cur = cur.target
  }
  if (cur.kind !== 'Name') return undefined
  out.push(cur)
  return out.reverse()
}

/**
 * `a.b.c` (decision §10.8): first a column literally named `a.b.c`, then the longest dotted prefix that
 * is a column (or a scalar `let`) with the rest as dynamic property access. Undefined when `e` is not a
 * plain dotted chain; fails with "unknown field a.b.c" when no prefix resolves.
 */
export function resolveDotted(
  e: Path,
  scope: ExprScope,
  ctx: BindContext,
  member: (target: BoundExpr, key: string, span: Span) => BoundExpr,
): BoundExpr | undefined {
  const segments = dottedSegments(e)
  if (segments === undefined) return undefined
  for (let k = segments.length; k >= 1; k--) {
    const name = segments
      .slice(0, k)
      .map((s) => s.name)
      .join('.')
    const head = findColumn(scope.schema, name)
    const span = spanOf(segments[0].span, segments[k - 1].span)
    let target: BoundExpr | undefined
    if (head !== undefined) target = columnExpr(head, span, scope, ctx)
    else if (k === 1) {
      const value = ctx.lookupLet(name)
      if (value?.kind === 'scalar') target = withSpan(value.expr, span)
    }
    if (target === undefined) continue
    for (let i = k; i < segments.length; i++) {
      target = member(target, segments[i].name, spanOf(segments[0].span, segments[i].span))
    }
    return target
  }
  const full = segments.map((s) => s.name).join('.')
  return unknownField(full, e.span, scope.schema, ctx)
}

function spanOf(first: Span, last: Span): Span {
  return { start: first.start, length: last.start + last.length - first.start }
}

/** Anchored matcher for a field wildcard (`status*`, `geo.*`, `*`): `*` is any run of characters. */
export function wildcardMatcher(pattern: string): (name: string) => boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  const re = new RegExp(`^${source}$`, 's')
  return (name) => re.test(name)
}

/** Functions whose unnamed result keeps the name of their first (column) argument: `bin(_time, 1h)` → `_time`. */
const NAME_PRESERVING: ReadonlySet<string> = new Set(['bin', 'bin_auto'])

/**
 * The name of an unnamed output expression, or undefined when the caller must number it (`Column1`):
 * a column keeps its name; `bin(col, …)` keeps `col` (apl-reference §4); `a.b` / `a['b']` becomes `a_b`.
 */
export function defaultExprName(e: BoundExpr): string | undefined {
  if (e.kind === 'Column') return e.name
  if (e.kind === 'Call' && NAME_PRESERVING.has(e.fn.name) && e.args[0]?.kind === 'Column')
    return e.args[0].name
  if (e.kind === 'Member') {
    const base = defaultExprName(e.target)
    return base === undefined ? undefined : `${base}_${e.key}`
  }
  return undefined
}

/** Text of an aggregation argument for default naming: its column, or its constant value. */
export function argText(a: BoundExpr): AggArgText {
  const inner = a.kind === 'Cast' ? a.operand : a
  if (inner.kind === 'Column') return { column: inner.name, text: inner.name }
  if (inner.kind === 'Literal' && (typeof inner.value === 'number' || typeof inner.value === 'bigint')) {
    return { text: formatNumber(inner.value) }
  }
  return { text: '' }
}

/** Hands out `Column1`, `Column2`, … for unnamed expressions of one operator (Kusto's convention). */
export function columnNumberer(prefix = 'Column', first = 1): () => string {
  let n = first
  return () => `${prefix}${n++}`
}

/** A member access node on a dynamic value. */
export function memberExpr(target: BoundExpr, key: string, span: Span): BoundExpr {
  return boundExpr('Member', { type: 'dynamic', span, target, key })
}

/** An output name before de-duplication: explicit names must stay unique, default ones get `_1`. */
export interface PendingName {
  readonly name: string
  readonly explicit: boolean
  readonly span: Span
}

/** Unique output names: an explicit duplicate fails (APL0310), generated duplicates get `_1`, `_2`. */
export function finalNames(pending: readonly PendingName[], ctx: BindContext): string[] {
  const explicit = new Set<string>()
  for (const p of pending) {
    if (!p.explicit) continue
    if (explicit.has(p.name)) ctx.fail('APL0310', p.span, { name: p.name })
    explicit.add(p.name)
  }
  // Explicit names go first so a generated name, never a chosen one, takes the suffix.
  const order = pending
    .map((_p, i) => i)
    .sort((a, b) => Number(pending[b].explicit) - Number(pending[a].explicit))
  const deduped = dedupeColumnNames(order.map((i) => pending[i].name))
  const out: string[] = new Array(pending.length)
  order.forEach((i, k) => {
    out[i] = deduped[k]
  })
  return out
}
