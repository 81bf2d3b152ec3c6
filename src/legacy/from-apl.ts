// legacy/from-apl.ts: the legacy request an APL query is equivalent to, for the `request` key of an
// APL `format=legacy` response (api-contract.md §1.6). Only simple pipelines over one dataset have
// one: where / extend / summarize (legacy aggregations, by fields and one time bin) / sort / take /
// top / project. Anything else → undefined (the key is then left out).

import type { Call, CallArg, ColumnExpr, Expr, OrderedExpr, TabularOperator } from '../syntax/ast.ts'
import { parseApl } from '../syntax/parse.ts'
import { printApl } from '../syntax/print.ts'
import { formatGoDuration } from '../util/time/index.ts'
import { fieldName, filterOfPredicate, literalValue } from './from-apl-filter.ts'
import type { LegacyAggregation, LegacyFilter, LegacyOrder, LegacyProjection, QueryRequest } from './types.ts'

type Mutable<T> = { -readonly [K in keyof T]: T[K] }
type Draft = Mutable<
  Omit<QueryRequest, 'aggregations' | 'groupBy' | 'order' | 'virtualFields' | 'project'>
> & {
  aggregations: LegacyAggregation[]
  groupBy: string[]
  filters: LegacyFilter[]
  order: LegacyOrder[]
  virtualFields: { alias: string; expr: string }[]
  project: LegacyProjection[]
  summarized: boolean
}

/** APL aggregation → legacy op and how its arguments map (`field`: first arg a column). */
const AGGREGATIONS: Readonly<
  Record<
    string,
    { readonly op: string; readonly arg?: 'k' | 'percentiles' | 'buckets' | 'predicate' | 'fields' }
  >
> = {
  count: { op: 'count' },
  dcount: { op: 'distinct' },
  sum: { op: 'sum' },
  avg: { op: 'avg' },
  min: { op: 'min' },
  max: { op: 'max' },
  stdev: { op: 'stdev' },
  variance: { op: 'variance' },
  make_set: { op: 'makeset' },
  make_list: { op: 'makelist' },
  topk: { op: 'topk', arg: 'k' },
  percentile: { op: 'percentiles', arg: 'percentiles' },
  percentiles_array: { op: 'percentiles', arg: 'percentiles' },
  histogram: { op: 'histogram', arg: 'buckets' },
  countif: { op: 'countif', arg: 'predicate' },
  dcountif: { op: 'distinctif', arg: 'predicate' },
  make_set_if: { op: 'makesetif', arg: 'predicate' },
  arg_max: { op: 'argmax', arg: 'fields' },
  arg_min: { op: 'argmin', arg: 'fields' },
}

/** arg_min/arg_max's returned columns as a legacy field list; `*` = every field (no argument). */
function returnedFields(rest: readonly CallArg[]): string[] | null | undefined {
  if (rest.length === 1 && rest[0].kind === 'Star') return null
  const fields = rest.map((a) => fieldName(a as Expr))
  return fields.some((f) => f === undefined) ? undefined : (fields as string[])
}

function numberArg(a: CallArg | undefined): number | undefined {
  const v = a === undefined || a.kind === 'NamedExpr' ? undefined : literalValue(a)
  return typeof v?.value === 'number' ? v.value : undefined
}

function aggregation(c: ColumnExpr): LegacyAggregation | undefined {
  const call = (c.kind === 'NamedExpr' ? c.expr : c) as Expr
  if (call.kind !== 'Call' || !Object.hasOwn(AGGREGATIONS, call.name.name)) return undefined
  const row = AGGREGATIONS[call.name.name]
  const alias = c.kind === 'NamedExpr' ? { alias: c.name.name } : {}
  const args = (call as Call).args
  if (args.some((a) => a.kind === 'NamedExpr')) return undefined
  if (row.op === 'count') return args.length === 0 ? { op: 'count', field: '*', ...alias } : undefined
  if (row.op === 'countif') {
    return args.length === 1
      ? { op: 'countif', field: '*', argument: printApl(args[0]), ...alias }
      : undefined
  }
  const field = fieldName(args[0] as Expr)
  if (field === undefined) return undefined
  const rest = args.slice(1)
  const argument =
    row.arg === 'fields'
      ? returnedFields(rest)
      : row.arg === 'predicate'
        ? rest.length === 1
          ? printApl(rest[0])
          : undefined
        : row.arg === 'percentiles'
          ? rest.map(numberArg)
          : row.arg === undefined
            ? rest.length === 0
              ? null
              : undefined
            : rest.length === 1
              ? numberArg(rest[0])
              : undefined
  if (argument === undefined || (Array.isArray(argument) && argument.some((p) => p === undefined)))
    return undefined
  return { op: row.op, field, ...alias, ...(argument === null ? {} : { argument }) }
}

/** A `by` key: a field, or the time bin (sets the resolution). False when it has no legacy form. */
function groupKey(k: ColumnExpr, d: Draft): boolean {
  const e = (k.kind === 'NamedExpr' ? k.expr : k) as Expr
  const field = fieldName(e)
  if (field !== undefined && k.kind !== 'NamedExpr') {
    d.groupBy.push(field)
    return true
  }
  if (e.kind !== 'Call' || fieldName(e.args[0] as Expr) !== '_time') return false
  if (k.kind === 'NamedExpr' && k.name.name !== '_time') return false
  if (e.name.name === 'bin_auto' && e.args.length === 1) {
    d.resolution = 'auto'
    return true
  }
  const step = e.args[1]
  if (e.name.name !== 'bin' || step?.kind !== 'Literal' || step.type !== 'timespan' || step.value === null)
    return false
  d.resolution = formatGoDuration(step.value)
  return true
}

function sortKey(k: OrderedExpr): LegacyOrder | undefined {
  const field = fieldName(k.expr)
  // APL sorts descending unless told otherwise (decision §10.4); legacy `desc` defaults to false.
  return field === undefined ? undefined : { field, desc: k.order !== 'asc' }
}

function count(e: Expr): number | undefined {
  const v = literalValue(e)?.value
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined
}

/** True while only filters and virtual fields have been seen (legacy applies those first). */
function early(d: Draft): boolean {
  return !d.summarized && d.order.length === 0 && d.limit === undefined && d.project.length === 0
}

type Step<K extends TabularOperator['kind']> = (
  op: Extract<TabularOperator, { kind: K }>,
  d: Draft,
) => boolean

/** What each operator with a legacy form does to the draft (false: not this time); others have none. */
const STEPS: { readonly [K in TabularOperator['kind']]?: Step<K> } = {
  Where: (op, d) => {
    const f = early(d) ? filterOfPredicate(op.predicate) : undefined
    if (f === undefined) return false
    d.filters.push(f)
    return true
  },
  Extend: (op, d) =>
    early(d) &&
    op.columns.every((c) => {
      if (c.kind !== 'NamedExpr') return false
      d.virtualFields.push({ alias: c.name.name, expr: printApl(c.expr) })
      return true
    }),
  Summarize: (op, d) => {
    if (!early(d)) return false
    d.summarized = true
    const aggs = op.aggregates.map(aggregation)
    if (aggs.length === 0 || aggs.some((a) => a === undefined)) return false
    d.aggregations.push(...(aggs as LegacyAggregation[]))
    return op.by.every((k) => groupKey(k, d))
  },
  Sort: (op, d) => {
    const keys = op.keys.map(sortKey)
    if (d.limit !== undefined || d.project.length > 0 || keys.some((k) => k === undefined)) return false
    d.order = keys as LegacyOrder[]
    return true
  },
  Take: (op, d) => {
    if (d.limit !== undefined) return false
    d.limit = count(op.count)
    return d.limit !== undefined
  },
  Top: (op, d) => {
    if (d.limit !== undefined || d.project.length > 0) return false
    const key = sortKey(op.by)
    d.limit = count(op.count)
    if (key === undefined || d.limit === undefined) return false
    d.order = [key]
    return true
  },
  Project: (op, d) =>
    !d.summarized &&
    d.project.length === 0 &&
    op.columns.every((c) => {
      const field = fieldName((c.kind === 'NamedExpr' ? c.expr : c) as Expr)
      if (field === undefined) return false
      d.project.push(c.kind === 'NamedExpr' ? { field, alias: c.name.name } : { field })
      return true
    }),
}

/** Applies one operator to the draft; false when it has no legacy form. */
function apply(op: TabularOperator, d: Draft): boolean {
  const step = STEPS[op.kind] as Step<TabularOperator['kind']> | undefined
  return step?.(op, d) === true
}

/**
 * The legacy request `apl` is equivalent to, with the query window `times` (as sent), or undefined
 * when the query has no legacy form. Empty parts are left out; `resolution` is always set.
 */
export function legacyRequestFromApl(
  apl: string,
  times: { readonly startTime?: string; readonly endTime?: string } = {},
): QueryRequest | undefined {
  const parsed = parseApl(apl)
  if (parsed.ast === undefined || parsed.ast.statements.length > 0) return undefined
  const body = parsed.ast.body
  const source = body.kind === 'Pipe' ? body.source : body
  if (fieldName(source) === undefined) return undefined
  const d: Draft = {
    aggregations: [],
    groupBy: [],
    filters: [],
    order: [],
    virtualFields: [],
    project: [],
    summarized: false,
    resolution: 'auto',
  }
  if (body.kind === 'Pipe' && !body.operators.every((op) => apply(op, d))) return undefined
  const filter =
    d.filters.length === 0
      ? undefined
      : d.filters.length === 1
        ? d.filters[0]
        : { op: 'and', children: d.filters }
  return {
    ...(times.startTime !== undefined ? { startTime: times.startTime } : {}),
    ...(times.endTime !== undefined ? { endTime: times.endTime } : {}),
    resolution: d.resolution,
    ...(d.aggregations.length > 0 ? { aggregations: d.aggregations } : {}),
    ...(d.groupBy.length > 0 ? { groupBy: d.groupBy } : {}),
    ...(filter !== undefined ? { filter } : {}),
    ...(d.order.length > 0 ? { order: d.order } : {}),
    ...(d.limit !== undefined ? { limit: d.limit } : {}),
    ...(d.virtualFields.length > 0 ? { virtualFields: d.virtualFields } : {}),
    ...(d.project.length > 0 ? { project: d.project } : {}),
  }
}
