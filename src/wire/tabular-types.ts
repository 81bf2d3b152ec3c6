// wire/tabular-types.ts: the `format=tabular` response (api-contract.md §1.3), as plain objects. Types
// only. Every key is on the Go strict-decoding whitelist (§11) but `visualization`, sent only for a
// query that ends in `render` (Axiom has no such field).

import type { AggWireName } from '../catalog/index.ts'
import type { Visualization } from '../plan/index.ts'
import type { WireCell, WireFieldMeta, WireNumber, WireStatus } from './types.ts'

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
