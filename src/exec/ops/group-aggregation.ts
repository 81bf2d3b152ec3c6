// ops/group-aggregation.ts: one summarize's running aggregation, batch by batch: group ids for the key
// values, a state per (aggregation, group) (or, when every aggregation is a plain count(), one count
// per group: group-counts.ts), fed down the paths of the strategy chosen once for the operator
// (group-strategy.ts: counts per dictionary entry, per run of equal keys or per time bin; states
// per dictionary code; a group id per row), plus arg_min/arg_max payloads and shared percentile
// sketches. Used alike by AggregateExec (in-process) and the parallel partial aggregate, so a unit
// aggregates exactly as in-process does.
import type { BoundExpr } from '../../plan/index.ts'
import type { CountState } from '../agg/count.ts'
import type { AggState } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import { liveIndices } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import type { Vec } from '../vector.ts'
import { feedBatch, feedByCodes, GroupScratch } from './agg-feed.ts'
import { type AggSpec, newState } from './agg-spec.ts'
import { ArgExtremumFeed } from './arg-extremum-feed.ts'
import {
  countByBins,
  countByBinsAndDictionary,
  countByDictionary,
  countByRuns,
  countByRunsAndDictionary,
  onlyPlainCounts,
} from './count-by-key.ts'
import { GroupCounts } from './group-counts.ts'
import { GroupIndex } from './group-keys.ts'
import {
  COUNT_PATHS,
  type CountPath,
  chooseGroupStrategy,
  type GroupPath,
  type GroupStrategy,
  PathCounts,
} from './group-strategy.ts'
import { fedMask, planSketchSharing, type SketchSharing, shareSketches } from './shared-sketches.ts'

/** The aggregation of one summarize (see the module header). */
export class GroupAggregation {
  readonly groups: GroupIndex
  /** Plain counts only (onlyPlainCounts): each group's count, in place of count states. */
  readonly counts: GroupCounts | null
  readonly args: ArgExtremumFeed
  readonly sharing: SketchSharing
  /** How rows find their groups (chosen once: group-strategy.ts). */
  readonly strategy: GroupStrategy
  /** Batches per path taken (for `explain`). */
  readonly paths = new PathCounts()
  readonly #keys: readonly BoundExpr[]
  readonly #scope: EvalScope
  readonly #scratch = new GroupScratch()
  readonly #counting: boolean
  readonly #fedSpecs: readonly AggSpec[]
  readonly #fedStates: readonly AggState[][]
  readonly #born: (gid: number) => void
  readonly #states: AggState[][]
  readonly #specCount: number

  constructor(
    specs: readonly AggSpec[],
    keys: readonly BoundExpr[],
    scope: EvalScope,
    strategy: GroupStrategy = chooseGroupStrategy(specs, keys),
  ) {
    this.#keys = keys
    this.#scope = scope
    this.#specCount = specs.length
    this.groups = new GroupIndex(keys.length)
    this.strategy = strategy
    const states: AggState[][] = specs.map(() => [])
    this.#states = states
    this.args = new ArgExtremumFeed(specs, states)
    this.#counting = onlyPlainCounts(specs)
    this.counts = this.#counting ? new GroupCounts() : null
    // Percentiles of one value share a sketch: only its leader is fed.
    const sharing = planSketchSharing(specs)
    this.sharing = sharing
    const fed = fedMask(sharing, specs, (s) => this.args.otherSpecs.includes(s))
    this.#fedSpecs = specs.filter((_, a) => fed[a])
    this.#fedStates = states.filter((_, a) => fed[a])
    this.#born = this.#counting
      ? () => {}
      : (gid) => {
          for (let a = 0; a < specs.length; a++) states[a][gid] = newState(specs[a])
          shareSketches(sharing, states, gid)
        }
  }

  /** `states[a][g]`: aggregation a's state of group g (made from `counts` when there are counts). */
  get states(): AggState[][] {
    return this.counts ? this.counts.states(this.#specCount, this.groups.size) : this.#states
  }

  /** Folds group `g`'s state of aggregation `a` into `into` (a state of the same kind). */
  mergeInto(a: number, g: number, into: AggState): void {
    if (this.counts) (into as CountState).addMany(this.counts.of(g))
    else into.merge(this.#states[a][g])
  }

  /** Feeds batch `b`; returns its live row count (events, for a weighted batch). */
  add(b: Batch, ctx: ExecContext): number {
    const rows = liveIndices(b)
    // A block answered by its distinct values (plain counts only): weights, whatever the strategy.
    if (b.weights !== undefined) {
      this.paths.took('weighted')
      return this.#addWeighted(
        this.#keys.map((k) => evaluate(k, b, this.#scope)),
        rows,
        b.weights,
      )
    }
    const path = this.#counting ? this.#count(b, rows) : this.#feed(b, rows, ctx)
    this.paths.took(path)
    return rows.length
  }

  /** Counts batch `b` down the strategy's paths (every aggregation is a plain count); returns the path. */
  #count(b: Batch, rows: Uint32Array): GroupPath {
    // The keys are evaluated only for a path that reads them (the time-bin paths read the times).
    let keyVecs: Vec[] | undefined
    const vecs = () => (keyVecs ??= this.#keys.map((k) => evaluate(k, b, this.#scope)))
    for (const path of COUNT_PATHS[this.strategy]) if (this.#countBy(path, b, rows, vecs)) return path
    const groups = this.groups
    ;(this.counts as GroupCounts).addEach(groups.assign(vecs(), rows, this.#born), groups.size)
    return this.strategy === 'ungrouped' ? 'one-group' : 'ids'
  }

  /** Counts batch `b` down one path; false when the path declines it (nothing counted). */
  #countBy(path: CountPath, b: Batch, rows: Uint32Array, vecs: () => Vec[]): boolean {
    const groups = this.groups
    const counts = this.counts as GroupCounts
    const born = this.#born
    switch (path) {
      case 'time-bins':
        return countByBins(groups, this.#keys, b, rows, counts, born, this.#scope)
      case 'time-bins-and-dictionary':
        return countByBinsAndDictionary(groups, this.#keys, b, rows, counts, born, this.#scratch, this.#scope)
      case 'dictionary':
        return countByDictionary(groups, vecs(), rows, counts, born, this.#scratch)
      case 'runs':
        return countByRuns(groups, vecs(), rows, counts, born)
      case 'runs-and-dictionary':
        return countByRunsAndDictionary(groups, vecs(), rows, counts, born, this.#scratch)
      default:
        return unknownPath(path)
    }
  }

  /** Feeds batch `b` to the aggregations' states down the strategy's paths; returns the path. */
  #feed(b: Batch, rows: Uint32Array, ctx: ExecContext): GroupPath {
    const keyVecs = this.#keys.map((k) => evaluate(k, b, this.#scope))
    const byCodes = this.strategy === 'states-by-codes' ? this.#feedByCodes(keyVecs, b) : null
    if (byCodes?.every((x) => x === 1) && this.args.empty) return 'codes'
    const groups = this.groups
    const gids = groups.assign(keyVecs, rows, this.#born)
    feedBatch(
      this.#fedSpecs,
      this.#fedStates,
      b,
      rows,
      gids,
      groups.size,
      this.#scope,
      this.#scratch,
      ctx,
      byCodes,
    )
    this.args.feed(b, rows, gids, this.#scope, ctx)
    return byCodes !== null ? 'codes-and-ids' : this.strategy === 'ungrouped' ? 'one-group' : 'ids'
  }

  /**
   * One string key, every row live, every entry of the block's dictionary a group already (after the
   * first blocks of a low-cardinality key): the by-group feeds run on the dictionary codes, and no
   * group id is computed per row (agg-feed.ts feedByCodes). Returns which aggregations were fed.
   */
  #feedByCodes(keyVecs: readonly Vec[], b: Batch): Uint8Array | null {
    const key = keyVecs.length === 1 ? keyVecs[0] : undefined
    if (key?.kind !== 'str') return null
    const dictionary = this.groups.keys[0]
    return feedByCodes(this.#fedSpecs, this.#fedStates, b, key, dictionary, this.#scope, this.#scratch)
  }

  /**
   * A block's weighted distinct values (Batch.weights; only plain counts are linked to such a scan,
   * exec/ops/stats-link.ts): each row adds its weight to its group's counts.
   */
  #addWeighted(keyVecs: readonly Vec[], rows: Uint32Array, weights: Float64Array): number {
    const counts = this.counts
    if (!counts) throw new Error('a weighted batch reached an aggregation other than count()')
    const gids = this.groups.assign(keyVecs, rows, this.#born)
    let total = 0
    for (let j = 0; j < rows.length; j++) {
      const w = weights[rows[j]]
      total += w
      counts.add(gids[j], w)
    }
    return total
  }

  /** No keys and no rows at all: the one row of empty aggregates (count 0, others null). */
  ensureEmptyRow(): void {
    if (this.#keys.length === 0 && this.groups.size === 0)
      this.groups.assign([], new Uint32Array(0), this.#born)
  }
}

/** An exhaustive switch's end: a path without a case is a bug here. */
function unknownPath(p: never): never {
  throw new Error(`summarize counting path without a case: ${String(p)}`)
}
