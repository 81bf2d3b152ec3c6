// exec/parallel/partial-aggregate.ts: the first half of a parallel summarize: AggregateExec's
// aggregation (ops/group-aggregation.ts) over one unit's rows, stopping at the mergeable states.
// Groups keep first-seen order, so merging units in scan order reproduces the in-process order.
import type { Aggregate } from '../../plan/index.ts'
import { type AggState, exactBudget } from '../agg/index.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, scopeOf } from '../eval/evaluate.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { type AggSpec, summarizeSite } from '../ops/agg-spec.ts'
import { GroupAggregation } from '../ops/group-aggregation.ts'
import { unshareSketches } from '../ops/shared-sketches.ts'
import { stateSpecs } from '../ops/summarize-output.ts'
import type { Cell } from '../result.ts'

/**
 * A key column of a partial: each group's cell; or, from a worker, a column of strings only as UTF-8
 * (partial-wire.ts), unpacked a piece at a time by the merge (so the main thread never takes a
 * million strings in one message).
 */
export type PartialKeys = readonly Cell[] | PackedStrings

/** Strings packed as UTF-8: string g is bytes[offsets[g] … offsets[g + 1]) (storage/block/utf8.ts). */
export interface PackedStrings {
  readonly offsets: Int32Array
  readonly bytes: Uint8Array
}

/** The groups of one unit: key cells per key (per group) and states per call (per group). */
export interface AggPartial {
  readonly kind: 'aggregate'
  /** Groups in this unit. */
  readonly size: number
  /** `keys[k][g]`: the canonical cell of key k of group g, groups in first-seen order. */
  readonly keys: readonly PartialKeys[]
  /** `states[a][g]`: the state of call a (stateSpecs order) of group g; [] where `counts[a]` is set. */
  readonly states: readonly (readonly AggState[])[]
  /**
   * `counts[a][g]`: group g's count where call a is a count or countif kept as numbers (one typed
   * array per call, no state object per group: a million groups cost 8 MB, not a million states); null
   * for the other calls.
   */
  readonly counts: readonly (Float64Array | null)[]
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
    this.#specs = stateSpecs(node, summarizeSite(node.timeBucket, env))
  }

  /** Drains the input into states. */
  async run(ctx: ExecContext): Promise<AggPartial> {
    const specs = this.#specs
    const keys = this.#node.keys
    const agg = new GroupAggregation(
      specs,
      keys.map((k) => k.expr),
      this.#scope,
      undefined,
      exactBudget(ctx.guard.memory, 'PartialAggregate'),
    )
    for await (const b of this.#input.batches(ctx)) {
      checkInterrupt(ctx)
      const t0 = performance.now()
      this.metrics.rowsIn += agg.add(b, ctx)
      this.metrics.timeMs += performance.now() - t0
    }
    const { groups } = agg
    const size = groups.size
    this.metrics.rowsOut = size
    const counts = specs.map((_, a) => agg.countsOf(a)?.values(size) ?? null)
    const states = specs.map((_, a) => (counts[a] ? [] : agg.statesOf(a)))
    // A partial's states are merged one by one (possibly without a trip through bytes): no sharing.
    unshareSketches(agg.sharing, specs, states)
    const keyCells = keys.map((_, k) => {
      const dict = groups.keys[k]
      return Array.from(groups.keyIds(k), (id) => dict.at(id) ?? null)
    })
    return { kind: 'aggregate', size, keys: keyCells, states, counts, ordinals: agg.args.ordinals }
  }
}
