// exec/parallel/units.ts: which blocks of a scan survive pruning (the same rule Snapshot.scan applies,
// so counters match the in-process run) and how the survivors are cut into units: runs of
// consecutive blocks, each run producing one partial result that the main thread merges in order.
import type { Scan } from '../../plan/index.ts'
import type { ZoneMap } from '../../storage/block/index.ts'
import type { BlockHandle, DatasetView } from '../../storage/snapshot.ts'
import type { TimeRange } from '../../storage/types.ts'
import { effectiveRange } from '../ops/scan-exec.ts'
import { zonePrune } from '../scan/zone-prune.ts'

/** A run of consecutive surviving blocks; `index` is its place in scan order. */
export interface Unit {
  readonly index: number
  readonly blocks: readonly BlockHandle[]
  /** Rows in the blocks (before the window cuts any). */
  readonly rows: number
}

/** The blocks of one scan, split by the pruning rule. */
export interface ScanSplit {
  /** Blocks the scan will read, in scan order. */
  readonly survivors: readonly BlockHandle[]
  /** Blocks the scan skips (counted, never read). */
  readonly pruned: readonly BlockHandle[]
  /** Rows in the survivors. */
  readonly rows: number
}

/** Snapshot.scan's time test: the block's [minTime, maxTime] meets the half-open range. */
function overlaps(zm: ZoneMap, r: TimeRange): boolean {
  if (r.end !== undefined && BigInt(zm.minTime) >= r.end) return false
  if (r.start !== undefined && BigInt(zm.maxTime) < r.start) return false
  return true
}

/** Splits `view`'s blocks the way `ScanExec` over `scan` prunes them under `window`. */
export function splitScan(view: DatasetView, scan: Scan, window: TimeRange): ScanSplit {
  const range = effectiveRange(scan, window)
  const prune = zonePrune(scan.pushdown)
  const survivors: BlockHandle[] = []
  const pruned: BlockHandle[] = []
  let rows = 0
  for (const b of view.blocks) {
    const zm = b.meta.zoneMap
    if (!overlaps(zm, range) || (prune && !prune(zm))) pruned.push(b)
    else {
      survivors.push(b)
      rows += b.meta.header.rowCount
    }
  }
  return { survivors, pruned, rows }
}

/** Cuts `blocks` into at most `count` runs of about equal rows (never an empty run). */
export function makeUnits(blocks: readonly BlockHandle[], count: number): Unit[] {
  const n = Math.max(1, Math.min(count, blocks.length))
  const total = blocks.reduce((s, b) => s + b.meta.header.rowCount, 0)
  const units: Unit[] = []
  let from = 0
  let acc = 0
  for (let u = 0; u < n && from < blocks.length; u++) {
    // Close this run once it reaches its share of the rows, leaving one block per remaining run.
    const target = (total * (u + 1)) / n
    let to = from + 1
    acc += blocks[from].meta.header.rowCount
    while (to < blocks.length - (n - u - 1) && acc + blocks[to].meta.header.rowCount / 2 <= target) {
      acc += blocks[to].meta.header.rowCount
      to++
    }
    if (u === n - 1) to = blocks.length
    const run = blocks.slice(from, to)
    units.push({ index: u, blocks: run, rows: run.reduce((s, b) => s + b.meta.header.rowCount, 0) })
    from = to
  }
  return units
}
