// ops/external-data-exec.ts: externaldata as a leaf: each URL read when the query runs through the
// context's reader (the caller's access; none: refused), its bytes charged to the query's memory
// budget while held, parsed by external-data-read.ts into one batch per source.
import type { LogicalOf, RowSchema } from '../../plan/index.ts'
import { type Batch, fromCells } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { ExecError } from '../exec-error.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { readRecords } from './external-data-read.ts'

/** Reads the sources of `node` (see module header). */
export class ExternalDataExec implements PhysicalOperator {
  readonly name = 'ExternalDataExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[] = []
  readonly schema: RowSchema
  readonly #node: LogicalOf<'ExternalData'>

  constructor(node: LogicalOf<'ExternalData'>) {
    this.schema = node.schema
    this.#node = node
  }

  explain(): string {
    return `ExternalDataExec ${this.#node.format} sources ${this.#node.urls.length}`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const read = ctx.readExternal
    if (read === undefined) {
      throw new ExecError(
        'external_data_refused',
        'externaldata: reading URLs is not enabled here (the embedding application grants it: fileRoot, fetch)',
      )
    }
    const memory = ctx.guard.memory.account(this.name)
    for (const url of this.#node.urls) {
      checkInterrupt(ctx)
      const bytes = await read(url)
      // The text and its rows are about three times the bytes while parsed.
      memory.set(bytes.byteLength * 3)
      const t0 = performance.now()
      let text: string
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      } catch {
        throw new ExecError('external_data_invalid', `externaldata: ${url} is not UTF-8 text`)
      }
      const n = this.#node
      const rows = readRecords(text, n.format, n.schema, n.ignoreFirstRecord, url)
      const cols = n.schema.map((c, i) =>
        fromCells(
          c.type,
          rows.map((r) => r[i]),
        ),
      )
      this.metrics.rowsOut += rows.length
      this.metrics.timeMs += performance.now() - t0
      if (rows.length > 0) yield { length: rows.length, sel: null, cols }
    }
    memory.set(0)
  }
}
