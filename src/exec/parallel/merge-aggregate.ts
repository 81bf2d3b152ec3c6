// exec/parallel/merge-aggregate.ts: the second half of a parallel summarize: folds the units' partial
// states, in scan order, into one state per (group, call) — counts and countifs into one typed array
// per call (agg/group-counts.ts) — then reads the results exactly as AggregateExec does (keys from
// their distinct values, then each output column, `over` expressions evaluated on the results), in
// pieces of groups, so the caller can give the event loop a turn between them (a million groups is
// seconds of work). arg_min/arg_max states are shifted past the earlier units' rows first (global
// scan-order ties).
import type { Aggregate } from '../../plan/index.ts'
import { unpackUtf8 } from '../../storage/block/index.ts'
import { GroupCounts } from '../agg/group-counts.ts'
import { type AggState, ExactBudget, exactBudget } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import { type AggSpec, newState as emptyState, resultCell, summarizeSite } from '../ops/agg-spec.ts'
import { offsetArgStates } from '../ops/arg-extremum-feed.ts'
import { GroupIndex } from '../ops/group-keys.ts'
import { type KeyColumns, keyColumns } from '../ops/key-columns.ts'
import { type OutputAgg, outputAgg, outputPiece, type ResultSource } from '../ops/summarize-output.ts'
import type { Vec } from '../vector.ts'
import { EXACT_VALUE_KINDS } from './mode.ts'
import type { AggPartial, PartialKeys } from './partial-aggregate.ts'

/** Rows of a partial folded between two checks of the pace (a 65,536-row piece of a million-group merge took 110–130 ms). */
export const MERGE_PIECE_ROWS = 4_096

/**
 * Groups from … to − 1 of a partial's key column as a vector: cells as a mixed vector (KeyDictionary's
 * canonical keys of cells equal its typed keys, so a group here is a group in-process: a string is
 * itself, a long its number, a bool itself); packed strings unpacked into a dictionary of their own.
 */
function pieceVec(k: PartialKeys, from: number, to: number): Vec {
  if (!('bytes' in k)) return { kind: 'mixed', values: k.slice(from, to) }
  const n = to - from
  const codes = new Int32Array(n)
  for (let i = 0; i < n; i++) codes[i] = i
  return {
    kind: 'str',
    codes,
    dict: unpackUtf8({ offsets: k.offsets.subarray(from, to + 1), bytes: k.bytes }, n),
  }
}

/** Folds partials, added in scan order, and reads the output (see module header). */
export class AggregateMerge {
  readonly #node: Aggregate
  readonly #env: KernelEnv
  readonly #outputs: readonly OutputAgg[]
  readonly #specs: readonly AggSpec[]
  readonly #groups: GroupIndex
  readonly #states: (AggState | undefined)[][]
  /** Per call: its counts when it is a count or countif (then #states[a] stays empty), else null. */
  readonly #counts: (GroupCounts | null)[]
  /** Rows of the partials added so far: the next partial's arg_min/arg_max ordinals start here. */
  #ordinals = 0
  /** Whether an output piece read an estimate. */
  isEstimate = false
  /** Per call: whether its states keep exact values (they merge into a state of this merge's budget). */
  readonly #keepsExact: readonly boolean[]
  /** Values the merged sketches may keep exactly past their own limits (exec/agg/exact-budget.ts). */
  readonly #exact: ExactBudget

  constructor(node: Aggregate, env: KernelEnv) {
    this.#node = node
    this.#env = env
    this.#outputs = node.aggregates.map((c) => outputAgg(c, summarizeSite(node.timeBucket, env)))
    this.#specs = this.#outputs.flatMap((o) => o.calls)
    this.#groups = new GroupIndex(node.keys.length)
    this.#states = this.#specs.map(() => [])
    this.#keepsExact = this.#specs.map((s) => EXACT_VALUE_KINDS.has(s.kind))
    this.#exact = env.guard ? exactBudget(env.guard.memory, 'AggregateMerge') : new ExactBudget()
    this.#counts = this.#specs.map((s) =>
      s.kind === 'count' || s.kind === 'countif' ? new GroupCounts(s.kind) : null,
    )
  }

  /**
   * Folds the next partial (partials must come in scan order: group order and list order follow it),
   * MERGE_PIECE_ROWS of its groups at a time with `pace()` awaited between them.
   */
  async add(p: AggPartial, pace: () => Promise<void>): Promise<void> {
    const n = p.size
    const before = this.#ordinals
    this.#ordinals += p.ordinals
    if (n === 0) return
    offsetArgStates(this.#specs, p.states, before)
    const rows = new Uint32Array(Math.min(n, MERGE_PIECE_ROWS))
    for (let i = 0; i < rows.length; i++) rows[i] = i
    for (let from = 0; from < n; from += MERGE_PIECE_ROWS) {
      if (from > 0) await pace()
      const to = Math.min(n, from + MERGE_PIECE_ROWS)
      const vecs = p.keys.map((k) => pieceVec(k, from, to))
      const gids = this.#groups.assign(vecs, rows.subarray(0, to - from), () => {})
      this.#fold(p, from, gids)
    }
  }

  /** Folds rows from … from + gids.length − 1 of `p` into the groups `gids`. */
  #fold(p: AggPartial, from: number, gids: Int32Array): void {
    const size = this.#groups.size
    for (let a = 0; a < this.#specs.length; a++) {
      const counts = this.#counts[a]
      const shipped = p.counts[a]
      const fromStates = p.states[a]
      if (counts) {
        counts.grow(size)
        if (shipped) counts.addAt(gids, shipped.subarray(from, from + gids.length))
        else
          for (let j = 0; j < gids.length; j++) counts.add(gids[j], fromStates[from + j].result() as number)
        continue
      }
      const into = this.#states[a]
      for (let j = 0; j < gids.length; j++) {
        const g = gids[j]
        const have = into[g]
        if (have !== undefined) have.merge(fromStates[from + j])
        else if (this.#keepsExact[a]) {
          // A shipped sketch has no budget: its values move into one that has this merge's.
          const state = emptyState(this.#specs[a], this.#exact)
          state.merge(fromStates[from + j])
          into[g] = state
        } else into[g] = fromStates[from + j]
      }
    }
  }

  /** Groups of the output (call once every partial was added, before reading pieces). */
  finish(): number {
    const groups = this.#groups
    // No keys and no rows anywhere: one row of empty aggregates (count 0, others null), as in-process.
    if (this.#node.keys.length === 0 && groups.size === 0) groups.assign([], new Uint32Array(0), () => {})
    for (const c of this.#counts) c?.grow(groups.size)
    return groups.size
  }

  /** The key columns of output pieces (ops/key-columns.ts). */
  outputKeys(): KeyColumns {
    const groups = this.#groups
    const { keys, schema } = this.#node
    return keyColumns(
      keys.map((_, k) => groups.keys[k]),
      keys.map((_, k) => schema[k].type),
      (k, from, to) => groups.keyIds(k, from, to),
    )
  }

  /** The output rows of groups from … to − 1; `keys`: outputKeys(). */
  piece(keys: KeyColumns, from: number, to: number): Batch {
    const estimate = () => {
      this.isEstimate = true
    }
    return outputPiece(this.#outputs, keys, from, to, this.#source, this.#env, estimate)
  }

  /** Each group's results: counts as kept, else states (a group no unit saw for a call, only the empty no-key group, reads as a fresh state). */
  readonly #source: ResultSource = {
    counts: (a) => this.#counts[a],
    cell: (a, g, estimate) => {
      const s = this.#stateAt(a, g)
      if (s.isEstimate) estimate()
      return resultCell(this.#specs[a], s)
    },
    stateOf: (a, g) => this.#stateAt(a, g),
  }

  #stateAt(a: number, g: number): AggState {
    return this.#states[a][g] ?? emptyState(this.#specs[a])
  }
}
