// exec/parallel/partial-aggregate.ts: the first half of a parallel summarize: AggregateExec's hash
// aggregation over one unit's rows, stopping at the mergeable states (no results read). Groups keep
// first-seen order, so merging units in scan order reproduces the in-process group order.
import type { Aggregate } from '../../plan/index.ts'
import type { AggState } from '../agg/index.ts'
import { liveIndices } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, evaluate, scopeOf } from '../eval/evaluate.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { countByDictionary, countByRuns, feedBatch, GroupScratch, onlyPlainCounts } from '../ops/agg-feed.ts'
import type { AggSpec } from '../ops/agg-spec.ts'
import { newState } from '../ops/agg-spec.ts'
import { ArgExtremumFeed } from '../ops/arg-extremum-feed.ts'
import { GroupIndex } from '../ops/group-keys.ts'
import { fedMask, planSketchSharing, shareSketches, unshareSketches } from '../ops/shared-sketches.ts'
import type { Cell } from '../result.ts'
import { stateSpecs } from './agg-calls.ts'

/** The groups of one unit: key cells per key (per group) and states per call (per group). */
export interface AggPartial {
  readonly kind: 'aggregate'
  /** Groups in this unit. */
  readonly size: number
  /** `keys[k][g]`: the canonical cell of key k of group g, groups in first-seen order. */
  readonly keys: readonly (readonly Cell[])[]
  /** `states[a][g]`: the state of call a (stateSpecs order) of group g. */
  readonly states: readonly (readonly AggState[])[]
  /**
   * Rows this unit's arg_min/arg_max ordinals span (they count from 0 per unit): the merge shifts a
   * later unit's states past the earlier units' rows, so ties keep the first row in scan order.
   */
  readonly ordinals: number
}

/** Hash aggregation into partial states (see module header). */
export class PartialAggregate {
  readonly metrics: OperatorMetrics = newMetrics()
  readonly #node: Aggregate
  readonly #input: PhysicalOperator
  readonly #scope: EvalScope
  readonly #specs: readonly AggSpec[]

  constructor(node: Aggregate, input: PhysicalOperator, env: KernelEnv) {
    this.#node = node
    this.#input = input
    this.#scope = scopeOf(node.input.schema, env)
    this.#specs = stateSpecs(node.aggregates)
  }

  /** Drains the input into states. */
  async run(ctx: ExecContext): Promise<AggPartial> {
    const specs = this.#specs
    const keys = this.#node.keys
    const groups = new GroupIndex(keys.length)
    const scratch = new GroupScratch()
    const counting = onlyPlainCounts(specs)
    const states: AggState[][] = specs.map(() => [])
    const args = new ArgExtremumFeed(specs, states)
    // Percentiles of one value share a sketch: only its leader is fed.
    const sharing = planSketchSharing(specs)
    const fed = fedMask(sharing, specs, (s) => args.otherSpecs.includes(s))
    const fedSpecs = specs.filter((_, a) => fed[a])
    const fedStates = states.filter((_, a) => fed[a])
    const born = (gid: number) => {
      for (let a = 0; a < specs.length; a++) states[a][gid] = newState(specs[a])
      shareSketches(sharing, states, gid)
    }
    for await (const b of this.#input.batches(ctx)) {
      checkInterrupt(ctx)
      const t0 = performance.now()
      const rows = liveIndices(b)
      this.metrics.rowsIn += rows.length
      const keyVecs = keys.map((k) => evaluate(k.expr, b, this.#scope))
      if (
        counting &&
        (countByDictionary(groups, keyVecs, rows, states, born, scratch) ||
          countByRuns(groups, keyVecs, rows, states, born))
      ) {
        this.metrics.timeMs += performance.now() - t0
        continue
      }
      const gids = groups.assign(keyVecs, rows, born)
      feedBatch(fedSpecs, fedStates, b, rows, gids, groups.size, this.#scope, scratch, ctx)
      args.feed(b, rows, gids, this.#scope, ctx)
      this.metrics.timeMs += performance.now() - t0
    }
    this.metrics.rowsOut = groups.size
    // A partial's states are merged one by one (possibly without a trip through bytes): no sharing.
    unshareSketches(sharing, specs, states)
    const keyCells = keys.map((_, k) => {
      const dict = groups.keys[k].values
      return groups.members.map((m) => dict[m[k]] ?? null)
    })
    return { kind: 'aggregate', size: groups.size, keys: keyCells, states, ordinals: args.ordinals }
  }
}
