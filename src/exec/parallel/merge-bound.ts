// exec/parallel/merge-bound.ts: whether a parallel summarize would be merge-bound: grouped by a string
// field with about as many distinct values in each block as rows (a user id, a request id). Each
// unit then ships nearly one group per row, and the main thread's merge hashes every one of them
// again: the same work as the whole summarize in-process, after the workers' share, with the units'
// key strings on the main heap. Measured on 2 vCPUs, `summarize count() by u | count` over 2M events
// with 2M distinct u (`npm run bench:near-unique`, 2026-11-29; bench/results/near-unique-groups-*.md):
// in-process 1.0–1.5 s, the event loop held at most 43–98 ms; on workers 1.6–1.9 s, held up to
// 118–183 ms (garbage collection of the merged keys). 'auto' keeps such a summarize in-process.
//
// A block's distinct count of a string column is read from its zone map: the value list when small,
// else the size its bloom filter was built for. Nothing is decoded.
import type { Aggregate } from '../../plan/index.ts'
import { bloomSizedFor, type ZoneColumn } from '../../storage/block/index.ts'
import type { Fragment } from './fragment.ts'
import type { ScanSplit } from './units.ts'

/** Distinct values per row of a block at or above which a group key makes a summarize merge-bound. */
export const MERGE_BOUND_DISTINCT_SHARE = 0.5

/** A block's distinct values of string field `field` (0 when the block has no such column). */
function distinctIn(columns: readonly ZoneColumn[], field: string): number {
  const zc = columns.find((c) => c.field === field && c.type === 'string')
  if (!zc) return 0
  if (zc.values) return zc.values.length
  return zc.bloom ? bloomSizedFor(zc.bloom) : 0
}

/** True when fragment `f` is a summarize grouped by a near-unique string field (see module header). */
export function mergeBound(f: Fragment, split: ScanSplit): boolean {
  if (f.kind !== 'aggregate' || split.rows === 0) return false
  const node = f.node as Aggregate
  for (const { expr } of node.keys) {
    if (expr.kind !== 'Column' || !expr.storage.includes('string')) continue
    let distinct = 0
    for (const b of split.survivors) distinct += distinctIn(b.meta.zoneMap.columns, expr.name)
    if (distinct >= MERGE_BOUND_DISTINCT_SHARE * split.rows) return true
  }
  return false
}
