// ops/shared-sketches.ts: percentile(x, 95), percentile(x, 99), percentiles_array(x, 50, 90) of one
// value (and predicate-free) share one quantile sketch per group: the first of them leads and is fed,
// the others read its sketch with their own percentages. Results are exactly those of separate
// sketches (the same values in the same order reach one sketch instead of several).
import { type AggState, deserializeAggState, SketchState } from '../agg/index.ts'
import type { AggSpec } from './agg-spec.ts'

const SHARING_KINDS: ReadonlySet<string> = new Set(['percentile', 'percentiles_array'])

/** Which spec leads each spec's sketch (itself when it leads or does not share). */
export interface SketchSharing {
  readonly leaderOf: readonly number[]
  /** True when some spec follows another. */
  readonly any: boolean
}

/** A value expression as comparable text (source spans left out). */
function exprKey(e: unknown): string {
  return JSON.stringify(e, (k, v) => (k === 'span' ? undefined : typeof v === 'bigint' ? `${v}n` : v))
}

/** Plans the sharing among `specs` (see the module header). */
export function planSketchSharing(specs: readonly AggSpec[]): SketchSharing {
  const leaders = new Map<string, number>()
  const leaderOf = specs.map((s, a) => {
    if (!SHARING_KINDS.has(s.kind) || s.predicate !== null || s.value === null) return a
    const p = s.params as { exactLimit?: number; compression?: number }
    const key = `${exprKey(s.value)}|${p.exactLimit ?? ''}|${p.compression ?? ''}`
    const lead = leaders.get(key)
    if (lead === undefined) {
      leaders.set(key, a)
      return a
    }
    return lead
  })
  return { leaderOf, any: leaderOf.some((l, a) => l !== a) }
}

/** Points group `gid`'s follower states at their leaders' sketches (after every state was made). */
export function shareSketches(sharing: SketchSharing, states: readonly AggState[][], gid: number): void {
  if (!sharing.any) return
  sharing.leaderOf.forEach((lead, a) => {
    if (lead === a) return
    const follower = states[a][gid]
    const leader = states[lead][gid]
    if (follower instanceof SketchState && leader instanceof SketchState) follower.shareSketch(leader)
  })
}

/** Which of `specs` are fed (leaders and specs that share nothing), among those `feedable` allows. */
export function fedMask(
  sharing: SketchSharing,
  specs: readonly AggSpec[],
  feedable: (s: AggSpec) => boolean,
): boolean[] {
  return specs.map((s, a) => feedable(s) && sharing.leaderOf[a] === a)
}

/**
 * Gives every follower state a sketch of its own (a copy through its serialized form), so partial
 * states can be merged one by one without merging a shared sketch twice.
 */
export function unshareSketches(
  sharing: SketchSharing,
  specs: readonly AggSpec[],
  states: AggState[][],
): void {
  if (!sharing.any) return
  sharing.leaderOf.forEach((lead, a) => {
    if (lead === a) return
    const row = states[a]
    for (let g = 0; g < row.length; g++) row[g] = deserializeAggState(specs[a].kind, row[g].serialize())
  })
}
