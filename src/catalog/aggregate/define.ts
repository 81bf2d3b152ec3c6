// catalog/aggregate/define.ts: the aggregation row type (wire name, default-column rule, empty-input
// result) and the row builder that keeps kernel keys and tiers as literal types.

import type { CallableDef, Tier } from '../signature.ts'

/**
 * Canonical `fields[].agg.name` values (api-contract.md §1.4). The Go client refuses a response with
 * any other name, so this list is closed.
 */
export const AGG_WIRE_NAMES = [
  'count',
  'countif',
  'distinct',
  'distinctif',
  'sum',
  'sumif',
  'avg',
  'avgif',
  'min',
  'minif',
  'max',
  'maxif',
  'topk',
  'topkif',
  'percentiles',
  'percentilesif',
  'histogram',
  'histogramif',
  'stdev',
  'stdevif',
  'variance',
  'varianceif',
  'argmin',
  'argmax',
  'rate',
  'makeset',
  'makesetif',
  'makelist',
  'makelistif',
  'computed',
  'spotlight',
] as const

/** One canonical aggregation wire name. */
export type AggWireName = (typeof AGG_WIRE_NAMES)[number]

/**
 * How the output column is named when the query does not name it (decision §10.1):
 * `fixed` → that name (`count_`); `firstArg` → `<agg>_<col>` or `<agg>_` for an expression;
 * `firstArgAndConstant` → `<agg>_<col>_<arg>` with `.` in the constant turned into `_`;
 * `column` → the first argument's own column name (`arg_max(_time, …)` → `_time`), or
 * `<prefix>_` for an expression (`arg_max(strlen(uri), …)` → `max_`).
 */
export type ColumnNameRule =
  | { readonly kind: 'fixed'; readonly name: string }
  | { readonly kind: 'firstArg' }
  | { readonly kind: 'firstArgAndConstant'; readonly argIndex: number }
  | { readonly kind: 'column'; readonly prefix: string }

/** The value of an aggregate over no rows: 0, `[]`, or null (apl-reference §6). */
export type EmptyResult = 'zero' | 'emptyArray' | 'null'

/** One aggregation row. */
export interface AggregateDef<K extends string = string, T extends Tier = Tier> extends CallableDef<K, T> {
  /** The `fields[].agg.name` reported for this aggregation. */
  readonly wireName: AggWireName
  readonly column: ColumnNameRule
  /** True when the result is an estimate (HLL, sketches): conformance tests compare with tolerance. */
  readonly estimated: boolean
  readonly onEmpty: EmptyResult
  /** For `*if` variants: the unconditional aggregate and which argument is the row predicate. */
  readonly filtered?: { readonly base: string; readonly predicateArg: number }
  /**
   * arg_min/arg_max: besides its own column (argument 0's value), the call outputs one column per
   * later argument (or per input column for `*`): that argument's value in the row the aggregate
   * picked. Such a call must be a whole summarize output (never inside an expression or make-series).
   */
  readonly rowColumns?: true
  /**
   * spotlight: the arguments from this index on are field references (column names); a lone `*`
   * among them stands for every input column. The binder refuses any other expression there.
   */
  readonly fieldArgs?: number
}

/** What a family file writes; `aliases`, `kernel` (defaults to the name), `column`, `estimated` may be omitted. */
export type AggregateInput<N extends string, K extends string, T extends Tier> = Omit<
  AggregateDef<K, T>,
  'aliases' | 'kernel' | 'name' | 'column' | 'estimated'
> & {
  readonly name: N
  readonly kernel?: K
  readonly aliases?: readonly string[]
  readonly column?: ColumnNameRule
  readonly estimated?: boolean
}

/** Builds an aggregation row with defaults: no aliases, kernel = name, `<agg>_<col>` column, exact. */
export function aggregate<N extends string, T extends Tier, K extends string = N>(
  def: AggregateInput<N, K, T>,
): AggregateDef<K, T> {
  return {
    ...def,
    kernel: (def.kernel ?? def.name) as K,
    aliases: def.aliases ?? [],
    column: def.column ?? { kind: 'firstArg' },
    estimated: def.estimated ?? false,
  }
}
