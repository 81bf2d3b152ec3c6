// exec/ops/result-rows.ts: the rows a query returns, gathered batch by batch and charged to the
// query's memory (the vectors, and the cells the result will be made of) before they are kept, so a
// result too big for the budget stops with `query_memory_exceeded` instead of exhausting the heap.
import type { Batch } from '../batch.ts'
import { compactBatch } from '../batch.ts'
import type { MemoryAccount } from '../query-memory.ts'
import { batchBytes } from '../vec-bytes.ts'
import { concatBatches } from './sort-exec.ts'

/** Bytes a result cell costs as a JS value (the row arrays of `QueryResult`). */
const CELL = 16

/** Result rows being gathered (see module header). */
export class ResultRows {
  readonly #width: number
  readonly #account: MemoryAccount
  readonly #parts: Batch[] = []
  length = 0

  constructor(width: number, account: MemoryAccount) {
    this.#width = width
    this.#account = account
  }

  /** Keeps the live rows of `b` (charged first). */
  add(b: Batch): void {
    const rows = b.sel ? b.sel.length : b.length
    if (rows === 0) return
    // Twice the vectors: the parts, then their concatenation, live together for a moment.
    this.#account.grow(2 * batchBytes(b) + rows * this.#width * CELL)
    this.#parts.push(compactBatch(b))
    this.length += rows
  }

  /** Every kept row as one dense batch. */
  batch(): Batch {
    return concatBatches(this.#parts, this.#width)
  }
}
