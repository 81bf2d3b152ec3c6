// plan/bind-source.ts: tabular expressions: dataset references (bare or bracketed, with did-you-mean),
// tabular `let` names, sub-queries, and the source operators (`union`, `datatable`, `print`, …: one
// optional handler each; one without a handler is refused with APL0307). Scalar kinds are "tabular expected".

import type { TabularOperatorName } from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import { suggest } from '../diagnostics/suggest.ts'
import type { Datatable, Expr, Pipe, Print, Union, Wildcard } from '../syntax/ast.ts'
import { type BindContext, rowScope } from './bind-context.ts'
import { bindExpr, bindLiteral } from './bind-expr.ts'
import { bindOperator, PIPE_OPERATORS_BOUND } from './bind-operators.ts'
import { bindSearch } from './bind-search.ts'
import { type BoundLiteral, boundLiteral } from './bound-expr.ts'
import { type ColumnInfo, columnInfo, fieldColumn, mergeSchemas } from './columns.ts'
import { type ColumnDef, type LogicalNode, logical } from './logical.ts'
import { columnNumberer, defaultExprName, finalNames, wildcardMatcher } from './names.ts'

type Handlers = {
  readonly [K in Expr['kind']]: (e: Extract<Expr, { kind: K }>, ctx: BindContext) => LogicalNode
}

const tabularExpected = (e: Expr, ctx: BindContext): never => ctx.fail('APL0315', e.span, {})

/** Operators that start a query: their catalog row (and keyword). */
type SourceKind = 'Datatable' | 'Print' | 'Search' | 'Union' | 'ExternalData'
const SOURCE_ROW: { readonly [K in SourceKind]: TabularOperatorName } = {
  Datatable: 'datatable',
  Print: 'print',
  Search: 'search',
  Union: 'union',
  ExternalData: 'externaldata',
}

/** The source operators the binder binds (one without an entry is not supported). */
const SOURCES: {
  readonly [K in SourceKind]?: (e: Extract<Expr, { kind: K }>, ctx: BindContext) => LogicalNode
} = {
  Datatable: (e, ctx) => bindDatatable(e, ctx),
  Print: (e, ctx) => bindPrint(e, ctx),
  Search: (e, ctx) => bindSearch(e, null, ctx),
  Union: (e, ctx) => bindUnion(e, null, ctx),
}

function bindSource(e: Extract<Expr, { kind: SourceKind }>, ctx: BindContext): LogicalNode {
  const handler = SOURCES[e.kind] as ((x: Expr, c: BindContext) => LogicalNode) | undefined
  if (handler !== undefined) return handler(e, ctx)
  const keyword = SOURCE_ROW[e.kind]
  return ctx.fail(
    'APL0307',
    { start: e.span.start, length: keyword.length },
    { feature: `operator \`${keyword}\`` },
  )
}

/** True when the binder binds tabular operator `name` (as a pipe operator or a source). */
export function bindsTabularOperator(name: TabularOperatorName): boolean {
  if (PIPE_OPERATORS_BOUND.has(name)) return true
  return (Object.keys(SOURCE_ROW) as SourceKind[]).some(
    (k) => SOURCE_ROW[k] === name && SOURCES[k] !== undefined,
  )
}

const HANDLERS: Handlers = {
  Name: (e, ctx) => tableByName(e.name, e.span, ctx),
  BracketName: (e, ctx) => tableByName(e.name, e.span, ctx),
  Pipe: (e, ctx) => bindPipe(e, ctx),
  Datatable: bindSource,
  Print: bindSource,
  Search: bindSource,
  Union: bindSource,
  ExternalData: bindSource,
  Literal: tabularExpected,
  Path: tabularExpected,
  Index: tabularExpected,
  Call: tabularExpected,
  Binary: tabularExpected,
  Unary: tabularExpected,
  InList: tabularExpected,
  Between: tabularExpected,
  Star: tabularExpected,
  TypeOf: tabularExpected,
}

/** Binds a tabular expression (a query body, a `let` table, a join/union operand). */
export function bindTabular(e: Expr, ctx: BindContext): LogicalNode {
  return (HANDLERS[e.kind] as (x: Expr, c: BindContext) => LogicalNode)(e, ctx)
}

/** True when `e` is written as a tabular expression (so a `let` of it is a table). */
export function isTabularSyntax(e: Expr, ctx: BindContext): boolean {
  if (e.kind === 'Name' || e.kind === 'BracketName') {
    const value = ctx.lookupLet(e.name)
    return value !== undefined ? value.kind === 'tabular' : ctx.schema.fields(e.name) !== undefined
  }
  return ['Pipe', 'Datatable', 'Print', 'Search', 'Union', 'ExternalData'].includes(e.kind)
}

/** The `_time`/`_sysTime` columns every dataset has (§8), even before its first event. */
const TIME_COLUMNS: readonly ColumnInfo[] = [
  columnInfo('_time', 'datetime', ['datetime']),
  columnInfo('_sysTime', 'datetime', ['datetime']),
]

/** The virtual row-id column a Scan supplies when binding with `rowId` (it shadows a stored `_rowId`). */
const ROW_ID_COLUMN: ColumnInfo = columnInfo('_rowId', 'string')

/** A Scan of dataset `name`, or undefined when there is no such dataset. */
export function scanDataset(name: string, span: Span, ctx: BindContext): LogicalNode | undefined {
  const fields = ctx.schema.fields(name)
  if (fields === undefined) return undefined
  const stored = fields.map(fieldColumn)
  const columns = ctx.rowId ? [...stored.filter((c) => c.name !== ROW_ID_COLUMN.name), ROW_ID_COLUMN] : stored
  const missing = TIME_COLUMNS.filter((t) => !columns.some((c) => c.name === t.name))
  ctx.datasets.add(name)
  const schema = [...missing, ...columns]
  return logical('Scan', { schema, span, dataset: name, fields: [], ...(ctx.rowId ? { rowId: true } : {}) })
}

/** A table named `name`: a tabular `let` (which shadows a dataset of the same name), else a dataset. */
export function tableByName(name: string, span: Span, ctx: BindContext): LogicalNode {
  const value = ctx.lookupLet(name)
  if (value?.kind === 'tabular') return value.node
  if (value?.kind === 'scalar') return ctx.fail('APL0315', span, {})
  const scan = scanDataset(name, span, ctx)
  if (scan !== undefined) return scan
  const suggestion = suggest(name, [...ctx.schema.datasetNames(), ...ctx.letNames('tabular')])
  return ctx.fail('APL0303', span, { name, suggestion })
}

/** Datasets matching a wildcard, sorted; none is an error (APL0303). */
export function datasetsMatching(w: Wildcard, ctx: BindContext): LogicalNode[] {
  const matches = wildcardMatcher(w.pattern)
  const names = ctx.schema.datasetNames().filter(matches)
  if (names.length === 0) return ctx.fail('APL0303', w.span, { name: w.pattern })
  return names.map((n) => scanDataset(n, w.span, ctx) as LogicalNode)
}

function bindPipe(e: Pipe, ctx: BindContext): LogicalNode {
  let node = bindTabular(e.source, ctx)
  for (const op of e.operators) node = bindOperator(op, node, ctx)
  return node
}

function sourceName(node: LogicalNode, i: number): string {
  return node.kind === 'Scan' ? node.dataset : `union_arg${i}`
}

/** `[input |] union [withsource=col] tables` → Union (schemas merged by column name). */
export function bindUnion(op: Union, input: LogicalNode | null, ctx: BindContext): LogicalNode {
  const inputs: LogicalNode[] = input === null ? [] : [input]
  for (const t of op.tables) {
    if (t.kind === 'Wildcard') inputs.push(...datasetsMatching(t, ctx))
    else inputs.push(bindTabular(t, ctx))
  }
  const withSource = op.withSource?.name ?? null
  const merged = mergeSchemas(inputs.map((i) => i.schema))
  if (withSource !== null && merged.some((c) => c.name === withSource)) {
    return ctx.fail('APL0310', op.withSource?.span ?? op.span, { name: withSource })
  }
  const schema = withSource === null ? merged : [columnInfo(withSource, 'string'), ...merged]
  return logical('Union', { schema, span: op.span, inputs, withSource, sourceNames: inputs.map(sourceName) })
}

function bindDatatable(e: Datatable, ctx: BindContext): LogicalNode {
  const columns = e.columns.map((c) => columnInfo(c.name.name, c.type ?? 'dynamic'))
  const width = columns.length
  if (width === 0 || e.values.length % width !== 0) {
    return ctx.fail('APL0317', e.span, {
      operator: 'datatable',
      reason: `${e.values.length} value(s) do not fill rows of ${width} column(s)`,
    })
  }
  const rows: BoundLiteral[][] = []
  for (let r = 0; r < e.values.length / width; r++) {
    const row: BoundLiteral[] = []
    for (let c = 0; c < width; c++) row.push(datatableCell(e.values[r * width + c], columns[c], ctx))
    rows.push(row)
  }
  const names = finalNames(
    e.columns.map((c) => ({ name: c.name.name, explicit: true, span: c.name.span })),
    ctx,
  )
  return logical('Datatable', {
    schema: columns.map((c, i) => ({ ...c, name: names[i] })),
    span: e.span,
    rows,
  })
}

/** A datatable value converted to its column's type (long → real, any → dynamic, null → typed null). */
function datatableCell(v: Datatable['values'][number], column: ColumnInfo, ctx: BindContext): BoundLiteral {
  const lit = bindLiteral(v) as BoundLiteral
  if (lit.value === null) return boundLiteral(column.type, null, v.span)
  if (lit.type === column.type) return lit
  if (lit.type === 'long' && column.type === 'real') return boundLiteral('real', Number(lit.value), v.span)
  if (column.type === 'dynamic' && typeof lit.value !== 'bigint')
    return boundLiteral('dynamic', lit.value, v.span)
  if (column.type === 'dynamic') return boundLiteral('dynamic', Number(lit.value), v.span)
  return ctx.fail('APL0314', v.span, {
    expected: `${column.type} (column \`${column.name}\`)`,
    actual: lit.type,
  })
}

function bindPrint(e: Print, ctx: BindContext): LogicalNode {
  const scope = rowScope([])
  // Kusto names unnamed print columns print_0, print_1, …
  const next = columnNumberer('print_', 0)
  const exprs = e.columns.map((c) => bindExpr(c.kind === 'NamedExpr' ? c.expr : c, scope, ctx))
  const names = finalNames(
    e.columns.map((c, i) =>
      c.kind === 'NamedExpr'
        ? { name: c.name.name, explicit: true, span: c.name.span }
        : { name: defaultExprName(exprs[i]) ?? next(), explicit: false, span: c.span },
    ),
    ctx,
  )
  const columns: ColumnDef[] = exprs.map((expr, i) => ({ name: names[i], expr }))
  return logical('Print', {
    schema: columns.map((c) => columnInfo(c.name, c.expr.type)),
    span: e.span,
    columns,
  })
}
