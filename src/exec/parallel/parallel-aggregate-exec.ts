// exec/parallel/parallel-aggregate-exec.ts: `summarize` in parallel: merges the units' partial states
// in scan order into the batch AggregateExec would emit; it is an AggregateExec to the executor
// (status reads numGroups and isEstimate), and its child is the row-wise chain (units' metrics).
import type { Aggregate } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { scopeOf } from '../eval/evaluate.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import type { PhysicalOperator } from '../operator.ts'
import { AggregateExec } from '../ops/aggregate-exec.ts'
import { AggregateMerge } from './merge-aggregate.ts'
import type { AggPartial } from './partial-aggregate.ts'
import { describeJob, type FragmentJob, runFragment } from './run-fragment.ts'
import { preorder } from './run-unit.ts'

/** Parallel hash aggregation (see module header). */
export class ParallelAggregateExec extends AggregateExec {
  readonly #node: Aggregate
  readonly #job: FragmentJob
  readonly #env: KernelEnv

  /** `display`: the chain below the summarize, built by the planner (never run here). */
  constructor(node: Aggregate, display: PhysicalOperator, job: FragmentJob, env: KernelEnv) {
    super(display, node, scopeOf(node.input.schema, env))
    this.#node = node
    this.#job = job
    this.#env = env
  }

  override explain(): string {
    return `${super.explain()} ${describeJob(this.#job)}`
  }

  override async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const merge = new AggregateMerge(this.#node, this.#env)
    let mergeMs = 0
    await runFragment(this.#job, ctx, preorder(this), (p) => {
      const t = performance.now()
      merge.add(p as AggPartial)
      mergeMs += performance.now() - t
    })
    const t0 = performance.now()
    const merged = merge.finish()
    this.numGroups = merged.numGroups
    this.isEstimate = merged.isEstimate
    this.metrics.rowsOut = merged.numGroups
    this.metrics.timeMs += mergeMs + performance.now() - t0
    yield merged.batch
  }
}
