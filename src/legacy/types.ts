// legacy/types.ts: the legacy structured query as it arrives (api-contract.md §2.1–2.3, lenient
// shapes included). Types only; validation is request.ts's, the result's shape wire/legacy-types.ts's.

/**
 * A filter (§2.2). `op` is any case of a symbol or word form (`==`/`eq`, `>`/`gt`, …); `""` means
 * "no filter". `children` feed `and`/`or`/`not` and are ignored under any other op.
 */
export interface LegacyFilter {
  readonly op: string
  readonly field?: string
  readonly value?: unknown
  /** String operations and `==`/`!=` compare case-sensitively when true (default false). */
  readonly caseSensitive?: boolean
  /** The Rust client's spelling: true = case-insensitive; used when `caseSensitive` is absent. */
  readonly caseInsensitive?: boolean
  readonly children?: readonly LegacyFilter[] | null
}

/** An aggregation (§2.3); `alias` defaults to `op` upper-cased. */
export interface LegacyAggregation {
  readonly op: string
  /** The field aggregated (`*` or anything for `count`/`countif`). */
  readonly field?: string
  readonly alias?: string
  /**
   * `topk`: k or `{k}`; `percentiles`: a number or a number array; `histogram`: buckets or
   * `{buckets}`; `countif`/`distinctif`/`makesetif`: a filter object or an APL predicate string.
   */
  readonly argument?: unknown
}

/** One sort key. */
export interface LegacyOrder {
  readonly field: string
  /** Descending when true; default false (ascending, Go's zero value). */
  readonly desc?: boolean
}

/** A computed field (`alias = expr`, bound like APL `extend`). */
export interface LegacyVirtualField {
  readonly alias: string
  /** An APL scalar expression, e.g. `toint(response) < 400`. */
  readonly expr: string
}

/** A projected field of the matches, optionally renamed. */
export interface LegacyProjection {
  readonly field: string
  readonly alias?: string
}

/**
 * The legacy query body (§2.1). Every key may be absent or null, and Go's all-keys-present bodies
 * (`filter.op: ""`, `limit: 0`, `aggregations: null`, `resolution: "auto"`) mean the defaults.
 */
export interface QueryRequest {
  /** RFC 3339 or `now-1h` style; Go's zero time `0001-01-01T00:00:00Z` means unset. */
  readonly startTime?: string
  /** Exclusive end, same formats; unset means now. */
  readonly endTime?: string
  /** `auto` or a Go duration (`1m30s`): the width of the `buckets.series` intervals. */
  readonly resolution?: string
  readonly aggregations?: readonly LegacyAggregation[] | null
  /** Group-by fields of the aggregations (ignored without aggregations). */
  readonly groupBy?: readonly string[] | null
  readonly filter?: LegacyFilter | null
  /**
   * Matches: sort keys (default `_time` descending; cursors page in `_time` order). Aggregations:
   * groupBy fields, aliases or aggregated fields (default: the first scalar aggregation descending).
   */
  readonly order?: readonly LegacyOrder[] | null
  /** Rows (matches) or groups (totals); 0 or absent = 1,000; at most 50,000. */
  readonly limit?: number
  readonly virtualFields?: readonly LegacyVirtualField[] | null
  /** The `data` fields of the matches (all when absent); ignored with aggregations. */
  readonly project?: readonly LegacyProjection[] | null
  /** A `_rowId` to continue after (exclusive unless `includeCursor`); `""` = none. */
  readonly cursor?: string
  readonly includeCursor?: boolean
  /** `status.continuationToken` of a previous page; `""` = none. */
  readonly continuationToken?: string
  /** UI hints; ignored. */
  readonly queryOptions?: unknown
}
