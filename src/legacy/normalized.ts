// legacy/normalized.ts: a legacy request after validation (request.ts): every default applied, every
// op canonical, times resolved, cursors decoded. What the translator reads; never built by users.

import type { Expr } from '../syntax/ast.ts'
import type { AggregationOp } from './aggregation-ops.ts'
import type { LeafFilterOp } from './filter-ops.ts'

/** A filter value the translator can compare with: JSON scalars only. */
export type FilterValue = string | number | boolean | null

/** A validated filter: logical nodes with children, or one comparison of a field. */
export type NormalFilter =
  | { readonly kind: 'and' | 'or' | 'not'; readonly children: readonly NormalFilter[] }
  | {
      readonly kind: 'leaf'
      readonly op: LeafFilterOp
      readonly field: string
      readonly value: FilterValue
      /** Compare strings case-sensitively (`caseSensitive`, or not `caseInsensitive`). */
      readonly sensitive: boolean
    }

/** A parsed aggregation argument (§2.3), by op. */
export type AggregationArgument =
  | { readonly kind: 'none' }
  | { readonly kind: 'k'; readonly k: number }
  | { readonly kind: 'percentiles'; readonly percentiles: readonly number[] }
  | { readonly kind: 'buckets'; readonly buckets: number }
  /** argmin/argmax: the fields returned from the extreme row; null = every field of the event. */
  | { readonly kind: 'fields'; readonly fields: readonly string[] | null }
  | {
      readonly kind: 'predicate'
      /** A filter object, or an APL predicate (parsed). */
      readonly predicate: { readonly filter: NormalFilter } | { readonly expr: Expr }
    }

/** A validated aggregation. */
export interface NormalAggregation {
  readonly op: AggregationOp
  /** The field aggregated; `*` for count. */
  readonly field: string
  /** The `op` of its result entries (given, or the op upper-cased). */
  readonly alias: string
  readonly argument: AggregationArgument
}

/** Where paging resumes: after (or at, when inclusive) this `_rowId`. */
export interface NormalCursor {
  readonly rowId: string
  /** The cursor row's `_time`, epoch ns (bounds the scan, so earlier blocks are pruned). */
  readonly timeNs: bigint
  readonly inclusive: boolean
}

/** A validated legacy request (see module header). */
export interface NormalRequest {
  /** Window start text for the executor, absent when unbounded (Go's zero time included). */
  readonly startTime?: string
  /** Window end text, absent = now. */
  readonly endTime?: string
  /** The window resolved against the query clock: start (0 when unbounded) and end, epoch ns. */
  readonly window: { readonly start: bigint; readonly end: bigint }
  /** Series interval width in ns, or `auto` (chosen from the window like APL `bin_auto`). */
  readonly resolution: bigint | 'auto'
  readonly aggregations: readonly NormalAggregation[]
  /** Group-by fields, without duplicates (empty unless there are aggregations). */
  readonly groupBy: readonly string[]
  readonly filter: NormalFilter | null
  readonly order: readonly { readonly field: string; readonly desc: boolean }[]
  /** 1…50,000. */
  readonly limit: number
  /** Virtual fields with their parsed expressions, in request order. */
  readonly virtualFields: readonly { readonly alias: string; readonly expr: Expr }[]
  /** Projected fields (matches only), alias defaulted to the field. */
  readonly project: readonly { readonly field: string; readonly alias: string }[]
  /** From `cursor` or `continuationToken` (the token wins). */
  readonly cursor: NormalCursor | null
}
