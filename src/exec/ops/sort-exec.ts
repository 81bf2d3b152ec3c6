// ops/sort-exec.ts: `sort by`/`order by`: drains its input, concatenates the live rows, orders them
// stably by the keys and emits one batch. With a `limit` it keeps only the best rows whenever it holds
// more than 2·limit + 1 Ki (sort-and-trim); `top` itself uses the heap of top-n-exec.ts.
import type { RowSchema, SortKey } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import { compactBatch, concatVecs, takeVec } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { batchBytes } from '../vec-bytes.ts'
import { orderRows } from './sort-order.ts'

/** Dense batches end to end as one. */
export function concatBatches(batches: readonly Batch[], width: number): Batch {
  const dense = batches.map(compactBatch)
  const lens = dense.map((b) => b.length)
  const length = lens.reduce((a, b) => a + b, 0)
  const cols = Array.from({ length: width }, (_, c) =>
    concatVecs(
      dense.map((b) => b.cols[c]),
      lens,
    ),
  )
  return { length, sel: null, cols }
}

/** Orders (and optionally caps) its input (see module header). */
export class SortExec implements PhysicalOperator {
  readonly name: string
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #keys: readonly SortKey[]
  readonly #scope: EvalScope
  readonly #limit: number | undefined

  constructor(input: PhysicalOperator, keys: readonly SortKey[], scope: EvalScope, limit?: number) {
    this.name = limit === undefined ? 'SortExec' : 'SortLimitExec'
    this.#input = input
    this.children = [input]
    this.schema = input.schema
    this.#keys = keys
    this.#scope = scope
    this.#limit = limit
  }

  explain(): string {
    return `${this.name}${this.#limit === undefined ? '' : ` ${this.#limit}`} by ${this.#keys.length} key(s)`
  }

  #order(b: Batch, limit: number | undefined): Batch {
    const vecs = this.#keys.map((k) => evaluate(k.expr, b, this.#scope))
    const idx = orderRows(b.length, vecs, this.#keys, limit)
    return { length: idx.length, sel: null, cols: b.cols.map((c) => takeVec(c, idx)) }
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const width = this.schema.length
    const limit = this.#limit
    // What the sort holds: its input batches, then (for a moment) their concatenation and order.
    const memory = ctx.guard.memory.account(this.name)
    let held: Batch[] = []
    let heldRows = 0
    let heldBytes = 0
    for await (const b of this.#input.batches(ctx)) {
      await ctx.guard.pace()
      const live = b.sel ? b.sel.length : b.length
      this.metrics.rowsIn += live
      const bytes = batchBytes(b)
      memory.grow(bytes)
      held.push(b)
      heldRows += live
      heldBytes += bytes
      if (limit !== undefined && heldRows > 2 * limit + 1024) {
        memory.grow(2 * heldBytes)
        const kept = this.#order(concatBatches(held, width), limit)
        held = [kept]
        heldRows = kept.length
        heldBytes = batchBytes(kept)
        memory.set(heldBytes)
      }
    }
    if (limit === 0) return
    memory.grow(2 * heldBytes)
    const out = this.#order(concatBatches(held, width), limit)
    held = []
    memory.set(batchBytes(out))
    this.metrics.rowsOut = out.length
    if (out.length > 0) yield out
  }
}
