// wire/types.ts: the wire shapes both result formats share (api-contract.md §1.5, §2.6): cells, the
// `status` object and its messages, field metadata, and the formatters' options. Types only; every key
// is on the Go strict-decoding whitelist (§11).

import type { CellJson } from '../exec/result.ts'

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
