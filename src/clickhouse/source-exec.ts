// clickhouse/source-exec.ts: the physical operator standing for a plan subtree ClickHouse runs: sends
// its statement, reads the ArrowStream answer batch by batch and yields executor batches (so the
// operators above it, run locally, consume rows as they arrive). `explain` shows the SQL.
import * as arrow from 'apache-arrow'
import type { Batch } from '../exec/batch.ts'
import { checkInterrupt, type ExecContext } from '../exec/context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../exec/operator.ts'
import type { Vec } from '../exec/vector.ts'
import type { RowSchema } from '../plan/index.ts'
import { columnVec, partVec } from './arrow-vec.ts'
import type { ClickHouseClient } from './client.ts'
import type { Statement } from './compile/compile.ts'
import { ESTIMATE_EXACT_UP_TO } from './compile/relation.ts'

/** Settings of every query: Arrow as the blocks lay out, no compression (apache-arrow has no codec). */
export const ARROW_SETTINGS = {
  output_format_arrow_string_as_string: 1,
  output_format_arrow_low_cardinality_as_dictionary: 1,
  output_format_arrow_compression_method: 'none',
  // Kusto's joins and outer columns are nullable; ClickHouse's default fills defaults instead.
  join_use_nulls: 1,
} as const

/** True when some value of an Int64 column exceeds `limit`. */
function above(v: arrow.Vector | null, limit: number): boolean {
  if (!v) return false
  for (let i = 0; i < v.length; i++) if (Number(v.get(i) ?? 0) > limit) return true
  return false
}

/** Runs one statement on ClickHouse (see module header). */
export class ClickHouseExec implements PhysicalOperator {
  readonly name = 'ClickHouseExec'
  readonly children: readonly PhysicalOperator[] = []
  readonly metrics: OperatorMetrics = newMetrics()
  readonly schema: RowSchema
  readonly statement: Statement
  readonly #client: ClickHouseClient

  constructor(client: ClickHouseClient, schema: RowSchema, statement: Statement) {
    this.#client = client
    this.schema = schema
    this.statement = statement
  }

  explain(): string {
    return `ClickHouseExec sql=${this.statement.sql}`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const started = performance.now()
    const { stream } = await this.#client.exec({
      query: `${this.statement.sql} FORMAT ArrowStream`,
      clickhouse_settings: ARROW_SETTINGS,
      ...(ctx.signal ? { abort_signal: ctx.signal } : {}),
    })
    const reader = await arrow.RecordBatchReader.from(stream as AsyncIterable<Uint8Array>)
    const { columns, total } = this.statement
    for await (const rb of reader) {
      checkInterrupt(ctx)
      const n = rb.numRows
      if (n === 0) continue
      const parts: Vec[][] = this.schema.map(() => [])
      columns.forEach((c, i) => {
        const child = rb.getChildAt(i)
        if (child) parts[c.column].push(partVec(child, c.wire))
      })
      for (const e of this.statement.estimates)
        if (above(rb.getChildAt(e), ESTIMATE_EXACT_UP_TO)) ctx.stats.isEstimate = true
      if (total !== undefined) this.metrics.rowsIn = Number(rb.getChildAt(total)?.get(0) ?? 0)
      else this.metrics.rowsIn += n
      this.metrics.rowsOut += n
      ctx.stats.rowsExamined += n
      this.metrics.timeMs = performance.now() - started
      yield { length: n, sel: null, cols: this.schema.map((c, i) => columnVec(parts[i], c.type, n)) }
    }
    this.metrics.timeMs = performance.now() - started
  }
}
