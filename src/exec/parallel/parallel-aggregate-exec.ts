// exec/parallel/parallel-aggregate-exec.ts: `summarize` in parallel: merges the units' partial states
// in scan order into the batches AggregateExec would emit; it is an AggregateExec to the executor
// (status reads numGroups and isEstimate), and its child is the row-wise chain (units' metrics).
import type { Aggregate } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { scopeOf } from '../eval/evaluate.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import type { PhysicalOperator } from '../operator.ts'
import { AggregateExec, OUTPUT_GROUPS } from '../ops/aggregate-exec.ts'
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
    const pace = () => ctx.guard.pace()
    let mergeMs = 0
    // Partials arrive (in scan order) while units still run; they are folded here, in pieces with the
    // event loop's turns between them, not inside the arrival callback (one unit of a million groups
    // was a 170 ms piece of work).
    const arrived: AggPartial[] = []
    let wake: (() => void) | undefined
    let ran = false
    const fragment = runFragment(this.#job, ctx, preorder(this), (p) => {
      arrived.push(p as AggPartial)
      wake?.()
    }).finally(() => {
      ran = true
      wake?.()
    })
    fragment.catch(() => {}) // awaited below; a failure must not surface as unhandled meanwhile
    for (;;) {
      const p = arrived.shift()
      if (p !== undefined) {
        const t = performance.now()
        await merge.add(p, pace)
        mergeMs += performance.now() - t
        continue
      }
      if (ran) break
      await new Promise<void>((resolve) => {
        wake = resolve
      })
      wake = undefined
    }
    await fragment
    const t0 = performance.now()
    const n = merge.finish()
    this.numGroups = n
    this.metrics.rowsOut = n
    const keys = merge.outputKeys()
    const step = ctx.pieceRows ?? OUTPUT_GROUPS
    let outMs = performance.now() - t0
    for (let from = 0; from === 0 || from < n; from += step) {
      if (from > 0) await pace()
      const t = performance.now()
      const piece = merge.piece(keys, from, Math.min(n, from + step))
      outMs += performance.now() - t
      this.isEstimate = merge.isEstimate
      yield piece
    }
    this.metrics.timeMs += mergeMs + outMs
  }
}
