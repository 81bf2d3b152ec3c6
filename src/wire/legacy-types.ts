// wire/legacy-types.ts: the legacy result shapes (api-contract.md §1.6, §2.4): matches (Entry), groups
// (EntryGroup), series intervals, the `format=legacy` response of an APL query and the result of a
// legacy structured query. Types only; keys limited to the Go strict-decoding whitelist (§11).

import type { WireCell, WireFieldMeta, WireStatus } from './types.ts'

/** A legacy match (§2.4 Entry). */
export interface WireEntry {
  /** RFC3339Nano; Go's zero time `0001-01-01T00:00:00Z` when the row has no `_time`. */
  readonly _time: string
  readonly _sysTime: string
  readonly _rowId: string
  /** The row's other non-null fields, by name. */
  readonly data: Readonly<Record<string, WireCell>>
}

/** `{op, value}`: `op` is the output column name (the alias), not the function (§2.4). */
export interface WireEntryGroupAgg {
  readonly op: string
  readonly value: WireCell
}

/** A legacy group: group-by values and the aggregation values (§2.4 EntryGroup). */
export interface WireEntryGroup {
  /** Positive, unique per group key within one response; the same key has the same id in series and totals. */
  readonly id: number
  readonly group: Readonly<Record<string, WireCell>>
  readonly aggregations: readonly WireEntryGroupAgg[]
}

/** One time bucket `[startTime, endTime)` of a legacy series (§2.4 Interval). */
export interface WireInterval {
  readonly startTime: string
  readonly endTime: string
  readonly groups: readonly WireEntryGroup[]
}

/** The whole `format=legacy` response (§1.6, keys limited to the Go whitelist of §11). */
export interface LegacyResponse {
  readonly status: WireStatus
  readonly matches: readonly WireEntry[]
  readonly buckets: { readonly series: readonly WireInterval[]; readonly totals: readonly WireEntryGroup[] }
  readonly fieldsMeta?: readonly WireFieldMeta[]
  readonly format: 'legacy'
}

/** `status` of a legacy result: the §1.5 object plus the legacy paging token. */
export type LegacyStatus = WireStatus & {
  /** Set when more matches follow: send it back as `continuationToken` for the next page. */
  readonly continuationToken?: string
}

/**
 * The legacy result (§2.4): only the keys Go's strict decoder accepts (§11): `status`, `matches`,
 * `buckets`, `fieldsMeta`, `format`.
 */
export interface LegacyResult {
  readonly status: LegacyStatus
  readonly matches: readonly WireEntry[]
  readonly buckets: { readonly series: readonly WireInterval[]; readonly totals: readonly WireEntryGroup[] }
  readonly fieldsMeta?: readonly WireFieldMeta[]
  readonly format: 'legacy'
}
