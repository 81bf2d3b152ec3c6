// ops/stack-break-exec.ts: passes its input's batches through unchanged, but asks for each one from a
// fresh microtask. Pulling a batch through a chain of operators nests one async generator call per
// operator on the JS stack; the physical planner puts one of these every STACK_SPAN operators of a
// deep chain, so a 10,000-stage pipeline never nests deeper than STACK_SPAN.
import type { RowSchema } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'

/** Operators of one chain between two stack breaks (well inside V8's default stack). */
export const STACK_SPAN = 256

/** See module header. */
export class StackBreakExec implements PhysicalOperator {
  readonly name = 'StackBreakExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator

  constructor(input: PhysicalOperator) {
    this.#input = input
    this.children = [input]
    this.schema = input.schema
  }

  explain(): string {
    return 'StackBreakExec'
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const it = this.#input.batches(ctx)[Symbol.asyncIterator]()
    try {
      while (true) {
        // The await unwinds the caller's stack before the input runs on.
        await null
        const r = await it.next()
        if (r.done) return
        this.metrics.rowsIn += r.value.length
        this.metrics.rowsOut += r.value.length
        yield r.value
      }
    } finally {
      await null
      await it.return?.()
    }
  }
}
