// ops/datatable-exec.ts: `datatable(...)[...]`: the inline rows as one batch, typed by the schema.
import type { BoundLiteral, RowSchema } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import { fromCells } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { literalCell } from '../kernels/constants.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'

/** An inline table. */
export class DatatableExec implements PhysicalOperator {
  readonly name = 'DatatableExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[] = []
  readonly schema: RowSchema
  readonly #rows: readonly (readonly BoundLiteral[])[]

  constructor(rows: readonly (readonly BoundLiteral[])[], schema: RowSchema) {
    this.#rows = rows
    this.schema = schema
  }

  explain(): string {
    return `DatatableExec ${this.#rows.length} row(s)`
  }

  async *batches(_ctx: ExecContext): AsyncGenerator<Batch> {
    const n = this.#rows.length
    this.metrics.rowsOut = n
    if (n === 0) return
    const cols = this.schema.map((c, k) =>
      fromCells(
        c.type,
        this.#rows.map((r) => literalCell(r[k].type, r[k].value)),
      ),
    )
    yield { length: n, sel: null, cols }
  }
}
