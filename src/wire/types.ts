// wire/types.ts: the wire shapes of an APL query result (api-contract.md §1.3–1.6, §2.4), as
// plain objects. Types only. Every key here is on the Go strict-decoding whitelist (§11) but the
// tabular `visualization`, sent only for a query that ends in `render` (Axiom has no such field).

import type { AggWireName } from '../catalog/index.ts'
import type { CellJson } from '../exec/result.ts'
import type { Visualization } from '../plan/index.ts'

/**
 * A JSON number on the wire: `number` when it is a safe integer or a float, `bigint` for an integer
 * beyond ±2^53 (the serializer `stringifyWire` writes its exact digits; JS and Go clients round it).
 */
export type WireNumber = number | bigint

/**
 * One cell on the wire: datetimes are RFC3339Nano strings, timespans Go duration strings, longs
 * `WireNumber`s, reals finite numbers (NaN/±Inf become null), dynamic values JSON as stored.
 */
export type WireCell = null | boolean | WireNumber | string | CellJson

/** `fields[].agg`: `fields`/`args` appear only when non-empty (§1.3). */
export interface WireAgg {
  readonly name: AggWireName
  readonly fields?: readonly string[]
  readonly args?: readonly unknown[]
}

/** `tables[].fields[i]`. No `hidden` key: Go strict rejects it. */
export interface WireField {
  readonly name: string
  /** `integer`, `float`, `string`, `boolean`, `datetime`, `timespan`, `array`, a composite, or `unknown`. */
  readonly type: string
  readonly agg?: WireAgg
}

/** One result table of the tabular format. */
export interface WireTable {
  readonly name: string
  readonly sources: readonly { readonly name: string }[]
  readonly fields: readonly WireField[]
  readonly order: readonly { readonly field: string; readonly desc: boolean }[]
  readonly groups: readonly { readonly name: string }[]
  /** Half-open window `[start, end)`, RFC3339Nano strings. */
  readonly range?: { readonly field: string; readonly start: string; readonly end: string }
  /** Bucket width; for `_time` in nanoseconds. */
  readonly buckets?: { readonly field: string; readonly size: WireNumber }
  /** Column-major cells, never ragged; absent when `fields` is empty (JS `events()` reads `columns[0]`). */
  readonly columns?: readonly (readonly WireCell[])[]
}

/** One `status.messages[]` entry; `priority` and `code` obey the Go enums (§2.6). */
export interface WireMessage {
  readonly priority: string
  readonly count: number
  readonly code: string
  readonly msg: string
}

/** The `status` object of both formats (§1.5). */
export interface WireStatus {
  /** Wall time, integer µs (a float breaks Go decoding). */
  readonly elapsedTime: number
  readonly minCursor?: string
  readonly maxCursor?: string
  readonly blocksExamined: number
  readonly rowsExamined: number
  readonly rowsMatched: number
  readonly numGroups: number
  readonly isPartial: boolean
  readonly isEstimate: boolean
  /** Bit flags; always 1 ("miss"): apldb has no result cache. */
  readonly cacheStatus: number
  /** RFC3339Nano; absent rather than empty (an empty string breaks Go legacy decoding). */
  readonly minBlockTime?: string
  readonly maxBlockTime?: string
  readonly messages: readonly WireMessage[]
}

/** One entry of `fieldsMetaMap[dataset]` / legacy `fieldsMeta`. */
export interface WireFieldMeta {
  readonly name: string
  readonly type: string
  readonly unit: string
  readonly hidden: boolean
  readonly description: string
}

/** The whole `format=tabular` response (§1.3). */
export interface TabularResponse {
  readonly format: 'tabular'
  readonly status: WireStatus
  readonly tables: readonly WireTable[]
  readonly datasetNames: readonly string[]
  readonly fieldsMetaMap: Readonly<Record<string, readonly WireFieldMeta[]>>
  /**
   * The chart a query ending in `render` asks for (Kusto's "Visualization" property): only when
   * `render` was used. Axiom's API has no visualization field; the official clients ignore unknown
   * keys (Go's strict decoding, used only by axiom-go's own test suite, would refuse it).
   */
  readonly visualization?: Visualization
}

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

/** What a formatter needs beyond the `QueryResult` (all optional). */
export interface FormatOptions {
  /** `status.minCursor`: row id of the oldest row seen; not sent when absent. */
  readonly minCursor?: string
  /** `status.maxCursor`: row id of the newest row seen; not sent when absent. */
  readonly maxCursor?: string
  /** Tabular `fieldsMetaMap` (units, descriptions); default `{}`. */
  readonly fieldsMetaMap?: Readonly<Record<string, readonly WireFieldMeta[]>>
  /** Legacy `fieldsMeta`; not sent when absent. */
  readonly fieldsMeta?: readonly WireFieldMeta[]
}
