// ops/group-strategy.ts: how a summarize finds each row's group, chosen once per operator from the
// plan (the keys' expressions and types, and whether every aggregation is a plain count()). Each
// strategy names the paths a batch may take, in order: a batch its first path declines (a tail
// whose times are out of order, runs too short to pay, a key vector of another layout) goes down
// the next path of the same strategy, ending at the general one (a group id per row). The strategy
// is never re-chosen; which path each batch took is counted and shown by `explain` after a run.
import type { AplType } from '../../catalog/index.ts'
import type { BoundExpr } from '../../plan/index.ts'
import type { AggSpec } from './agg-spec.ts'
import { isBinCall, isBinOfColumn, onlyPlainCounts } from './count-by-key.ts'

/** The strategies (see `chooseGroupStrategy`). */
export type GroupStrategy =
  /** No keys: one group; every batch feeds it (plain counts add the row count). */
  | 'ungrouped'
  /** `count() by bin(t, step)`: runs of equal bins found on `t` itself; else counts per key run. */
  | 'count-time-bins'
  /** `count() by bin(t, step), k` (either order): bins found on `t`, counts per entry of k within each. */
  | 'count-time-bins-and-key'
  /** `count() by k`: counts per dictionary entry of a string key, or per run of a number or time key. */
  | 'count-per-entry'
  /** `count() by t, k`: counts per dictionary entry of k within each run of equal t. */
  | 'count-runs-and-entries'
  /** A group id per row (the general path: per dictionary entry of a string key, else hashed), then each aggregation's column fed by id. */
  | 'hash'

/** The counting paths that need no group id per row (ops/count-by-key.ts); each may decline a batch. */
export type CountPath =
  | 'time-bins'
  | 'time-bins-and-dictionary'
  | 'dictionary'
  | 'runs'
  | 'runs-and-dictionary'

/** The paths a batch can take (counted per operator for `explain`). */
export type GroupPath = CountPath | 'one-group' | 'codes' | 'codes-and-ids' | 'ids' | 'weighted'

/**
 * The counting paths of each strategy, in the order a batch tries them when every aggregation is a
 * plain count; a batch all of them decline takes a group id per row.
 */
export const COUNT_PATHS: { readonly [S in GroupStrategy]: readonly CountPath[] } = {
  ungrouped: [],
  'count-time-bins': ['time-bins', 'dictionary', 'runs'],
  'count-time-bins-and-key': ['time-bins-and-dictionary', 'runs-and-dictionary'],
  'count-per-entry': ['dictionary', 'runs'],
  'count-runs-and-entries': ['runs-and-dictionary'],
  hash: [],
}

/** Key types whose vectors may be dictionary-coded (strings, or fields of several types). */
const ENTRY_TYPES: ReadonlySet<AplType> = new Set<AplType>(['string', 'dynamic', 'unknown'])
/** Key types whose vectors may be numbers or times (runs of equal keys). */
const RUN_TYPES: ReadonlySet<AplType> = new Set<AplType>(['long', 'real', 'datetime', 'dynamic', 'unknown'])

/** The strategy of a summarize of `specs` by `keys` (decided once, at plan time). */
export function chooseGroupStrategy(specs: readonly AggSpec[], keys: readonly BoundExpr[]): GroupStrategy {
  if (keys.length === 0) return 'ungrouped'
  if (onlyPlainCounts(specs)) {
    if (keys.length === 1) {
      if (isBinCall(keys[0])) return 'count-time-bins'
      const t = keys[0].type
      return ENTRY_TYPES.has(t) || RUN_TYPES.has(t) ? 'count-per-entry' : 'hash'
    }
    if (keys.length === 2) {
      const [a, b] = keys
      if (isBinOfColumn(a, b) || isBinOfColumn(b, a)) return 'count-time-bins-and-key'
      const pairs = (x: BoundExpr, y: BoundExpr) => RUN_TYPES.has(x.type) && ENTRY_TYPES.has(y.type)
      if (pairs(a, b) || pairs(b, a)) return 'count-runs-and-entries'
    }
    return 'hash'
  }
  return 'hash'
}

/** Batches per path, in first-taken order (for `explain`). */
export class PathCounts {
  readonly #counts = new Map<GroupPath, number>()

  /** One more batch down `path`. */
  took(path: GroupPath): void {
    this.#counts.set(path, (this.#counts.get(path) ?? 0) + 1)
  }

  /** `dictionary 12, ids 1` (empty before any batch). */
  describe(): string {
    return [...this.#counts].map(([p, n]) => `${p} ${n}`).join(', ')
  }
}
