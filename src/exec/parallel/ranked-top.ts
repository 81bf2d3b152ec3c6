// exec/parallel/ranked-top.ts: how a bounded top-N fragment runs in parallel (DESIGN.md "Parallel",
// bounded top-N): units cut from the in-process visiting order, the key field whose zone statistics the
// workers keep, and the late columns the merge fetches for the rows it keeps. Pure plan inspection.
import type { BoundExpr, SortKey } from '../../plan/index.ts'
import type { BlockHandle } from '../../storage/snapshot.ts'
import type { LateColumns } from '../ops/late-columns.ts'
import type { TopBound } from '../ops/top-bound.ts'
import { boundFor, lateFor } from '../ops/top-n-plan.ts'
import type { Fragment } from './fragment.ts'
import { makeUnits, type Unit } from './units.ts'

/**
 * Units per participant of a bounded top-N visited in the in-process order: smaller units hand
 * their bound on to more of the later ones (10M events, bench query 9, 2 workers: 8 per participant
 * examined 93 of 153 blocks, 4 examined 111, 16 examined 81; in-process examines 77)…
 */
export const RANKED_UNITS_PER_PARTICIPANT = 8

/** …as long as a unit keeps this many blocks (each costs a round trip: at 1M events, 16 blocks, 16 units were slower than 8). */
export const RANKED_MIN_BLOCKS_PER_UNIT = 4

/** A top fragment that runs in the in-process visiting order. */
export interface RankedTop {
  readonly bound: TopBound
  /** Columns the units leave unread and the merge fetches (undefined: none). */
  readonly late: LateColumns | undefined
}

/**
 * The field a top fragment's bound prunes blocks on (its single plain-column key; `_time` for a
 * time-desc `take`): workers get its zone statistics. '' for other fragments.
 */
export function zoneField(f: Fragment): string {
  if (f.kind !== 'top') return ''
  if (f.partial.kind === 'Limit') return '_time'
  const keys = f.partial.kind === 'TopN' ? f.partial.keys : []
  const e = keys.length === 1 ? keys[0].expr : undefined
  return e?.kind === 'Column' ? e.name : ''
}

/**
 * `f` as a ranked top-N, when its merge is a top-N (not `sort | take`'s Sort), its chain is filters
 * over the scan (each unit's top-N is then linked to its scan: rows come with places, blocks with a
 * bound) and its key has a bound; else undefined.
 */
export function rankedTop(f: Fragment): RankedTop | undefined {
  if (f.kind !== 'top' || f.mergeInputOf !== f.node) return undefined
  const predicates: BoundExpr[] = []
  let at = f.chain
  while (at.kind === 'Filter') {
    predicates.push(at.predicate)
    at = at.input
  }
  if (at.kind !== 'Scan') return undefined
  // A time-desc `take` is a top-N on `_time` desc (physical-planner.ts).
  const time: SortKey = {
    expr: { kind: 'Column', name: '_time', type: 'datetime', storage: [], span: f.node.span },
    descending: true,
    nullsFirst: false,
  }
  const keys = f.partial.kind === 'TopN' ? f.partial.keys : f.partial.kind === 'Limit' ? [time] : []
  const bound = boundFor(keys, f.scan)
  return bound ? { bound, late: lateFor(f.scan, keys, predicates) } : undefined
}

/** Units of a ranked top-N over `blocks` surviving blocks: never fewer than `base` (other fragments'). */
export function rankedUnitCount(participants: number, blocks: number, base: number): number {
  const finer = Math.min(
    participants * RANKED_UNITS_PER_PARTICIPANT,
    Math.floor(blocks / RANKED_MIN_BLOCKS_PER_UNIT),
  )
  return Math.max(base, finer)
}

/**
 * `count` units as runs of the visiting order of `bound` over `survivors` (scan order), each unit's
 * blocks back in scan order: a unit's own ties then go by its block list, as in-process.
 */
export function rankedUnits(survivors: readonly BlockHandle[], bound: TopBound, count: number): Unit[] {
  const order = bound.visitOrder(survivors)
  const at = new Map(order.map((i) => [survivors[i], i]))
  return makeUnits(
    order.map((i) => survivors[i]),
    count,
  ).map((u) => ({ ...u, blocks: [...u.blocks].sort((x, y) => (at.get(x) ?? 0) - (at.get(y) ?? 0)) }))
}
