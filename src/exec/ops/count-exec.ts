// ops/count-exec.ts: `| count`: one row, one long column `count_` with the number of input rows
// (a weighted row counts as the events it stands for: Batch.weights).
import type { RowSchema } from '../../plan/index.ts'
import { type Batch, liveWeight } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'

/** Counts input rows. */
export class CountExec implements PhysicalOperator {
  readonly name = 'CountExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator

  constructor(input: PhysicalOperator, schema: RowSchema) {
    this.#input = input
    this.children = [input]
    this.schema = schema
  }

  explain(): string {
    return 'CountExec'
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    let n = 0
    for await (const b of this.#input.batches(ctx)) n += liveWeight(b)
    this.metrics.rowsIn = n
    this.metrics.rowsOut = 1
    yield {
      length: 1,
      sel: null,
      cols: [{ kind: 'num', type: 'long', values: Float64Array.of(n), valid: null }],
    }
  }
}
