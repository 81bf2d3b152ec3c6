// exec/result.ts: the in-process result of a query, as both the engine and the reference evaluator
// (test/reference) produce it, before any wire format (api-contract.md §1) is applied. Cells are
// canonical JS values so two results compare with deep equality:
//   string → string · bool → boolean · long → number when safe, else bigint · real → number
//   datetime, timespan → bigint (epoch ns / ns) · dynamic → JSON value (null-prototype free)
//   null → null (every type)
// A column's `type` disambiguates bigint cells (long vs datetime vs timespan).
import type { AggWireName, AplType } from '../catalog/index.ts'
import type { Visualization } from '../plan/index.ts'

/** One result cell (see module header). */
export type Cell = null | boolean | number | bigint | string | CellJson
/** A JSON value inside a dynamic cell. */
export type CellJson = null | boolean | number | string | CellJson[] | { [key: string]: CellJson }

/** One output column. */
export interface ResultField {
  readonly name: string
  /** APL type; `unknown` when values of several types are mixed (wire: a composite or `unknown`). */
  readonly type: AplType
  /** For aggregation outputs: the wire name (§1.4), field arguments and constant arguments. */
  readonly agg?: {
    readonly name: AggWireName
    readonly fields?: readonly string[]
    readonly args?: readonly unknown[]
  }
}

/** One result table (`tables[i]` on the wire). */
export interface ResultTable {
  /** `"0"`, `"1"`, …, or `"_totals"` for the totals of a summarize by `bin(_time, …)`. */
  readonly name: string
  /** Datasets that contributed rows. */
  readonly sources: readonly string[]
  readonly fields: readonly ResultField[]
  /** Column-major cells: `columns[i][row]` belongs to `fields[i]`; all columns have equal length. */
  readonly columns: readonly (readonly Cell[])[]
  /** The ordering of the rows, as the wire's `order` (`[{field, desc}]`). */
  readonly order: readonly { readonly field: string; readonly desc: boolean }[]
  /** Group-by keys (summarize), including `_time` when binned. */
  readonly groups: readonly { readonly name: string }[]
  /** The effective query window `[start, end)` in epoch ns (absent for sources without `_time`). */
  readonly range?: { readonly field: '_time'; readonly start: bigint; readonly end: bigint }
  /** Time bucketing of a summarize by `bin(_time, size)` / `bin_auto`, size in ns. */
  readonly buckets?: { readonly field: '_time'; readonly size: bigint }
}

/** A message in `status.messages` (Go-compatible codes and priorities, api-contract.md §2.6). */
export interface ResultMessage {
  readonly priority: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'
  readonly code: string
  readonly count: number
  readonly msg: string
}

/** Execution figures (`status` on the wire). */
export interface QueryStatus {
  /** Wall time in µs. */
  readonly elapsedTime: number
  readonly blocksExamined: number
  readonly blocksPruned: number
  readonly rowsExamined: number
  readonly rowsMatched: number
  readonly numGroups: number
  readonly isPartial: boolean
  /** Whether an approximate aggregation (dcount beyond its exact budget, percentiles) answered. */
  readonly isEstimate: boolean
  /**
   * Each summarize's decisions made once at plan time, in plan order: how rows find their groups
   * and where each aggregation keeps its states (`strategy hash columns [avg: typed]`). In-process
   * only: not part of Axiom's wire status.
   */
  readonly aggregations?: readonly string[]
  /** Oldest and newest `_time` of the blocks examined (epoch ns), when any. */
  readonly minBlockTime?: bigint
  readonly maxBlockTime?: bigint
  readonly messages: readonly ResultMessage[]
}

/** The whole result of one query. */
export interface QueryResult {
  readonly tables: readonly ResultTable[]
  readonly status: QueryStatus
  /** Datasets the query read (for `datasetNames` on the wire and for auth). */
  readonly datasetNames: readonly string[]
  /** The chart hint of a query ending in `render`; absent otherwise. */
  readonly visualization?: Visualization
}

/** Options every query runner takes (the engine and the reference evaluator alike). */
export interface QueryOptions {
  /** Window start: RFC 3339 or `now-1h` style; absent = unbounded. */
  readonly startTime?: string
  /** Window end (exclusive): RFC 3339 or `now`-relative; absent = now. */
  readonly endTime?: string
  /** Row cap for non-aggregating results (default 1,000; max 50,000; decision §10.4). */
  readonly limit?: number
  /**
   * This query's memory budget, bytes (default the store's `queryMemoryBytes`; at most its
   * `memoryBytes`). Past it the query stops with `query_memory_exceeded`.
   */
  readonly memoryBytes?: number
  /**
   * The seed (uint32) of every `sample` of the query that has no `set sample_seed = N;` (default: a
   * fresh random seed per query). The same seed keeps the same rows (exec/ops/sample-exec.ts).
   */
  readonly sampleSeed?: number
}
