// test/reference/context.ts: what one evaluation carries besides rows: the query clock, the window,
// the bin_auto step, `set stricttypes`, and the counters that become `status`. Plain data.

import type { LogicalNode } from '../../src/plan/index.ts'
import type { Snapshot } from '../../src/storage/snapshot.ts'
import type { Value } from './values.ts'

/** A row: column name → value (a missing name reads as null). */
export type Row = ReadonlyMap<string, Value>

/** The query window `[start, end)` in epoch ns (apl-reference §8). */
export interface TimeWindow {
  /** Inclusive start; undefined = unbounded (echoed as the Unix epoch). */
  readonly start: bigint | undefined
  /** Exclusive end. */
  readonly end: bigint
}

/** Counters for `status`. */
export interface EvalStats {
  /** Events read from datasets (before the window). */
  rowsExamined: number
  /** Rows leaving each Scan's window and the Filter/Search chain directly above it. */
  rowsMatched: number
}

/** Per-evaluation state shared by every stage. */
export interface EvalContext {
  readonly snapshot: Snapshot
  /** `now()` for the whole query, epoch ns. */
  readonly now: bigint
  readonly window: TimeWindow
  /** The `bin_auto` step for this window, ns (decision §10.3). */
  readonly autoStep: bigint
  /** `set stricttypes;`: per-value comparisons of two kinds of value fail. */
  readonly strictTypes: boolean
  /** The query sorts nowhere (plan order `time-desc`): `take N` keeps the newest N by `_time`. */
  readonly newestFirst: boolean
  readonly stats: EvalStats
  /** Groups produced by each Aggregate / MakeSeries node evaluated (for `status.numGroups`). */
  readonly groupCounts: Map<LogicalNode, number>
  /** Nodes whose output rows count as matched (see EvalStats.rowsMatched). */
  readonly matchPoints: ReadonlySet<LogicalNode>
  /** QueryOptions.sampleSeed: the seed of a `sample` without `set sample_seed` (rule 240). */
  readonly sampleSeed?: number
}
