// ops/distinct-exec.ts: `distinct cols`: unique combinations of the evaluated columns in first-seen
// order, keyed like summarize keys (group-keys.ts: 1 and 1.0 are one value, null is its own value).
// Streams: each input batch emits only the combinations it saw first. Only the columns are returned.
import type { ColumnDef, RowSchema } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import { fromCells, liveIndices } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { groupBytes } from '../vec-bytes.ts'
import { GroupIndex } from './group-keys.ts'

/** `distinct`: see module header. */
export class DistinctExec implements PhysicalOperator {
  readonly name = 'DistinctExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #columns: readonly ColumnDef[]
  readonly #scope: EvalScope

  constructor(input: PhysicalOperator, columns: readonly ColumnDef[], schema: RowSchema, scope: EvalScope) {
    this.#input = input
    this.children = [input]
    this.schema = schema
    this.#columns = columns
    this.#scope = scope
  }

  explain(): string {
    return `DistinctExec [${this.#columns.map((c) => c.name).join(', ')}]`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const groups = new GroupIndex(this.#columns.length)
    const memory = ctx.guard.memory.account(this.name)
    for await (const b of this.#input.batches(ctx)) {
      await ctx.guard.pace()
      const t0 = performance.now()
      const rows = liveIndices(b)
      memory.set(groupBytes(groups.size + rows.length, this.#columns.length, 0))
      this.metrics.rowsIn += rows.length
      const first = groups.size
      const vecs = this.#columns.map((c) => evaluate(c.expr, b, this.#scope))
      groups.assign(vecs, rows, () => {})
      const fresh = groups.size - first
      memory.set(groupBytes(groups.size, this.#columns.length, 0))
      this.metrics.timeMs += performance.now() - t0
      if (fresh === 0) continue
      this.metrics.rowsOut += fresh
      // New combinations are the group ids first … size-1; their cells come from the key dictionaries.
      const cols = this.#columns.map((_, k) => {
        const dict = groups.keys[k]
        return fromCells(
          this.schema[k].type,
          Array.from(groups.keyIds(k, first), (id) => dict.at(id) ?? null),
        )
      })
      yield { length: fresh, sel: null, cols }
    }
  }
}
