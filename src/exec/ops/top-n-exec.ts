// ops/top-n-exec.ts: `top N by key`: a bounded binary heap of row references (batch, row) whose
// root is the worst kept row. Each input batch's keys are evaluated once; a row enters only when it
// beats the root, so most rows cost one comparison. Ties keep the earlier row (a stable sort's
// answer). Held batches are compacted into one dense batch when they grow past 4N + 1 Ki rows, so
// memory stays bounded by about 4N rows plus one batch.
import type { RowSchema, SortKey } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import { takeVec } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { Vec } from '../vector.ts'
import { concatBatches } from './sort-exec.ts'
import { type CrossCompare, crossComparator, orderRows } from './sort-order.ts'

/** A dense batch held by the heap with its evaluated key vectors. */
interface Held {
  readonly batch: Batch
  readonly keys: readonly Vec[]
  /** Arrival order of the batch (ties between batches go to the lower). */
  readonly seq: number
}

/** The best `count` rows by `keys` (see module header). */
export class TopNExec implements PhysicalOperator {
  readonly name = 'TopNExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #keys: readonly SortKey[]
  readonly #scope: EvalScope
  readonly #count: number
  readonly #cmp: CrossCompare

  constructor(input: PhysicalOperator, keys: readonly SortKey[], scope: EvalScope, count: number) {
    this.#input = input
    this.children = [input]
    this.schema = input.schema
    this.#keys = keys
    this.#scope = scope
    this.#count = count
    this.#cmp = crossComparator(keys)
  }

  explain(): string {
    return `TopNExec ${this.#count} by ${this.#keys.length} key(s)`
  }

  #evalKeys(b: Batch): Vec[] {
    return this.#keys.map((k) => evaluate(k.expr, b, this.#scope))
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const n = this.#count
    if (n <= 0) {
      for await (const b of this.#input.batches(ctx)) this.metrics.rowsIn += b.sel ? b.sel.length : b.length
      return
    }
    const heap = new RowHeap(n, this.#cmp)
    let heldRows = 0
    let seq = 0
    for await (const b of this.#input.batches(ctx)) {
      checkInterrupt(ctx)
      // The batch is held as it came (its columns are the scan's, shared with the block cache):
      // rows are offered by their index in it, and only kept rows are ever gathered (compact).
      const sel = b.sel
      const live = sel ? sel.length : b.length
      this.metrics.rowsIn += live
      if (live === 0) continue
      const entry: Held = { batch: b, keys: this.#evalKeys(b), seq: seq++ }
      let taken = false
      if (sel) {
        for (let j = 0; j < sel.length; j++) if (heap.offer(entry, sel[j])) taken = true
      } else for (let r = 0; r < b.length; r++) if (heap.offer(entry, r)) taken = true
      if (!taken) continue
      heldRows += live
      if (heldRows > 4 * n + 1024) {
        // Keep only the batches' rows still in the heap, as one dense batch in arrival order.
        const dense = heap.compact(this.schema.length)
        const next: Held = { batch: dense, keys: this.#evalKeys(dense), seq: seq++ }
        heap.rebase(next)
        heldRows = dense.length
      }
    }
    if (heap.size === 0) return
    const dense = heap.compact(this.schema.length)
    const idx = orderRows(dense.length, this.#evalKeys(dense), this.#keys)
    const out: Batch = { length: idx.length, sel: null, cols: dense.cols.map((c) => takeVec(c, idx)) }
    this.metrics.rowsOut = out.length
    yield out
  }
}

/** A max-heap (worst row at the root) of at most `cap` row references. */
class RowHeap {
  readonly #cap: number
  readonly #cmp: CrossCompare
  #from: Held[] = []
  #rows: number[] = []
  /** Entry index of each row of the last `compact` batch. */
  #order: number[] = []

  constructor(cap: number, cmp: CrossCompare) {
    this.#cap = cap
    this.#cmp = cmp
  }

  get size(): number {
    return this.#rows.length
  }

  /** True when entry x is worse than entry y (a later row is worse among equal keys). */
  #worse(x: number, y: number): boolean {
    const hx = this.#from[x]
    const hy = this.#from[y]
    const c = this.#cmp(hx.keys, this.#rows[x], hy.keys, this.#rows[y])
    if (c !== 0) return c > 0
    return hx.seq !== hy.seq ? hx.seq > hy.seq : this.#rows[x] > this.#rows[y]
  }

  /** Offers row `r` of `h`; true when it was kept. */
  offer(h: Held, r: number): boolean {
    if (this.#rows.length < this.#cap) {
      this.#from.push(h)
      this.#rows.push(r)
      this.#up(this.#rows.length - 1)
      return true
    }
    // Arriving later, a row equal to the root loses the tie: it must be strictly better.
    const root = this.#from[0]
    if (this.#cmp(h.keys, r, root.keys, this.#rows[0]) >= 0) return false
    this.#from[0] = h
    this.#rows[0] = r
    this.#down(0)
    return true
  }

  /** The kept rows as one dense batch, in arrival order. */
  compact(width: number): Batch {
    const order = this.#rows.map((_, k) => k)
    order.sort((x, y) => this.#from[x].seq - this.#from[y].seq || this.#rows[x] - this.#rows[y])
    const parts: Batch[] = []
    let k = 0
    while (k < order.length) {
      const h = this.#from[order[k]]
      const rows: number[] = []
      while (k < order.length && this.#from[order[k]] === h) rows.push(this.#rows[order[k++]])
      const idx = Uint32Array.from(rows)
      parts.push({ length: idx.length, sel: null, cols: h.batch.cols.map((c) => takeVec(c, idx)) })
    }
    this.#order = order
    return concatBatches(parts, width)
  }

  /** After `compact`, points every entry at its row of the compacted batch `h`. */
  rebase(h: Held): void {
    const from: Held[] = new Array(this.#rows.length)
    const rows: number[] = new Array(this.#rows.length)
    this.#order.forEach((entry, denseRow) => {
      from[entry] = h
      rows[entry] = denseRow
    })
    this.#from = from
    this.#rows = rows
  }

  #swap(a: number, b: number): void {
    const f = this.#from[a]
    this.#from[a] = this.#from[b]
    this.#from[b] = f
    const r = this.#rows[a]
    this.#rows[a] = this.#rows[b]
    this.#rows[b] = r
  }

  #up(k: number): void {
    while (k > 0) {
      const p = (k - 1) >> 1
      if (!this.#worse(k, p)) return
      this.#swap(k, p)
      k = p
    }
  }

  #down(k: number): void {
    const n = this.#rows.length
    for (;;) {
      const l = 2 * k + 1
      if (l >= n) return
      const r = l + 1
      const c = r < n && this.#worse(r, l) ? r : l
      if (!this.#worse(c, k)) return
      this.#swap(c, k)
      k = c
    }
  }
}
