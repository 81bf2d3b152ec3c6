// ops/top-n-exec.ts: `top N by key`: a bounded heap of row references (top-n-heap.ts), compacted past
// 4N + 1 Ki held rows; ties keep the row earlier in scan order. Built with a TopLink (by the rules
// top-n-bound and late-materialization, exec/rules/), its root prunes the scan's blocks (top-bound.ts)
// and unread columns are fetched for the kept rows only.
import type { RowSchema, SortKey } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import { takeVec } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { batchBytes } from '../vec-bytes.ts'
import type { Vec } from '../vector.ts'
import type { LateColumns, LateSource } from './late-columns.ts'
import { orderRows } from './sort-order.ts'
import type { ScannedBatch, TopLink } from './top-link.ts'
import { type Held, type Origin, placeBase, RowHeap } from './top-n-heap.ts'

/** Where a batch's late columns come from: what the scan or parallel source said, else the batch itself. */
function originOf(scanned: ScannedBatch | undefined, late: LateColumns, b: Batch): Origin {
  if (scanned?.sources && scanned.rows) return { kind: 'each', sources: scanned.sources, rows: scanned.rows }
  return { kind: 'one', source: scanned?.source ?? late.selfSource(b) }
}

/** The best `count` rows by `keys` (see module header). */
export class TopNExec implements PhysicalOperator {
  readonly name = 'TopNExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  /** Place in scan order of each output row (see top-n-heap.ts), once the rows are out. */
  outputPlaces: Float64Array | undefined
  /** Leave the late columns unread in the output (a parallel unit: the merge fetches them). */
  deferLate = false
  readonly #input: PhysicalOperator
  readonly #keys: readonly SortKey[]
  readonly #scope: EvalScope
  readonly #count: number
  #link: TopLink | undefined

  /** N: how many rows are kept. */
  get count(): number {
    return this.#count
  }

  /** Shared with the operator below (the scan, or a parallel source), when linked. */
  get link(): TopLink | undefined {
    return this.#link
  }

  get input(): PhysicalOperator {
    return this.#input
  }

  get keys(): readonly SortKey[] {
    return this.#keys
  }

  /** This TopN over `input` (a rebuilt subtree), sharing `link` with it. */
  withInput(input: PhysicalOperator, link: TopLink | undefined): TopNExec {
    return new TopNExec(input, this.#keys, this.#scope, this.#count, link)
  }

  constructor(
    input: PhysicalOperator,
    keys: readonly SortKey[],
    scope: EvalScope,
    count: number,
    link?: TopLink,
  ) {
    this.#input = input
    this.children = [input]
    this.schema = input.schema
    this.#keys = keys
    this.#scope = scope
    this.#count = count
    this.#link = link
  }

  /** Links an input built apart (a parallel source: its batches' rows come with their places). */
  linkInput(link: TopLink): void {
    this.#link = link
  }

  explain(): string {
    const bound = this.#link?.bound ? ' [rule top-n-bound]' : ''
    const late = this.#link?.late ? ' [rule late-materialization]' : ''
    return `TopNExec ${this.#count} by ${this.#keys.length} key(s)${bound}${late}`
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
    const heap = new RowHeap(n, this.#keys)
    // What the heap holds: the batches it took rows from, then their compaction.
    const memory = ctx.guard.memory.account(this.name)
    const link = this.link
    const bound = link?.bound
    const late = link?.late
    let heldRows = 0
    /** Arrival count: the scan order of batches without a link. */
    let seq = 0
    // Without a link, the first batch waits: if it is the only one and fits (a summarize's output
    // under the run's row cap), it is sorted as it is, without the heap (sortWhole).
    let first: Batch | undefined
    for await (const next of this.#input.batches(ctx)) {
      await ctx.guard.pace()
      const nextLive = next.sel ? next.sel.length : next.length
      this.metrics.rowsIn += nextLive
      if (nextLive === 0) continue
      if (!link && seq === 0 && first === undefined && next.sel === null && nextLive <= n) {
        first = next
        continue
      }
      for (const b of first === undefined ? [next] : [first, next]) {
        first = undefined
        // The batch is held as it came (its columns are the scan's, shared with the block cache):
        // rows are offered by their index in it, and only kept rows are ever gathered (compact).
        const sel = b.sel
        const live = sel ? sel.length : b.length
        const scanned = link?.scanned(b)
        // Under a link every batch is the scan's: its block's place orders ties (visits may be out of order).
        if (link && !scanned) throw new Error('TopNExec: a batch the linked scan did not register')
        const base = placeBase(scanned ? scanned.position : seq++)
        const keys = this.#evalKeys(b)
        const places = scanned?.places
        const entry: Held = {
          batch: b,
          keys,
          base,
          ...(places ? { places } : {}),
          ...(late ? { origin: originOf(scanned, late, b) } : {}),
        }
        const accepted = link?.trace ? [] : undefined
        const taken = heap.offerBatch(entry, sel, b.length, accepted)
        if (accepted) link?.trace?.accept(accepted, keys[0])
        if (!taken) continue
        memory.grow(batchBytes(b))
        // The root only moves when a row enters; the scan reads the bound before its next block.
        const root = bound ? heap.root() : undefined
        if (bound && root) bound.set(root.key, root.row, Math.floor(root.place / placeBase(1)))
        heldRows += live
        if (heldRows > 4 * n + 1024) {
          // Keep only the batches' rows still in the heap, as one dense batch in scan order (places).
          const { batch: dense, places, origin } = heap.compact(this.schema.length)
          memory.set(batchBytes(dense))
          const keys = this.#evalKeys(dense)
          heap.rebase(
            origin
              ? { batch: dense, keys, base: 0, places, origin: { kind: 'each', ...origin } }
              : { batch: dense, keys, base: 0, places },
          )
          heldRows = dense.length
        }
      }
    }
    if (first !== undefined) {
      yield this.#sortWhole(first)
      return
    }
    if (heap.size === 0) return
    const { batch: dense, places, origin } = heap.compact(this.schema.length)
    const idx = orderRows(dense.length, this.#evalKeys(dense), this.#keys)
    // An indexed loop: a typed `from` with a map function goes through the iterator.
    const outputPlaces = new Float64Array(idx.length)
    for (let k = 0; k < idx.length; k++) outputPlaces[k] = places[idx[k]]
    this.outputPlaces = outputPlaces
    let out: Batch = { length: idx.length, sel: null, cols: dense.cols.map((c) => takeVec(c, idx)) }
    if (late && origin && !this.deferLate) {
      const rows = new Uint32Array(idx.length)
      const sources: LateSource[] = new Array(idx.length)
      for (let k = 0; k < idx.length; k++) {
        rows[k] = origin.rows[idx[k]]
        sources[k] = origin.sources[idx[k]]
      }
      out = await late.fill(out, sources, rows, () => ctx.guard.pace())
    }
    this.metrics.rowsOut = out.length
    yield out
  }

  /**
   * The only batch, dense, with at most N rows: every row is kept, so the output is the batch in key
   * order (ties by row, the first batch's places), one sort and one gather.
   */
  #sortWhole(b: Batch): Batch {
    const idx = orderRows(b.length, this.#evalKeys(b), this.#keys)
    this.outputPlaces = placesOf(idx)
    this.metrics.rowsOut = idx.length
    return { length: idx.length, sel: null, cols: b.cols.map((c) => takeVec(c, idx)) }
  }
}

/** The places of the first batch's rows `idx` (a leaf loop: nothing follows it but the return). */
function placesOf(idx: Uint32Array): Float64Array {
  const places = new Float64Array(idx.length)
  const base = placeBase(0)
  for (let k = 0; k < idx.length; k++) places[k] = base + idx[k]
  return places
}
