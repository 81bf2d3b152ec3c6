// ops/mv-expand-exec.ts: mv-expand: per batch, the items' values are read as dynamic cells, each live
// row gives max(element counts) output rows (capped by `limit`; an empty array none), the other
// columns are gathered by row index and the elements written as fresh vectors. Streaming: one batch in,
// one batch out.
import type { AplType } from '../../catalog/index.ts'
import type { LogicalOf, RowSchema } from '../../plan/index.ts'
import { parseGoDuration, parseTimeAuto } from '../../util/time/index.ts'
import { type Batch, fromCells, takeVec } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { parseNumber } from '../kernels/parse-number.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { Cell, CellJson } from '../result.ts'
import { cellAt, type Vec } from '../vector.ts'

type Node = LogicalOf<'MvExpand'>

/** The elements one value expands to (see the node's doc in plan/logical.ts). */
function elements(c: Cell, bagAs: Node['bagAs']): readonly Cell[] {
  if (Array.isArray(c)) return c as CellJson[]
  if (c !== null && typeof c === 'object') {
    return Object.entries(c).map(([k, v]) => (bagAs === 'bag' ? { [k]: v } : [k, v]))
  }
  return [c]
}

/** `to typeof(T)`: an element as T, or null. */
function convert(type: AplType, e: Cell): Cell {
  if (e === null || type === 'dynamic' || type === 'unknown') return e
  switch (type) {
    case 'string':
      return typeof e === 'string' ? e : typeof e === 'object' ? JSON.stringify(e) : String(e)
    case 'long':
      if (typeof e === 'number' || typeof e === 'bigint') return Math.trunc(Number(e))
      return typeof e === 'string' && /^[+-]?[0-9]+$/.test(e) ? Number(e) : null
    case 'real':
      if (typeof e === 'number' || typeof e === 'bigint') return Number(e)
      return typeof e === 'string' ? parseNumber(e) : null
    case 'bool':
      return typeof e === 'boolean' ? e : null
    case 'datetime':
      return typeof e === 'string' ? parseTimeAuto(e.trim()) : null
    case 'timespan':
      return typeof e === 'string' ? parseGoDuration(e.trim()) : null
  }
}

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
    const values = n.items.map((it) => evaluate(it.expr, b, this.#scope))
    const rows: number[] = []
    const indexes: number[] = []
    const cells: Cell[][] = n.items.map(() => [])
    const cap = n.limit ?? Number.POSITIVE_INFINITY
    for (let j = 0; j < live; j++) {
      const i = b.sel ? b.sel[j] : j
      const lists = values.map((v) => elements(cellAt(v, i), n.bagAs))
      const count = Math.min(cap, Math.max(...lists.map((l) => l.length)))
      for (let k = 0; k < count; k++) {
        rows.push(i)
        indexes.push(k)
        lists.forEach((l, m) => {
          cells[m].push(k < l.length ? convert(n.items[m].toType ?? 'dynamic', l[k]) : null)
        })
      }
    }
    if (rows.length === 0) return undefined
    const idx = Uint32Array.from(rows)
    const cols: Vec[] = this.#sources.map((s, c) =>
      'input' in s
        ? takeVec(b.cols[s.input], idx)
        : 'item' in s
          ? fromCells(this.schema[c].type, cells[s.item])
          : fromCells('long', indexes),
    )
    return { length: idx.length, sel: null, cols }
  }
}
