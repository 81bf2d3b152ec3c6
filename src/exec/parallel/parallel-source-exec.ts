// exec/parallel/parallel-source-exec.ts: the leaf under a merge operator (TopN, Sort+Limit, Count,
// built by the ordinary planner) yielding the units' partials in scan order: top-N rows, or a count as
// that many column-less rows. Its child is the row-wise chain, whose metrics are the units'.
import type { RowSchema } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { TopLink } from '../ops/top-link.ts'
import { describeJob, type FragmentJob, runFragment } from './run-fragment.ts'
import { type Partial, preorder } from './run-unit.ts'
import { lateFromStore } from './store-late.ts'

/** Partial results of a parallel fragment as batches (see module header). */
export class ParallelSourceExec implements PhysicalOperator {
  readonly name = 'ParallelExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #job: FragmentJob
  /**
   * The top-N operator that merges these rows, when it stands for the fragment's own top-N: after
   * the merge its rowsIn is set to the rows that reached the units' top-Ns (what it counts in-process).
   */
  merger: PhysicalOperator | undefined
  /**
   * Shared with that top-N when units run in the in-process visiting order (not scan order): each
   * batch is registered with its rows' places in scan order, which then decide ties.
   */
  link: TopLink | undefined

  constructor(job: FragmentJob, display: PhysicalOperator) {
    this.#job = job
    this.children = [display]
    this.schema = display.schema
  }

  explain(): string {
    return `ParallelExec ${this.#job.fragment.kind} ${describeJob(this.#job)}`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const partials: Partial[] = []
    await runFragment(this.#job, ctx, [this, ...preorder(this.children[0])], (p) => partials.push(p))
    // Past every block and the tail: where rows without places (none expected) sort on ties.
    let last = this.#job.store.dataset(this.#job.fragment.scan.dataset)?.blocks.length ?? 0
    for (const p of partials) {
      if (p.kind === 'top') {
        if (!p.batch || p.batch.length === 0) continue
        const places = p.places
        const late = this.link?.late
        const { store, fragment } = this.#job
        // Rows whose late columns the unit left unread: fetched here, for the rows the merge keeps.
        const origin =
          places && late && p.lateDeferred
            ? await lateFromStore(store, fragment.scan.dataset, this.schema, late, places)
            : undefined
        this.link?.register(
          p.batch.cols,
          places
            ? { position: 0, source: undefined, places, ...origin }
            : { position: ++last, source: undefined },
        )
        yield p.batch
      } else if (p.kind === 'count' && p.count > 0) yield { length: p.count, sel: null, cols: [] }
    }
    // Runs once the merger has pulled every batch, after its own counting. This operator's metrics
    // are the units' top-Ns' (reconciled for a top-N's pruning), so its rowsIn is what reached them.
    if (this.merger) this.merger.metrics.rowsIn = this.metrics.rowsIn
  }
}
