// ops/group-aggregation.ts: one summarize's running aggregation, batch by batch: group ids for the key
// values, each aggregation's groups' states in a column (group-column.ts: typed arrays for the common
// aggregations, a state object per group for the rest; or, when every aggregation is a plain count(),
// one count per group: agg/group-counts.ts), fed down the paths of the strategy chosen once for the
// operator (group-strategy.ts: counts per dictionary entry, per run of equal keys or per time bin;
// a group id per row), plus arg_min/arg_max payloads and shared percentile sketches. Used alike by
// AggregateExec (in-process) and the parallel partial aggregate, so a unit aggregates exactly as
// in-process does.
import type { BoundExpr } from '../../plan/index.ts'
import type { CountState } from '../agg/count.ts'
import { GroupCounts } from '../agg/group-counts.ts'
import { type AggState, ExactBudget } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import { liveIndices } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import type { Cell } from '../result.ts'
import type { StrVec, Vec } from '../vector.ts'
import { feedBatch, GroupScratch, hasNullCode } from './agg-feed.ts'
import { type AggSpec, newState } from './agg-spec.ts'
import { ArgExtremumFeed, isArgSpec } from './arg-extremum-feed.ts'
import {
  countByBins,
  countByBinsAndDictionary,
  countByDictionary,
  countByRuns,
  countByRunsAndDictionary,
  onlyPlainCounts,
} from './count-by-key.ts'
import {
  cellOf,
  describeColumn,
  feedTypedColumns,
  type GroupColumn,
  newColumn,
  type RowIds,
  stateOf,
  TypedScratch,
  toStates,
} from './group-column.ts'
import { GroupIndex } from './group-keys.ts'
import {
  COUNT_PATHS,
  type CountPath,
  chooseGroupStrategy,
  type GroupPath,
  type GroupStrategy,
  PathCounts,
} from './group-strategy.ts'
import { planSketchSharing, type SketchSharing, shareSketches } from './shared-sketches.ts'

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
  /** Values the groups' quantile sketches may keep exactly past their own limits (exact-budget.ts). */
  readonly exact: ExactBudget
  readonly #specs: readonly AggSpec[]
  readonly #keys: readonly BoundExpr[]
  readonly #scope: EvalScope
  readonly #scratch = new GroupScratch()
  readonly #typedScratch = new TypedScratch()
  readonly #counting: boolean
  /** Each aggregation's groups' states (replaced by a states column when a typed one spills). */
  readonly #columns: GroupColumn[]
  /** Whether an aggregation is fed by agg-feed (a sketch's leader or shares none; not arg_min/max). */
  readonly #fed: readonly boolean[]
  readonly #born: (gid: number) => void

  constructor(
    specs: readonly AggSpec[],
    keys: readonly BoundExpr[],
    scope: EvalScope,
    strategy: GroupStrategy = chooseGroupStrategy(specs, keys),
    exact: ExactBudget = new ExactBudget(),
  ) {
    this.exact = exact
    this.#specs = specs
    this.#keys = keys
    this.#scope = scope
    this.groups = new GroupIndex(keys.length)
    this.strategy = strategy
    this.#counting = onlyPlainCounts(specs)
    this.counts = this.#counting ? new GroupCounts() : null
    const columns = specs.map((spec) =>
      this.#counting ? { layout: 'states' as const, states: [] } : newColumn(spec),
    )
    this.#columns = columns
    // arg_min / arg_max read their states' rows themselves (a states column each).
    this.args = new ArgExtremumFeed(specs, this.#statesRows())
    // Percentiles of one value share a sketch: only its leader is fed.
    const sharing = planSketchSharing(specs)
    this.sharing = sharing
    this.#fed = specs.map((s, a) => !isArgSpec(s) && sharing.leaderOf[a] === a)
    this.#born = this.#counting
      ? () => {}
      : (gid) => {
          for (let a = 0; a < specs.length; a++) {
            const col = columns[a]
            if (col.layout === 'states') col.states[gid] = newState(specs[a], this.exact)
          }
          if (sharing.any) shareSketches(sharing, this.#statesRows(), gid)
        }
  }

  /** Each aggregation's per-group state array (empty for a typed column: never read by index). */
  #statesRows(): AggState[][] {
    return this.#columns.map((c) => (c.layout === 'states' ? c.states : []))
  }

  /** `count: typed, percentile: states` (for `explain`). */
  describeColumns(): string {
    if (this.#counting) return 'counts'
    return this.#specs.map((s, a) => describeColumn(s, this.#columns[a])).join(', ')
  }

  /** `states[a][g]`: aggregation a's state of group g (made from typed columns and counts when asked). */
  get states(): AggState[][] {
    const size = this.groups.size
    if (this.counts) return this.counts.states(this.#specs.length, size)
    return this.#columns.map((_, a) => this.statesOf(a))
  }

  /** Aggregation a's state of every group (made from its typed column when it has one). */
  statesOf(a: number): AggState[] {
    if (this.counts) return this.counts.states(1, this.groups.size)[0]
    const c = this.#columns[a]
    return c.layout === 'states'
      ? c.states
      : Array.from({ length: this.groups.size }, (_, g) => stateOf(c, g))
  }

  /**
   * Aggregation a's counts when they are kept as one typed array (plain counts, or a typed count or
   * countif column), else null: a parallel partial ships them as numbers, not a state per group.
   */
  countsOf(a: number): GroupCounts | null {
    if (this.counts) return this.counts
    const col = this.#columns[a]
    return col.layout === 'typed' && col.acc instanceof GroupCounts ? col.acc : null
  }

  /** Group g's result of aggregation a as a cell of its output type; `estimate` is told of an estimate. */
  cell(a: number, g: number, estimate: () => void): Cell {
    return cellOf(this.#columns[a], this.#specs[a], g, estimate)
  }

  /** Group g's state of aggregation a (arg_min / arg_max output). */
  stateOf(a: number, g: number): AggState {
    return stateOf(this.#columns[a], g)
  }

  /** Folds group `g`'s state of aggregation `a` into `into` (a state of the same kind). */
  mergeInto(a: number, g: number, into: AggState): void {
    if (this.counts) (into as CountState).addMany(this.counts.of(g))
    else into.merge(stateOf(this.#columns[a], g))
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

  /** Feeds batch `b` to the aggregations' columns (typed first, then states); returns the path. */
  #feed(b: Batch, rows: Uint32Array, ctx: ExecContext): GroupPath {
    const keyVecs = this.#keys.map((k) => evaluate(k, b, this.#scope))
    const groups = this.groups
    const slots = this.#slotsOf(keyVecs, b)
    let gids = slots === null ? groups.assign(keyVecs, rows, this.#born) : null
    const ids: RowIds =
      slots === null ? { gids: gids as Int32Array, slots } : { gids: (keyVecs[0] as StrVec).codes, slots }
    const specs = this.#specs
    const columns = this.#columns
    const typed = this.#typedScratch
    for (const a of feedTypedColumns(columns, specs, b, rows, ids, groups.size, this.#scope, typed)) {
      // A vector the typed column does not take: it becomes a states column from here on.
      columns[a] = toStates(columns[a], groups.size)
    }
    const fed = specs.map((_, a) => this.#fed[a] && columns[a].layout === 'states')
    if (!fed.some((f) => f) && this.args.empty) return slots !== null ? 'codes' : this.#idsPath()
    const fedSpecs = specs.filter((_, a) => fed[a])
    const fedStates = this.#statesRows().filter((_, a) => fed[a])
    if (slots !== null && this.args.empty) {
      // The codes path for states too: rows are grouped by code, each code's states are its group's.
      const bySlot = fedStates.map((states) => Array.from(slots, (g) => states[g]))
      feedBatch(fedSpecs, bySlot, b, rows, ids.gids, slots.length, this.#scope, this.#scratch, ctx)
      return 'codes'
    }
    // States need a group id per row (every key has its group already on the codes path).
    gids ??= groups.assign(keyVecs, rows, this.#born)
    feedBatch(fedSpecs, fedStates, b, rows, gids, groups.size, this.#scope, this.#scratch, ctx)
    this.args.feed(b, rows, gids, this.#scope, ctx)
    return slots !== null ? 'codes-and-ids' : this.#idsPath()
  }

  #idsPath(): GroupPath {
    return this.strategy === 'ungrouped' ? 'one-group' : 'ids'
  }

  /**
   * The codes path: one string key, every row live, no null key, a dictionary of at most SLOTS_MAX
   * entries that all have groups already (after the first blocks of a low-cardinality key), and some
   * typed column or states fed without arg_min/arg_max: the typed columns take the key's codes as
   * slots and each slot's group (group-column.ts RowIds), the states are grouped by code (a code's
   * states are its group's), so no group id is computed per row. Null otherwise.
   */
  #slotsOf(keyVecs: readonly Vec[], b: Batch): Int32Array | null {
    if (this.strategy !== 'hash' || keyVecs.length !== 1 || b.sel !== null) return null
    const key = keyVecs[0]
    if (key.kind !== 'str' || key.dict.length > SLOTS_MAX || key.codes.length !== b.length) return null
    const byCodes = (c: GroupColumn, a: number) => c.layout === 'typed' || (this.#fed[a] && this.args.empty)
    if (!this.#columns.some(byCodes) || hasNullCode(key.codes)) return null
    return this.groups.keys[0].entryIds(key) ?? null
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
    if (this.#keys.length > 0 || this.groups.size > 0) return
    this.groups.assign([], new Uint32Array(0), this.#born)
    for (const col of this.#columns) if (col.layout === 'typed') col.acc.grow(1)
  }
}

/** Most dictionary entries the codes path takes (its per-slot work runs once per batch). */
const SLOTS_MAX = 256

/** An exhaustive switch's end: a path without a case is a bug here. */
function unknownPath(p: never): never {
  throw new Error(`summarize counting path without a case: ${String(p)}`)
}
