// ops/render-exec.ts: `render`: passes its input's batches through untouched; the chart hint rides
// on the result (run.ts), and explain shows it here.
import type { RowSchema, Visualization } from '../../plan/index.ts'
import { formatVisualization } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'

/** The input's rows, unchanged. */
export class RenderExec implements PhysicalOperator {
  readonly name = 'RenderExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly visualization: Visualization
  readonly #input: PhysicalOperator

  constructor(input: PhysicalOperator, visualization: Visualization) {
    this.#input = input
    this.children = [input]
    this.schema = input.schema
    this.visualization = visualization
  }

  explain(): string {
    return `RenderExec ${formatVisualization(this.visualization)}`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    for await (const b of this.#input.batches(ctx)) {
      const live = b.sel ? b.sel.length : b.length
      this.metrics.rowsIn += live
      this.metrics.rowsOut += live
      yield b
    }
  }
}
