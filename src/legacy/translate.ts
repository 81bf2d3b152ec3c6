// legacy/translate.ts: a validated legacy request → the APL queries (as ASTs) that answer it. Matches:
// one query sorted by `_rowId` and cut at limit + 1 (the extra row says whether a page follows).
// Aggregations: a totals query (`summarize … by groups | sort | take limit`) and a series query
// (`summarize … by bin(_time, step), groups`). Builds ASTs only; compile.ts binds them.

import { chooseBinAutoStep } from '../exec/kernels/binning/binning.ts'
import { ROW_ID_FIELD } from '../exec/scan/row-id.ts'
import type { SchemaField } from '../plan/index.ts'
import {
  type ColumnExpr,
  type Expr,
  node,
  type OrderedExpr,
  type Query,
  type TabularOperator,
} from '../syntax/ast.ts'
import { aggregationExpr, aggregationRow } from './aggregation-ops.ts'
import {
  and,
  binary,
  call,
  column,
  datetime,
  NO_SPAN,
  NULL_DYNAMIC,
  NULL_REAL,
  named,
  num,
  str,
  timespan,
} from './apl-ast.ts'
import { LegacyError } from './errors.ts'
import { FieldScope } from './field-scope.ts'
import { filterExpr } from './filter-expr.ts'
import type { NormalAggregation, NormalCursor, NormalFilter, NormalRequest } from './normalized.ts'

/** The row-id column the scans supply (BindOptions.rowId); legacy-matches.ts lifts it into `_rowId`. */
export const ROW_ID = ROW_ID_FIELD

/** argmin/argmax in the queries: the field compared (the value column) and the fields returned. */
export interface ArgFields {
  /** The aggregated field: the key of the extreme value in the result object. */
  readonly field: string
  /** Each returned field and the output column it is read from (`__arg<i>_<j>`). */
  readonly returned: readonly { readonly column: string; readonly field: string }[]
}

/** What both kinds of translation carry. */
interface Common {
  /** The APL predicate of the request's filter (null without one): bind errors inside it are the filter's. */
  readonly filter: Expr | null
}

/** What a legacy request becomes: the APL of each part, and how to read their results back. */
export type LegacyTranslation =
  | (Common & { readonly kind: 'matches'; readonly matches: Query; readonly limit: number })
  | (Common & {
      readonly kind: 'aggregate'
      readonly totals: Query
      readonly series: Query
      /** Width of a series interval, ns. */
      readonly step: bigint
      /** Aggregation column name → the alias sent as `op` (they differ when aliases clash). */
      readonly aliases: ReadonlyMap<string, string>
      /** argmin/argmax value column name → its fields (the result folds them into one object). */
      readonly args: ReadonlyMap<string, ArgFields>
      /** Group-by fields, in order (the `group` keys of each entry). */
      readonly groupBy: readonly string[]
    })

/** One translation's inputs. */
interface Site {
  readonly dataset: string
  readonly req: NormalRequest
  readonly scope: FieldScope
  /** Query clock, epoch ns (relative times in filter values). */
  readonly now: bigint
  readonly filter: Expr | null
}

function ordered(e: Expr, desc: boolean): OrderedExpr {
  return node('OrderedExpr', { expr: e, order: desc ? 'desc' : 'asc', nulls: null }, NO_SPAN)
}

/** True when a filter reads a name of `names`. */
function reads(f: NormalFilter, names: ReadonlySet<string>): boolean {
  return f.kind === 'leaf' ? names.has(f.field) : f.children.some((c) => reads(c, names))
}

/**
 * `source | extend vf… | where filter`, each virtual field its own extend (later ones see earlier
 * ones). A filter that reads no virtual field goes first, straight on the scan, where it can prune
 * blocks and counts as the rows matched.
 */
function filtered(site: Site, before: readonly TabularOperator[]): TabularOperator[] {
  const { req, filter } = site
  const where = filter === null ? [] : [node('Where', { predicate: filter }, NO_SPAN)]
  const early = req.filter !== null && !reads(req.filter, new Set(req.virtualFields.map((v) => v.alias)))
  const extend = req.virtualFields.map((vf) =>
    node('Extend', { columns: [named(vf.alias, vf.expr)] }, NO_SPAN),
  )
  return early ? [...before, ...where, ...extend] : [...before, ...extend, ...where]
}

function query(dataset: string, operators: readonly TabularOperator[]): Query {
  const body = node('Pipe', { source: column(dataset), operators }, NO_SPAN)
  return node('Query', { statements: [], body }, NO_SPAN)
}

/** `where _time <=/>= T and _rowId </> cursor`: the rows after the cursor in the paging direction. */
function cursorWhere(c: NormalCursor, desc: boolean): TabularOperator {
  const rowOp = desc ? (c.inclusive ? '<=' : '<') : c.inclusive ? '>=' : '>'
  // The `_time` bound lets the scan skip whole blocks; the `_rowId` bound is the exact one.
  const time = binary(desc ? '<=' : '>=', column('_time'), datetime(c.timeNs))
  return node('Where', { predicate: and([time, binary(rowOp, column(ROW_ID), str(c.rowId))]) }, NO_SPAN)
}

function translateMatches(site: Site): LegacyTranslation {
  const { req, scope } = site
  const keys = req.order.filter((o) => scope.has(o.field))
  const timeKey = keys.find((o) => o.field === '_time')
  // Cursors page in `_time` order: rows after the cursor are older (desc, the default) or newer (asc).
  const desc = timeKey?.desc ?? true
  const sortKeys = keys.map((o) => ordered(column(o.field), o.desc))
  if (timeKey === undefined) sortKeys.push(ordered(column('_time'), desc))
  sortKeys.push(ordered(column(ROW_ID), desc))
  const ops = filtered(site, req.cursor === null ? [] : [cursorWhere(req.cursor, desc)])
  ops.push(node('Sort', { keys: sortKeys }, NO_SPAN))
  // One row past the limit says whether another page follows.
  ops.push(node('Take', { count: num(req.limit + 1) }, NO_SPAN))
  if (req.project.length > 0) ops.push(node('Project', { columns: projection(req, scope) }, NO_SPAN))
  return { kind: 'matches', matches: query(site.dataset, ops), limit: req.limit, filter: site.filter }
}

const SYSTEM = ['_time', '_sysTime', ROW_ID]

/** `_time, _sysTime, _rowId` (an Entry always has them), then each projected field under its alias. */
function projection(req: NormalRequest, scope: FieldScope): ColumnExpr[] {
  const cols: ColumnExpr[] = SYSTEM.map(column)
  for (const p of req.project) {
    if (SYSTEM.includes(p.alias)) {
      if (p.field === p.alias) continue
      throw new LegacyError(
        'invalid_projection',
        `project: '${p.alias}' is a system field; choose another alias`,
      )
    }
    cols.push(named(p.alias, scope.has(p.field) ? column(p.field) : NULL_DYNAMIC))
  }
  return cols
}

/** Aggregation column names: the alias where it is unique and names no group, else `__agg<i>`. */
function columnNames(aggs: readonly NormalAggregation[], groupBy: readonly string[]): string[] {
  const taken = new Set([...groupBy, '_time'])
  const count = new Map<string, number>()
  for (const a of aggs) count.set(a.alias, (count.get(a.alias) ?? 0) + 1)
  return aggs.map((a, i) => (count.get(a.alias) === 1 && !taken.has(a.alias) ? a.alias : `__agg${i}`))
}

/**
 * The sort of totals (and of groups within an interval): the request's order (a groupBy field, an
 * alias, or an aggregated field), else the first scalar aggregation descending; then the group keys
 * ascending.
 */
function aggregateOrder(req: NormalRequest, names: readonly string[]): OrderedExpr[] {
  const keyOf = (field: string): string => {
    if (req.groupBy.includes(field)) return field
    const i = req.aggregations.findIndex((a) => a.alias === field)
    const j = i >= 0 ? i : req.aggregations.findIndex((a) => a.field === field)
    if (j < 0)
      throw new LegacyError(
        'invalid_order',
        `order field '${field}' is neither a groupBy field nor an aggregation`,
      )
    return names[j]
  }
  // By default the largest groups come first: the first aggregation with a scalar result, descending.
  const first = req.aggregations.findIndex((a) => aggregationRow(a.op).array !== true)
  // `_time` orders nothing here: totals have no time and series intervals are always ascending.
  const given = req.order.filter((o) => o.field !== '_time')
  const keys =
    given.length > 0
      ? given.map((o) => ({ name: keyOf(o.field), desc: o.desc }))
      : first < 0
        ? []
        : [{ name: names[first], desc: true }]
  // Group keys last: ties among distinct groups come back in one order every time.
  for (const g of req.groupBy) if (!keys.some((k) => k.name === g)) keys.push({ name: g, desc: false })
  return keys.map((k) => ordered(column(k.name), k.desc))
}

/**
 * The fields each argmin/argmax returns (its list, or every field of the event), without its own
 * field, each read from a column `__arg<i>_<j>`; null for other aggregations.
 */
function argFields(req: NormalRequest, scope: FieldScope): (ArgFields | null)[] {
  return req.aggregations.map((a, i) => {
    if (a.argument.kind !== 'fields') return null
    const fields = (a.argument.fields ?? scope.allFields()).filter((f) => f !== a.field)
    return { field: a.field, returned: fields.map((field, j) => ({ column: `__arg${i}_${j}`, field })) }
  })
}

function summarize(
  site: Site,
  names: readonly string[],
  args: readonly (ArgFields | null)[],
  rateSeconds: number | null,
  timeKey: ColumnExpr | null,
): TabularOperator {
  const { req, scope, now } = site
  const aggregates = req.aggregations.map((a, i) => {
    const field = a.field !== '*' && scope.has(a.field) ? column(a.field) : NULL_REAL
    const arg = a.argument
    const p = arg.kind === 'predicate' ? arg.predicate : null
    const predicate = p === null ? null : 'filter' in p ? filterExpr(p.filter, scope, now) : p.expr
    // A field the dataset lacks is null in every event, as anywhere else in a legacy request.
    const returned = (args[i]?.returned ?? []).map((r) =>
      named(r.column, scope.has(r.field) ? column(r.field) : NULL_DYNAMIC),
    )
    return named(names[i], aggregationExpr(a.op, { field, predicate, rateSeconds, returned }, arg))
  })
  const groups = req.groupBy.map((g) => (scope.has(g) ? column(g) : named(g, NULL_DYNAMIC)))
  return node('Summarize', { aggregates, by: timeKey === null ? groups : [timeKey, ...groups] }, NO_SPAN)
}

function seconds(ns: bigint): number | null {
  return ns > 0n ? Number(ns) / 1e9 : null
}

function translateAggregate(site: Site): LegacyTranslation {
  const { req } = site
  if (req.groupBy.includes('_time'))
    throw new LegacyError(
      'invalid_request',
      'groupBy cannot hold _time: the series are already by time (set resolution)',
    )
  const names = columnNames(req.aggregations, req.groupBy)
  const args = argFields(req, site.scope)
  const order = aggregateOrder(req, names)
  const { start, end } = req.window
  const step = req.resolution === 'auto' ? chooseBinAutoStep(start, end) : req.resolution
  const totals = filtered(site, [])
  totals.push(summarize(site, names, args, seconds(end - start), null))
  if (order.length > 0) totals.push(node('Sort', { keys: order }, NO_SPAN))
  totals.push(node('Take', { count: num(req.limit) }, NO_SPAN))
  const series = filtered(site, [])
  const bucket = named('_time', call('bin', [column('_time'), timespan(step)]))
  series.push(summarize(site, names, args, seconds(step), bucket))
  series.push(node('Sort', { keys: [ordered(column('_time'), false), ...order] }, NO_SPAN))
  return {
    kind: 'aggregate',
    totals: query(site.dataset, totals),
    series: query(site.dataset, series),
    step,
    aliases: new Map(names.map((n, i) => [n, req.aggregations[i].alias])),
    args: new Map(
      names.flatMap((n, i): [string, ArgFields][] => {
        const a = args[i]
        return a === null ? [] : [[n, a]]
      }),
    ),
    groupBy: req.groupBy,
    filter: site.filter,
  }
}

/**
 * The APL of a legacy request over `dataset` (whose stored fields are `fields`). `now` (epoch ns)
 * resolves relative times inside filter values. Throws LegacyError for an order it cannot honour.
 */
export function translateLegacy(
  dataset: string,
  fields: readonly SchemaField[],
  req: NormalRequest,
  now: bigint,
): LegacyTranslation {
  const scope = new FieldScope(
    fields,
    req.virtualFields.map((v) => v.alias),
  )
  const filter = req.filter === null ? null : filterExpr(req.filter, scope, now)
  const site: Site = { dataset, req, scope, now, filter }
  return req.aggregations.length === 0 ? translateMatches(site) : translateAggregate(site)
}
