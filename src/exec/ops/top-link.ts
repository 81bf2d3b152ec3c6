// ops/top-link.ts: the object a TopNExec shares with the scan under it (or a parallel source), made by
// the rules top-n-bound / late-materialization (exec/rules/): the bound, the late columns, the trace,
// and what the producer says about the batch it yields last: its block's index in the block list (ties
// go by it whatever the visiting order) or its rows' places, and where its late columns come from.
import type { Batch } from '../batch.ts'
import type { Vec } from '../vector.ts'
import type { LateColumns, LateSource } from './late-columns.ts'
import type { TopBound } from './top-bound.ts'
import type { TopTrace } from './top-trace.ts'

/** What the scan says about one batch it produced. */
export interface ScannedBatch {
  /** Index of its block in the dataset's block list (the unsealed tail: the list's length). */
  readonly position: number
  /** Its late columns (when the link has some). */
  readonly source: LateSource | undefined
  /** Per-row places in scan order instead of `position` (rows merged from parallel units). */
  readonly places?: Float64Array
  /** Per-row late-column sources and rows in them instead of `source` (rows whose units left them). */
  readonly sources?: readonly LateSource[]
  readonly rows?: Uint32Array
}

/** Shared by one TopNExec and one ScanExec (see module header). */
export class TopLink {
  /** The heap root as the scan's block filter and visiting order (one plain numeric/time key), else undefined. */
  readonly bound: TopBound | undefined
  /** Columns the scan leaves unread, fetched by the TopN for its kept rows (undefined: all read up front). */
  readonly late: LateColumns | undefined
  /** Set when the pair runs as a unit of a parallel fragment (top-trace.ts). */
  trace: TopTrace | undefined
  /**
   * The batch the producer yielded last, by its column array. Only filters stand between the two
   * (the rules make sure), which pass a batch on at once with its columns unchanged, or drop it.
   */
  #last: readonly Vec[] | undefined
  #lastBatch: ScannedBatch | undefined

  constructor(bound: TopBound | undefined, late: LateColumns | undefined) {
    this.bound = bound
    this.late = late
  }

  /** Records a batch the producer is about to yield. */
  register(cols: readonly Vec[], batch: ScannedBatch): void {
    this.#last = cols
    this.#lastBatch = batch
  }

  /** What the producer recorded for `b`, or undefined for a batch other than the one it yielded last. */
  scanned(b: Batch): ScannedBatch | undefined {
    return b.cols === this.#last ? this.#lastBatch : undefined
  }
}
