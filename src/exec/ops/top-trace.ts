// ops/top-trace.ts: what a bounded TopN did block by block as one unit of a parallel fragment (each
// examined block's counters, its operators' row counts, the rows its heap accepted), for the main
// thread's counter replay (parallel/top-reconcile.ts). Plain data.
import { takeVec } from '../batch.ts'
import type { OperatorMetrics } from '../operator.ts'
import type { Vec } from '../vector.ts'
import type { BoundKind } from './top-bound.ts'

/** One block the scan yielded (examined). */
export interface BlockTrace {
  /** Index of the block in the scanned snapshot's block list. */
  readonly position: number
  readonly rowCount: number
  /** Rows of the block inside the window (its share of rowsExamined). */
  readonly examined: number
  /** Per traced operator (pre-order from the TopN), the rowsIn and rowsOut this block caused. */
  readonly rows: Float64Array
  /** Rows of the block the heap accepted (at some point), and the first key at those rows. */
  readonly accepted: Uint32Array
  readonly acceptedKey: Vec | undefined
}

/** A unit's trace: the bound's definition and its blocks in visiting order. */
export interface TopTraceData {
  readonly field: string
  readonly kind: BoundKind
  readonly descending: boolean
  readonly nullsFirst: boolean
  /** The TopN's N. */
  readonly count: number
  readonly blocks: readonly BlockTrace[]
}

interface Open {
  readonly position: number
  readonly rowCount: number
  readonly examined: number
  readonly before: Float64Array
  accepted: number[]
  key: Vec | undefined
}

/** Records a trace (see module header); the scan opens a block before counting it, the TopN adds accepted rows. */
export class TopTrace {
  readonly #ops: readonly OperatorMetrics[]
  readonly #head: Omit<TopTraceData, 'blocks'>
  readonly #blocks: BlockTrace[] = []
  #open: Open | undefined

  constructor(ops: readonly OperatorMetrics[], head: Omit<TopTraceData, 'blocks'>) {
    this.#ops = ops
    this.#head = head
  }

  #rows(): Float64Array {
    const out = new Float64Array(2 * this.#ops.length)
    this.#ops.forEach((m, i) => {
      out[2 * i] = m.rowsIn
      out[2 * i + 1] = m.rowsOut
    })
    return out
  }

  /** The scan is about to count block `position` (the previous block is then complete). */
  block(position: number, rowCount: number, examined: number): void {
    this.close()
    this.#open = { position, rowCount, examined, before: this.#rows(), accepted: [], key: undefined }
  }

  /** The heap accepted `rows` of the open block, whose first key vector is `key`. */
  accept(rows: readonly number[], key: Vec): void {
    const open = this.#open
    if (!open || rows.length === 0) return
    open.accepted.push(...rows)
    open.key = key
  }

  /** Completes the open block (the scan calls it once more at its end). */
  close(): void {
    const open = this.#open
    if (!open) return
    this.#open = undefined
    const rows = this.#rows()
    for (let i = 0; i < rows.length; i++) rows[i] -= open.before[i]
    const { position, rowCount, examined } = open
    const accepted = Uint32Array.from(open.accepted)
    const acceptedKey = open.key ? takeVec(open.key, accepted) : undefined
    this.#blocks.push({ position, rowCount, examined, rows, accepted, acceptedKey })
  }

  /** The trace so far. */
  data(): TopTraceData {
    return { ...this.#head, blocks: [...this.#blocks] }
  }
}
