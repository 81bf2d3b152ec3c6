// exec/parallel/partial-aggregate.ts: the first half of a parallel summarize: AggregateExec's hash
// aggregation over one unit's rows, stopping at the mergeable states (no results read). Groups keep
// first-seen order, so merging units in scan order reproduces the in-process group order.
import type { Aggregate } from '../../plan/index.ts'
import type { AggState } from '../agg/index.ts'
import { type Batch, liveIndices } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, evaluate, scopeOf } from '../eval/evaluate.ts'
import { asBool } from '../kernels/coerce.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { AggSpec } from '../ops/agg-spec.ts'
import { newState } from '../ops/agg-spec.ts'
import { feed } from '../ops/aggregate-exec.ts'
import { GroupIndex } from '../ops/group-keys.ts'
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
    const states: AggState[][] = specs.map(() => [])
    const born = (gid: number) => {
      for (let a = 0; a < specs.length; a++) states[a][gid] = newState(specs[a])
    }
    for await (const b of this.#input.batches(ctx)) {
      checkInterrupt(ctx)
      const t0 = performance.now()
      const rows = liveIndices(b)
      this.metrics.rowsIn += rows.length
      const keyVecs = keys.map((k) => evaluate(k.expr, b, this.#scope))
      const gids = groups.assign(keyVecs, rows, born)
      for (let a = 0; a < specs.length; a++) this.#feed(specs[a], states[a], b, rows, gids, ctx)
      this.metrics.timeMs += performance.now() - t0
    }
    this.metrics.rowsOut = groups.size
    const keyCells = keys.map((_, k) => {
      const dict = groups.keys[k].values
      return groups.members.map((m) => dict[m[k]] ?? null)
    })
    return { kind: 'aggregate', size: groups.size, keys: keyCells, states }
  }

  // The same loop as AggregateExec's, on purpose: a unit must feed states exactly as in-process does.
  #feed(
    spec: AggSpec,
    st: AggState[],
    b: Batch,
    rows: Uint32Array,
    gids: Float64Array,
    ctx: ExecContext,
  ): void {
    const pred = spec.predicate ? asBool(evaluate(spec.predicate, b, this.#scope), b.length) : null
    const v = spec.value ? evaluate(spec.value, b, this.#scope) : null
    for (let j = 0; j < rows.length; j++) {
      if ((j & 0xffff) === 0xffff) checkInterrupt(ctx)
      const i = rows[j]
      if (pred && (pred.values[i] !== 1 || (pred.valid && !pred.valid[i]))) continue
      const s = st[gids[j]]
      if (v === null) s.addNumber(0)
      else feed(s, v, i)
    }
  }
}
