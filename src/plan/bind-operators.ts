// plan/bind-operators.ts: one handler per tabular operator after `|`, keyed by AST kind. An operator
// without a handler is one the engine does not run: refused with APL0307 at its name (the handler
// table is the whole record of which operators are supported; the physical planner covers every
// logical node a handler makes).

import { COUNT_OPERATOR_COLUMN, type TabularOperatorName } from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import {
  type ColumnExpr,
  type Expr,
  type NamePattern,
  node,
  type OrderedExpr,
  type ReorderItem,
  type TabularOperator,
} from '../syntax/ast.ts'
import { type BindContext, rowScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { bindGetschema } from './bind-getschema.ts'
import { bindJoin } from './bind-join.ts'
import { bindLookup } from './bind-lookup.ts'
import { bindMvExpand } from './bind-mv-expand.ts'
import { bindParse, bindParseKv } from './bind-parse.ts'
import { bindRender } from './bind-render.ts'
import { bindSearch } from './bind-search.ts'
import { bindUnion } from './bind-source.ts'
import { bindMakeSeries, bindSummarize } from './bind-summarize.ts'
import { type BoundExpr, columnRef } from './bound-expr.ts'
import { type ColumnInfo, columnInfo, findColumn, type RowSchema } from './columns.ts'
import { isConstant } from './expr-walk.ts'
import { type ColumnDef, type LogicalNode, logical, type SortKey, singleColumn } from './logical.ts'
import { columnNumberer, defaultExprName, finalNames, unknownField, wildcardMatcher } from './names.ts'

type Handlers = {
  readonly [K in TabularOperator['kind']]?: (
    op: Extract<TabularOperator, { kind: K }>,
    input: LogicalNode,
    ctx: BindContext,
  ) => LogicalNode
}

/** The catalog row (and keyword) of each pipe operator's syntax. */
const CATALOG_ROW: { readonly [K in TabularOperator['kind']]: TabularOperatorName } = {
  Where: 'where',
  Summarize: 'summarize',
  Top: 'top',
  Search: 'search',
  Extend: 'extend',
  ExtendValid: 'extend-valid',
  Project: 'project',
  ProjectAway: 'project-away',
  ProjectKeep: 'project-keep',
  ProjectRename: 'project-rename',
  ProjectReorder: 'project-reorder',
  Take: 'take',
  Sort: 'sort',
  Count: 'count',
  Distinct: 'distinct',
  Join: 'join',
  Lookup: 'lookup',
  Union: 'union',
  MakeSeries: 'make-series',
  Parse: 'parse',
  ParseWhere: 'parse-where',
  ParseKv: 'parse-kv',
  MvExpand: 'mv-expand',
  Sample: 'sample',
  Redact: 'redact',
  Getschema: 'getschema',
  Render: 'render',
}

const HANDLERS: Handlers = {
  Where: (op, input, ctx) => {
    const predicate = bindPredicate(op.predicate, input.schema, ctx)
    return logical('Filter', { schema: input.schema, span: op.span, input, predicate })
  },
  Summarize: (op, input, ctx) => bindSummarize(op, input, ctx),
  Top: (op, input, ctx) => {
    const count = constantCount(op.count, 'top', input.schema, ctx)
    const keys = [sortKey(op.by, input.schema, ctx)]
    return logical('TopN', { schema: input.schema, span: op.span, input, count, keys })
  },
  Search: (op, input, ctx) => bindSearch(op, input, ctx),
  Extend: (op, input, ctx) => bindExtend(op.columns, op.span, input, ctx),
  Project: (op, input, ctx) => {
    const columns = bindColumns(op.columns, input.schema, ctx)
    return project(columns, op.span, input)
  },
  ProjectAway: (op, input, ctx) => {
    const away = new Set(matchPatterns(op.columns, input.schema, ctx))
    const kept = input.schema.filter((c) => !away.has(c.name))
    return project(
      kept.map((c) => passThrough(c, op.span)),
      op.span,
      input,
    )
  },
  ProjectKeep: (op, input, ctx) => {
    const keep = new Set(matchPatterns(op.columns, input.schema, ctx))
    const kept = input.schema.filter((c) => keep.has(c.name))
    return project(
      kept.map((c) => passThrough(c, op.span)),
      op.span,
      input,
    )
  },
  ProjectRename: (op, input, ctx) => {
    const renamed = new Map<string, string>()
    for (const r of op.renames) {
      if (findColumn(input.schema, r.oldName.name) === undefined) {
        unknownField(r.oldName.name, r.oldName.span, input.schema, ctx)
      }
      if (renamed.has(r.oldName.name)) ctx.fail('APL0310', r.oldName.span, { name: r.oldName.name })
      renamed.set(r.oldName.name, r.newName.name)
    }
    const columns = input.schema.map((c) => ({
      name: renamed.get(c.name) ?? c.name,
      expr: passThrough(c, op.span).expr,
    }))
    const seen = new Set<string>()
    for (const c of columns) {
      if (seen.has(c.name)) {
        const at = op.renames.find((r) => r.newName.name === c.name)?.newName.span ?? op.span
        ctx.fail('APL0310', at, { name: c.name })
      }
      seen.add(c.name)
    }
    return project(columns, op.span, input)
  },
  Take: (op, input, ctx) => {
    const count = constantCount(op.count, 'take', input.schema, ctx)
    return logical('Limit', { schema: input.schema, span: op.span, input, count })
  },
  Sort: (op, input, ctx) => {
    const keys = op.keys.map((k) => sortKey(k, input.schema, ctx))
    return logical('Sort', { schema: input.schema, span: op.span, input, keys })
  },
  Count: (op, input) =>
    logical('CountRows', { schema: singleColumn(COUNT_OPERATOR_COLUMN, 'long'), span: op.span, input }),
  Distinct: (op, input, ctx) => {
    const items: readonly ColumnExpr[] = op.columns
    const columns =
      items.length === 1 && items[0].kind === 'Star'
        ? input.schema.map((c) => passThrough(c, items[0].span))
        : bindColumns(items, input.schema, ctx)
    return logical('Distinct', { schema: schemaOf(columns), span: op.span, input, columns })
  },
  Join: (op, input, ctx) => bindJoin(op, input, ctx),
  Union: (op, input, ctx) => bindUnion(op, input, ctx),
  MakeSeries: (op, input, ctx) => bindMakeSeries(op, input, ctx),
  Render: (op, input, ctx) => bindRender(op, input, ctx),
  Parse: (op, input, ctx) => bindParse(op, input, ctx),
  ParseWhere: (op, input, ctx) => bindParse(op, input, ctx),
  ParseKv: (op, input, ctx) => bindParseKv(op, input, ctx),
  Getschema: (op, input) => bindGetschema(op, input),
  Lookup: (op, input, ctx) => bindLookup(op, input, ctx),
  MvExpand: (op, input, ctx) => bindMvExpand(op, input, ctx),
  ProjectReorder: (op, input, ctx) => {
    const first = reorderedNames(op.columns, input.schema, ctx)
    const moved = new Set(first)
    const rest = input.schema.filter((c) => !moved.has(c.name)).map((c) => c.name)
    const byName = new Map(input.schema.map((c) => [c.name, c]))
    return project(
      [...first, ...rest].map((name) => passThrough(byName.get(name) as ColumnInfo, op.span)),
      op.span,
      input,
    )
  },
  ExtendValid: (op, input, ctx) => {
    // A valid value (coalesce: not null, a string not empty) replaces an existing column of its type;
    // otherwise that column keeps its value. A new column is the value itself.
    const items = op.columns.map((c): ColumnExpr => {
      const old = c.kind === 'NamedExpr' ? findColumn(input.schema, c.name.name) : undefined
      // Over a column of another type the value replaces it as extend would (no common type to keep).
      if (c.kind !== 'NamedExpr' || old === undefined) return c
      if (bindExpr(c.expr, rowScope(input.schema), ctx).type !== old.type) return c
      const call = node(
        'Call',
        { name: { kind: 'Name', name: 'coalesce', span: c.name.span }, args: [c.expr, c.name] },
        c.span,
      )
      return { ...c, expr: call }
    })
    return bindExtend(items, op.span, input, ctx)
  },
}

/** Binds `op` over `input`; an operator without a handler fails with APL0307 at its keyword. */
export function bindOperator(op: TabularOperator, input: LogicalNode, ctx: BindContext): LogicalNode {
  const handler = HANDLERS[op.kind] as
    | ((o: TabularOperator, i: LogicalNode, c: BindContext) => LogicalNode)
    | undefined
  if (handler === undefined) {
    const keyword = CATALOG_ROW[op.kind]
    return ctx.fail(
      'APL0307',
      { start: op.span.start, length: keyword.length },
      { feature: `operator \`${keyword}\`` },
    )
  }
  return handler(op, input, ctx)
}

/** Catalog rows of the pipe operators that have a handler. */
export const PIPE_OPERATORS_BOUND: ReadonlySet<TabularOperatorName> = new Set(
  (Object.keys(CATALOG_ROW) as TabularOperator['kind'][])
    .filter((k) => HANDLERS[k] !== undefined)
    .map((k) => CATALOG_ROW[k]),
)

/** A boolean predicate over `schema` (where); mixed/dynamic results are tested per value. */
export function bindPredicate(e: Expr, schema: RowSchema, ctx: BindContext): BoundExpr {
  const predicate = bindExpr(e, rowScope(schema), ctx)
  if (!['bool', 'unknown', 'dynamic'].includes(predicate.type)) {
    return ctx.fail('APL0314', predicate.span, { expected: 'bool', actual: predicate.type })
  }
  return predicate
}

/** A non-negative constant row count (`take N`, `top N`). */
function constantCount(e: Expr, operator: string, schema: RowSchema, ctx: BindContext): bigint {
  const x = bindExpr(e, rowScope(schema), ctx)
  if (!isConstant(x) || x.kind !== 'Literal')
    return ctx.fail('APL0319', x.span, { name: `the row count of \`${operator}\`` })
  if (x.type !== 'long' || typeof x.value !== 'bigint') {
    return ctx.fail('APL0314', x.span, { expected: 'long', actual: x.type })
  }
  if (x.value < 0n)
    return ctx.fail('APL0317', x.span, { operator, reason: 'the row count must not be negative' })
  return x.value
}

/** A sort key with decision §10.4's defaults: desc; nulls last for desc, first for asc. */
function sortKey(k: OrderedExpr, schema: RowSchema, ctx: BindContext): SortKey {
  const expr = bindExpr(k.expr, rowScope(schema), ctx)
  const descending = k.order !== 'asc'
  const nullsFirst = k.nulls === null ? !descending : k.nulls === 'first'
  return { expr, descending, nullsFirst }
}

function passThrough(c: ColumnInfo, span: Span): ColumnDef {
  return { name: c.name, expr: columnRef(c.name, c.type, c.storage, span) }
}

function schemaOf(columns: readonly ColumnDef[]): ColumnInfo[] {
  return columns.map((c) =>
    c.expr.kind === 'Column'
      ? columnInfo(c.name, c.expr.type, c.expr.storage)
      : columnInfo(c.name, c.expr.type),
  )
}

function project(columns: readonly ColumnDef[], span: Span, input: LogicalNode): LogicalNode {
  return logical('Project', { schema: schemaOf(columns), span, input, columns })
}

/** Binds `expr` / `Name = expr` items; unnamed expressions are numbered `Column1`…; names must be unique. */
function bindColumns(items: readonly ColumnExpr[], schema: RowSchema, ctx: BindContext): ColumnDef[] {
  const scope = rowScope(schema)
  const next = columnNumberer()
  const exprs = items.map((c) => bindExpr(c.kind === 'NamedExpr' ? c.expr : c, scope, ctx))
  const names = items.map((c, i) => ({
    name: c.kind === 'NamedExpr' ? c.name.name : (defaultExprName(exprs[i]) ?? next()),
    explicit: true,
    span: c.kind === 'NamedExpr' ? c.name.span : c.span,
  }))
  const final = finalNames(names, ctx)
  return exprs.map((expr, i) => ({ name: final[i], expr }))
}

/** `extend`: assignments see only the input; a reassigned column is replaced and moves to the end. */
function bindExtend(
  items: readonly ColumnExpr[],
  span: Span,
  input: LogicalNode,
  ctx: BindContext,
): LogicalNode {
  const columns = bindColumns(items, input.schema, ctx)
  const replaced = new Set(columns.map((c) => c.name))
  const schema = [...input.schema.filter((c) => !replaced.has(c.name)), ...schemaOf(columns)]
  return logical('Extend', { schema, span, input, columns })
}

/**
 * project-reorder's leading columns: each item's matches in schema order, or sorted by name (asc,
 * desc) or by name with digit runs compared as numbers (granny-asc, granny-desc: `b9` before `b50`);
 * a column named twice keeps its first place.
 */
function reorderedNames(items: readonly ReorderItem[], schema: RowSchema, ctx: BindContext): string[] {
  const out: string[] = []
  for (const item of items) {
    const names = matchPatterns([item.column], schema, ctx)
    if (item.order !== null) {
      const natural = item.order.startsWith('granny')
      names.sort((a, b) => (natural ? GRANNY.compare(a, b) : a < b ? -1 : a > b ? 1 : 0))
      if (item.order.endsWith('desc')) names.reverse()
    }
    for (const n of names) if (!out.includes(n)) out.push(n)
  }
  return out
}

/** Natural order for granny-asc/desc: digit runs as numbers. */
const GRANNY = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' })

/** Column names selected by project-away/keep patterns; a plain name must exist. */
function matchPatterns(patterns: readonly NamePattern[], schema: RowSchema, ctx: BindContext): string[] {
  const out: string[] = []
  for (const p of patterns) {
    if (p.kind === 'Wildcard') {
      const matches = wildcardMatcher(p.pattern)
      for (const c of schema) if (matches(c.name)) out.push(c.name)
    } else {
      if (findColumn(schema, p.name) === undefined) unknownField(p.name, p.span, schema, ctx)
      out.push(p.name)
    }
  }
  return out
}
