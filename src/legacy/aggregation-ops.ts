// legacy/aggregation-ops.ts: the legacy aggregations (api-contract.md §2.3), one row each: whether it
// needs a field, which argument shape it takes, and the APL aggregation it becomes. No other module
// knows an aggregation by name. argmin/argmax (shapes unverified; this server's choice): `argument`
// absent/null = every field, else `[names]` or `{"fields": [names]}` → `arg_min`/`arg_max(field,
// returned…)` (`min`/`max` when nothing is returned); result.ts makes the value one object
// `{<field>: extreme, <returned field>: its value in that row}` (nulls left out), null for no value.

import type { Expr, NamedExpr } from '../syntax/ast.ts'
import { binary, call, NULL_REAL, num, real } from './apl-ast.ts'
import type { AggregationArgument } from './normalized.ts'

/** Which `argument` shape an aggregation takes (parsed by request.ts). */
export type ArgumentKind = AggregationArgument['kind']

/** What building an aggregation needs besides its parsed argument. */
export interface AggregationSite {
  /** The aggregated field (`real(null)` when the dataset has no such field). */
  readonly field: Expr
  /** The `*if` predicate, translated (null when the op takes none). */
  readonly predicate: Expr | null
  /**
   * `rate`: seconds per result bucket (the series interval, or the query window for totals); null
   * when the window is empty or unbounded at the end it is measured to.
   */
  readonly rateSeconds: number | null
  /** argmin/argmax: the returned fields, each named after its output column (empty for other ops). */
  readonly returned: readonly NamedExpr[]
}

interface AggregationRow {
  /** The op needs a `field` (all but count/countif). */
  readonly needsField: boolean
  readonly argument: ArgumentKind
  /** The result is an array (topk, percentiles, sets, lists): no default sort key. */
  readonly array?: boolean
  /** Set when the engine cannot run the op: the message explains why. */
  readonly unsupported?: string
  readonly build: (site: AggregationSite, arg: AggregationArgument) => Expr
}

const of =
  (fn: string): AggregationRow['build'] =>
  (site) =>
    call(fn, [site.field])

const pred = (site: AggregationSite): Expr => site.predicate ?? NULL_REAL

/** argmin/argmax: `arg_max(field, returned…)`; with nothing to return, the extreme alone (`max(field)`). */
const argExtremum =
  (fn: string, alone: string): AggregationRow['build'] =>
  (site) =>
    site.returned.length === 0 ? call(alone, [site.field]) : call(fn, [site.field, ...site.returned])

/** Every aggregation op, keyed by its canonical (lower-case) name. */
const AGGREGATIONS = {
  count: { needsField: false, argument: 'none', build: () => call('count', []) },
  distinct: { needsField: true, argument: 'none', build: of('dcount') },
  sum: { needsField: true, argument: 'none', build: of('sum') },
  avg: { needsField: true, argument: 'none', build: of('avg') },
  min: { needsField: true, argument: 'none', build: of('min') },
  max: { needsField: true, argument: 'none', build: of('max') },
  topk: {
    needsField: true,
    argument: 'k',
    array: true,
    build: (site, arg) => call('topk', [site.field, num(arg.kind === 'k' ? arg.k : 10)]),
  },
  percentiles: {
    needsField: true,
    argument: 'percentiles',
    array: true,
    build: (site, arg) =>
      call('percentiles_array', [
        site.field,
        ...(arg.kind === 'percentiles' ? arg.percentiles : []).map(num),
      ]),
  },
  histogram: {
    needsField: true,
    argument: 'buckets',
    array: true,
    build: (site, arg) => call('histogram', [site.field, num(arg.kind === 'buckets' ? arg.buckets : 10)]),
  },
  stdev: { needsField: true, argument: 'none', build: of('stdev') },
  variance: { needsField: true, argument: 'none', build: of('variance') },
  argmin: { needsField: true, argument: 'fields', build: argExtremum('arg_min', 'min') },
  argmax: { needsField: true, argument: 'fields', build: argExtremum('arg_max', 'max') },
  makeset: { needsField: true, argument: 'none', array: true, build: of('make_set') },
  makelist: { needsField: true, argument: 'none', array: true, build: of('make_list') },
  // Per-second rate: the sum over the bucket (or window) divided by its length, written as the sum it
  // is defined by so that legacy's own window rule (rateSeconds: null when unbounded) applies.
  rate: {
    needsField: true,
    argument: 'none',
    build: (site) =>
      site.rateSeconds === null ? NULL_REAL : binary('/', call('sum', [site.field]), real(site.rateSeconds)),
  },
  countif: { needsField: false, argument: 'predicate', build: (site) => call('countif', [pred(site)]) },
  distinctif: {
    needsField: true,
    argument: 'predicate',
    build: (site) => call('dcountif', [site.field, pred(site)]),
  },
  makesetif: {
    needsField: true,
    argument: 'predicate',
    array: true,
    build: (site) => call('make_set_if', [site.field, pred(site)]),
  },
} as const satisfies Record<string, AggregationRow>

/** A canonical legacy aggregation op. */
export type AggregationOp = keyof typeof AGGREGATIONS

/** Every canonical op name. */
export const AGGREGATION_OPS: readonly AggregationOp[] = Object.keys(AGGREGATIONS) as AggregationOp[]

/** The canonical op for a name in any letter case, or undefined. */
export function aggregationOpOf(name: string): AggregationOp | undefined {
  const key = name.toLowerCase()
  return Object.hasOwn(AGGREGATIONS, key) ? (key as AggregationOp) : undefined
}

/** The row of an op (needs a field? argument shape? supported?). */
export function aggregationRow(op: AggregationOp): Omit<AggregationRow, 'build'> {
  return AGGREGATIONS[op] as AggregationRow
}

/** The APL aggregation expression of one legacy aggregation. */
export function aggregationExpr(op: AggregationOp, site: AggregationSite, arg: AggregationArgument): Expr {
  return (AGGREGATIONS[op] as AggregationRow).build(site, arg)
}
