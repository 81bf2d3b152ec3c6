// exec/parallel/merge-aggregate.ts: the second half of a parallel summarize: folds the units' partial
// states, in scan order, into one state per (group, call), then reads the results exactly as
// AggregateExec does (keys, then each output column, `over` expressions evaluated on the results).
// arg_min/arg_max states are shifted past the earlier units' rows first (global scan-order ties).
import type { Aggregate } from '../../plan/index.ts'
import type { AggState } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import { fromCells } from '../batch.ts'
import { evaluate, scopeOf } from '../eval/evaluate.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import { newState as emptyState, resultCell, summarizeSite } from '../ops/agg-spec.ts'
import { argColumns, isArgSpec, offsetArgStates } from '../ops/arg-extremum-feed.ts'
import { GroupIndex } from '../ops/group-keys.ts'
import type { Cell } from '../result.ts'
import type { Vec } from '../vector.ts'
import { callColumn, outputAgg, stateSpecs } from './agg-calls.ts'
import type { AggPartial } from './partial-aggregate.ts'

/** The merged summarize output and what the status reports about it. */
export interface MergedAggregate {
  readonly batch: Batch
  readonly numGroups: number
  readonly isEstimate: boolean
}

/** Folds partials, added in scan order, and reads the output (see module header). */
export class AggregateMerge {
  readonly #node: Aggregate
  readonly #env: KernelEnv
  readonly #specs: ReturnType<typeof stateSpecs>
  readonly #groups: GroupIndex
  readonly #states: (AggState | undefined)[][]
  /** Rows of the partials added so far: the next partial's arg_min/arg_max ordinals start here. */
  #ordinals = 0

  constructor(node: Aggregate, env: KernelEnv) {
    this.#node = node
    this.#env = env
    this.#specs = stateSpecs(node, summarizeSite(node.timeBucket, env))
    this.#groups = new GroupIndex(node.keys.length)
    this.#states = this.#specs.map(() => [])
  }

  /** Folds the next partial (partials must come in scan order: group order and list order follow it). */
  add(p: AggPartial): void {
    const n = p.size
    const before = this.#ordinals
    this.#ordinals += p.ordinals
    if (n === 0) return
    offsetArgStates(this.#specs, p.states, before)
    const rows = new Uint32Array(n)
    for (let i = 0; i < n; i++) rows[i] = i
    // Key cells as mixed vectors: KeyDictionary's canonical keys of cells equal its typed keys, so a
    // group here is a group in-process (a string is itself, a long its number, a bool itself).
    const vecs: Vec[] = p.keys.map((values) => ({ kind: 'mixed', values }))
    const gids = this.#groups.assign(vecs, rows, () => {})
    for (let a = 0; a < this.#specs.length; a++) {
      const into = this.#states[a]
      const from = p.states[a]
      for (let j = 0; j < n; j++) {
        const g = gids[j]
        const have = into[g]
        if (have === undefined) into[g] = from[j]
        else have.merge(from[j])
      }
    }
  }

  /** The output batch once every partial was added. */
  finish(): MergedAggregate {
    const groups = this.#groups
    // No keys and no rows anywhere: one row of empty aggregates (count 0, others null), as in-process.
    if (this.#node.keys.length === 0 && groups.size === 0) groups.assign([], new Uint32Array(0), () => {})
    return output(this.#node, this.#env, groups, this.#states)
  }
}

function output(
  node: Aggregate,
  env: KernelEnv,
  groups: GroupIndex,
  states: (AggState | undefined)[][],
): MergedAggregate {
  const n = groups.size
  const site = summarizeSite(node.timeBucket, env)
  let isEstimate = false
  const cols: Vec[] = node.keys.map((_, k) => {
    const dict = groups.keys[k].values
    return fromCells(
      node.schema[k].type,
      Array.from(groups.keyIds(k), (id) => dict[id] ?? null),
    )
  })
  let at = 0
  for (const col of node.aggregates) {
    const o = outputAgg(col, site)
    if (isArgSpec(o.calls[0])) {
      const st = states[at++]
      cols.push(...argColumns(o.calls[0], (g) => st[g] ?? emptyState(o.calls[0]), n))
      continue
    }
    const results = o.calls.map((spec, c) => {
      const st = states[at + c]
      const cells: Cell[] = new Array(n)
      for (let g = 0; g < n; g++) {
        // A group no unit saw for this call (only the empty no-key group) reads as a fresh state.
        const s = st[g] ?? emptyState(spec)
        cells[g] = resultCell(spec, s)
        if (s.isEstimate) isEstimate = true
      }
      return fromCells(spec.type, cells)
    })
    at += o.calls.length
    if (o.over === null) cols.push(results[0])
    else {
      const schema = o.calls.map((spec, c) => ({ name: callColumn(c), type: spec.type, storage: [] }))
      cols.push(evaluate(o.over, { length: n, sel: null, cols: results }, scopeOf(schema, env)))
    }
  }
  return { batch: { length: n, sel: null, cols }, numGroups: n, isEstimate }
}
