// exec/parallel/top-reconcile.ts: a parallel bounded top-N's counters made the in-process run's: from
// the units' traces (ops/top-trace.ts) it replays the in-process visit and moves every block the
// in-process bound skips, but a unit examined, from examined to pruned. Never changes rows.
import type { DatasetView } from '../../storage/snapshot.ts'
import type { ExecStats } from '../context.ts'
import type { PhysicalOperator } from '../operator.ts'
import { TopBound } from '../ops/top-bound.ts'
import { placeBase } from '../ops/top-n-heap.ts'
import type { BlockTrace, TopTraceData } from '../ops/top-trace.ts'
import type { Unit } from './units.ts'

/** An accepted row's first key (null, or value / ms and ns) and its place in scan order. */
export interface Entry {
  readonly isNull: boolean
  readonly a: number
  readonly b: number
  readonly place: number
}

/** A unit's trace with the unit (its local block positions index `unit.blocks`). */
export interface UnitTrace {
  readonly unit: Unit
  readonly trace: TopTraceData
}

/** Sort order of entries (the TopN's: nulls placed, numbers with NaN lowest, ties by place). */
export function entryOrder(t: TopTraceData): (x: Entry, y: Entry) => number {
  return (x, y) => {
    if (x.isNull || y.isNull) {
      if (!(x.isNull && y.isNull)) return x.isNull === t.nullsFirst ? -1 : 1
    } else {
      let c =
        x.a < y.a
          ? -1
          : x.a > y.a
            ? 1
            : x.a === y.a
              ? x.b - y.b
              : Number.isNaN(x.a)
                ? Number.isNaN(y.a)
                  ? 0
                  : -1
                : 1
      if (t.descending) c = -c
      if (c !== 0) return c
    }
    return x.place - y.place
  }
}

function entriesOf(t: BlockTrace, position: number): Entry[] {
  const key = t.acceptedKey
  if (!key || (key.kind !== 'num' && key.kind !== 'time')) return []
  const base = placeBase(position)
  return Array.from(t.accepted, (row, i) => {
    const isNull = key.valid !== null && key.valid[i] === 0
    const place = base + row
    return key.kind === 'num'
      ? { isNull, a: key.values[i], b: 0, place }
      : { isNull, a: key.ms[i], b: key.ns[i], place }
  })
}

/** The best `count` of two lists already in order. */
export function mergeBest(
  x: Entry[],
  y: Entry[],
  count: number,
  order: (p: Entry, q: Entry) => number,
): Entry[] {
  const out: Entry[] = []
  let i = 0
  let j = 0
  while (out.length < count && (i < x.length || j < y.length)) {
    if (j >= y.length || (i < x.length && order(x[i], y[j]) <= 0)) out.push(x[i++])
    else out.push(y[j++])
  }
  return out
}

/**
 * The best `trace.count` rows a unit accepted, in order, with places in the whole block list
 * (`index`: whole-list index of each block handle).
 */
export function unitBest(ut: UnitTrace, index: ReadonlyMap<unknown, number>): Entry[] {
  const { unit, trace } = ut
  const all: Entry[] = []
  for (const t of trace.blocks) {
    const at = index.get(unit.blocks[t.position])
    if (at !== undefined) all.push(...entriesOf(t, at))
  }
  return all.sort(entryOrder(trace)).slice(0, trace.count)
}

function boundOf(t: TopTraceData): TopBound {
  return new TopBound(t.field, t.kind, t.descending, t.nullsFirst)
}

/** Moves one block's counters from examined to pruned (stats and the display operators' metrics). */
function unexamine(b: BlockTrace, stats: ExecStats, display: readonly PhysicalOperator[]): void {
  stats.scan.blocksScanned--
  stats.scan.blocksPruned++
  stats.scan.rowsScanned -= b.rowCount
  stats.rowsExamined -= b.examined
  display.forEach((op, i) => {
    if (2 * i + 1 >= b.rows.length) return
    op.metrics.rowsIn -= b.rows[2 * i]
    op.metrics.rowsOut -= b.rows[2 * i + 1]
  })
  const scan = display.at(-1)
  if (scan?.name === 'ScanExec') scan.metrics.blocksPruned++
}

/**
 * Replays the in-process bound over `traces` (every block unit of the fragment, not the residual
 * unit) in the in-process visiting order of `view`, and fixes `stats` (the fragment's own, summed
 * over its units) and `display` (pre-order from the fragment's top) for each block in-process
 * skips that a unit examined.
 */
export function reconcileTop(
  traces: readonly UnitTrace[],
  view: DatasetView,
  stats: ExecStats,
  display: readonly PhysicalOperator[],
): void {
  const head = traces[0]?.trace
  if (!head) return
  const index = new Map(view.blocks.map((b, i) => [b, i]))
  const examined = new Map<number, BlockTrace>()
  for (const { unit, trace } of traces) {
    for (const t of trace.blocks) {
      const at = index.get(unit.blocks[t.position])
      if (at !== undefined) examined.set(at, t)
    }
  }
  const order = entryOrder(head)
  const all = [...examined].flatMap(([at, t]) => entriesOf(t, at)).sort(order)
  if (all.length < head.count) return
  // The final root is at least as good as the in-process root at any block: a block it cannot prune
  // was examined in-process too. Only when some block might have been skipped is the visit replayed.
  const final = boundOf(head)
  const last = all[head.count - 1]
  final.setKey(last.isNull, last.a, last.b, Math.floor(last.place / placeBase(1)))
  const mayPrune = [...examined.keys()].some((at) => {
    const block = view.blocks[at]
    return !final.mayBeat(block.meta.zoneMap, block, at)
  })
  if (!mayPrune) return
  const bound = boundOf(head)
  let kept: Entry[] = []
  for (const at of bound.visitOrder(view.blocks)) {
    const t = examined.get(at)
    if (!t) continue
    const block = view.blocks[at]
    if (bound.active && !bound.mayBeat(block.meta.zoneMap, block, at)) {
      unexamine(t, stats, display)
      examined.delete(at)
      continue
    }
    kept = mergeBest(kept, entriesOf(t, at).sort(order), head.count, order)
    const root = kept.length >= head.count ? kept[head.count - 1] : undefined
    if (root) bound.setKey(root.isNull, root.a, root.b, Math.floor(root.place / placeBase(1)))
  }
  // The time span of the examined blocks, over those in-process examined.
  stats.minBlockTime = undefined
  stats.maxBlockTime = undefined
  for (const at of examined.keys()) {
    const zm = view.blocks[at].meta.zoneMap
    const lo = BigInt(zm.minTime)
    const hi = BigInt(zm.maxTime)
    if (stats.minBlockTime === undefined || lo < stats.minBlockTime) stats.minBlockTime = lo
    if (stats.maxBlockTime === undefined || hi > stats.maxBlockTime) stats.maxBlockTime = hi
  }
}
