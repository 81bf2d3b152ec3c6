// ops/limit-exec.ts: `take`/`limit N`: the first N live rows, then stops pulling its input.
import type { RowSchema } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import { liveIndices } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'

/** First `count` rows of the input. */
export class LimitExec implements PhysicalOperator {
  readonly name = 'LimitExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #count: number

  constructor(input: PhysicalOperator, count: number) {
    this.#input = input
    this.children = [input]
    this.schema = input.schema
    this.#count = count
  }

  explain(): string {
    return `LimitExec ${this.#count}`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    let left = this.#count
    if (left <= 0) return
    for await (const b of this.#input.batches(ctx)) {
      const live = b.sel ? b.sel.length : b.length
      this.metrics.rowsIn += live
      if (live <= left) {
        left -= live
        this.metrics.rowsOut += live
        yield b
      } else {
        this.metrics.rowsOut += left
        yield { length: b.length, sel: liveIndices(b).slice(0, left), cols: b.cols }
        left = 0
      }
      if (left === 0) return
    }
  }
}
