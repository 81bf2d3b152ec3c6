// ops/merged-totals.ts: a finished summarize's groups folded over one of its keys (the time bin of
// a bucketed summarize, for the `_totals` table): each group's states merge into the group of its
// other keys' values, so the totals cost a pass over the groups instead of a second scan. Only for
// aggregations whose merge is exact (agg/registry.ts exactMerge); the caller rescans otherwise.
import { type AggState, mergesExactly } from '../agg/index.ts'
import { type AggSpec, newState } from './agg-spec.ts'
import { isArgSpec } from './arg-extremum-feed.ts'
import type { GroupIndex } from './group-keys.ts'

/** Key ids below this pack two to a double exactly (as in group-keys.ts). */
const RADIX = 2 ** 26

/** The folded groups: per kept key, each totals group's key id (an id of the summarize's own key). */
export interface FoldedGroups {
  readonly size: number
  /** `keyIds[i][t]`: totals group t's id of the i-th kept key. */
  readonly keyIds: readonly Uint32Array[]
  /** `states[a][t]`: aggregation a's merged state of totals group t. */
  readonly states: readonly AggState[][]
}

/** True when every aggregation of `specs` merges exactly (no arg_min/arg_max, no sketches). */
export function foldable(specs: readonly AggSpec[]): boolean {
  return specs.every((s) => !isArgSpec(s) && mergesExactly(s.kind))
}

/**
 * Folds `groups` over key `drop`: the groups with equal ids of the other keys become one, their
 * states merged into fresh ones in group order (`merge(a, g, into)` folds aggregation a's state of
 * group g into `into`, and must leave it as it was). Null when more than two keys remain, or an id
 * is past RADIX: the caller rescans. With no key left there is one group, as a summarize without
 * keys has.
 */
export function foldGroups(
  groups: GroupIndex,
  drop: number,
  specs: readonly AggSpec[],
  merge: (a: number, g: number, into: AggState) => void,
): FoldedGroups | null {
  const kept = groups.keys.map((_, k) => k).filter((k) => k !== drop)
  if (kept.length > 2 || !foldable(specs)) return null
  const n = groups.size
  const of = new Int32Array(n)
  const firstOf =
    kept.length === 0
      ? [0]
      : foldIds(groups.keyIds(kept[0]), kept.length === 2 ? groups.keyIds(kept[1]) : null, of)
  if (firstOf === null) return null
  const size = firstOf.length
  const keyIds = kept.map((k) => Uint32Array.from(firstOf, (g) => groups.memberId(g, k)))
  const merged = specs.map((spec, a) => {
    const row = Array.from({ length: size }, () => newState(spec))
    for (let g = 0; g < n; g++) merge(a, g, row[of[g]])
    return row
  })
  return { size, keyIds, states: merged }
}

/**
 * Numbers the distinct (a[g], b[g]) pairs (or a[g] alone) in group order into `of[g]`; returns each
 * number's first group, or null when an id is past RADIX. A leaf: its loop stays optimized apart
 * from the caller's.
 */
function foldIds(a: Uint32Array, b: Uint32Array | null, of: Int32Array): number[] | null {
  const index = new Map<number, number>()
  const firstOf: number[] = []
  for (let g = 0; g < a.length; g++) {
    let packed = a[g]
    if (b !== null) {
      if (packed >= RADIX || b[g] >= RADIX) return null
      packed = packed * RADIX + b[g]
    }
    let t = index.get(packed)
    if (t === undefined) {
      t = firstOf.length
      index.set(packed, t)
      firstOf.push(g)
    }
    of[g] = t
  }
  return firstOf
}
