// ops/mv-expand-exec.ts: mv-expand: per batch, each live row gives max(element counts) output rows
// (capped by `limit`; an empty array none; mv-expand-elements.ts), the other columns are gathered by
// row index and the elements written as fresh vectors. Streaming: one batch in, one batch out.
import type { LogicalOf, RowSchema } from '../../plan/index.ts'
import { type Batch, takeVec } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { Vec } from '../vector.ts'
import { indexColumn, itemColumn, maxCounts } from './mv-expand-elements.ts'

type Node = LogicalOf<'MvExpand'>

/** Expands the items of `node` (see module header). */
export class MvExpandExec implements PhysicalOperator {
  readonly name = 'MvExpandExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #node: Node
  readonly #scope: EvalScope
  /** Per output column: an input column index, an item index, or the item-index column. */
  readonly #sources: readonly ({ input: number } | { item: number } | { index: true })[]

  constructor(input: PhysicalOperator, node: Node, scope: EvalScope) {
    this.#input = input
    this.children = [input]
    this.schema = node.schema
    this.#node = node
    this.#scope = scope
    const items = new Map(node.items.map((it, i) => [it.name, i]))
    this.#sources = node.schema.map((c) => {
      if (c.name === node.itemIndex) return { index: true as const }
      const item = items.get(c.name)
      return item !== undefined ? { item } : { input: scope.columns.get(c.name) as number }
    })
  }

  explain(): string {
    return `MvExpandExec [${this.#node.items.map((i) => i.name).join(', ')}]`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    for await (const b of this.#input.batches(ctx)) {
      checkInterrupt(ctx)
      const t0 = performance.now()
      const live = b.sel ? b.sel.length : b.length
      this.metrics.rowsIn += live
      const out = this.#expand(b, live)
      this.metrics.timeMs += performance.now() - t0
      if (out === undefined) continue
      this.metrics.rowsOut += out.length
      yield out
    }
  }

  #expand(b: Batch, live: number): Batch | undefined {
    const n = this.#node
    const sel = b.sel ?? null
    const values = n.items.map((it) => evaluate(it.expr, b, this.#scope))
    const counts = new Int32Array(live)
    for (const v of values) maxCounts(v, sel, counts)
    const cap = n.limit ?? Number.POSITIVE_INFINITY
    let total = 0
    for (let j = 0; j < live; j++) {
      if (counts[j] > cap) counts[j] = cap
      total += counts[j]
    }
    if (total === 0) return undefined
    const idx = new Uint32Array(total)
    for (let j = 0, o = 0; j < live; j++) {
      idx.fill(sel === null ? j : sel[j], o, o + counts[j])
      o += counts[j]
    }
    const cols: Vec[] = this.#sources.map((s) =>
      'input' in s
        ? takeVec(b.cols[s.input], idx)
        : 'item' in s
          ? itemColumn(values[s.item], n.items[s.item].toType ?? 'dynamic', n.bagAs, sel, counts, total)
          : indexColumn(counts, total),
    )
    return { length: total, sel: null, cols }
  }
}
