// ops/print-exec.ts: `print`: one row of expressions evaluated without input columns.
import type { ColumnDef, RowSchema } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'

/** One row of constants/expressions. */
export class PrintExec implements PhysicalOperator {
  readonly name = 'PrintExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[] = []
  readonly schema: RowSchema
  readonly #columns: readonly ColumnDef[]
  readonly #scope: EvalScope

  constructor(columns: readonly ColumnDef[], schema: RowSchema, scope: EvalScope) {
    this.#columns = columns
    this.schema = schema
    this.#scope = scope
  }

  explain(): string {
    return `PrintExec [${this.schema.map((c) => c.name).join(', ')}]`
  }

  async *batches(_ctx: ExecContext): AsyncGenerator<Batch> {
    const one: Batch = { length: 1, sel: null, cols: [] }
    this.metrics.rowsOut = 1
    yield { length: 1, sel: null, cols: this.#columns.map((c) => evaluate(c.expr, one, this.#scope)) }
  }
}
