// wire/legacy-buckets.ts: rows of an aggregating table → legacy `buckets` (api-contract.md §2.4):
// time-binned rows → `series` intervals, `_totals` (or unbinned) rows → `totals`. One group id per key.

import type { ResultTable } from '../exec/result.ts'
import { ROW_ID_FIELD, setKey, wireColumn, wireTime } from './cells.ts'
import { stringifyWire } from './json.ts'
import type { WireEntryGroup, WireEntryGroupAgg, WireInterval } from './legacy-types.ts'
import type { WireCell } from './types.ts'

/** Numbers group keys 1, 2, … in order of first appearance, so a key has one id in series and totals. */
export class GroupIds {
  readonly #ids = new Map<string, number>()

  /** The id of the group whose key cells are `key` (compared by their JSON text). */
  idOf(key: readonly WireCell[]): number {
    const text = stringifyWire(key)
    let id = this.#ids.get(text)
    if (id === undefined) {
      id = this.#ids.size + 1
      this.#ids.set(text, id)
    }
    return id
  }
}

/** True when a table is a summarize result: it has group keys or aggregation columns. */
export function isAggregating(t: ResultTable): boolean {
  return t.groups.length > 0 || t.fields.some((f) => f.agg !== undefined)
}

/** Index of the `_time` bucket column of a `summarize … by bin(_time, …)` table, or -1. */
export function timeBucketColumn(t: ResultTable): number {
  if (t.buckets === undefined || !t.groups.some((g) => g.name === '_time')) return -1
  return t.fields.findIndex((f) => f.name === '_time' && f.type === 'datetime')
}

/**
 * One EntryGroup per row of `t`: `group` holds the group-by fields (without the bucket column
 * `skip`), `aggregations` every other field as `{op: column name, value}`.
 */
export function entryGroups(t: ResultTable, ids: GroupIds, skip = -1): WireEntryGroup[] {
  const groupNames = new Set(t.groups.map((g) => g.name))
  const keyIdx: number[] = []
  const aggIdx: number[] = []
  t.fields.forEach((f, i) => {
    if (i === skip || f.name === ROW_ID_FIELD) return
    if (groupNames.has(f.name)) keyIdx.push(i)
    else aggIdx.push(i)
  })
  // The id key lists values by field name, so a table whose group columns come in another order
  // (the `_totals` table) still maps a key to the same id.
  const idIdx = [...keyIdx].sort((a, b) => (t.fields[a].name < t.fields[b].name ? -1 : 1))
  const wire: (readonly WireCell[])[] = t.columns.map((c, i) => wireColumn(t.fields[i].type, c))
  const rows = t.columns.length === 0 ? 0 : t.columns[0].length
  const out: WireEntryGroup[] = []
  for (let r = 0; r < rows; r++) {
    const group: Record<string, WireCell> = {}
    for (const i of keyIdx) setKey(group, t.fields[i].name, wire[i][r])
    const key = idIdx.map((i) => wire[i][r])
    const aggregations: WireEntryGroupAgg[] = aggIdx.map((i) => ({ op: t.fields[i].name, value: wire[i][r] }))
    out.push({ id: ids.idOf(key), group, aggregations })
  }
  return out
}

/**
 * The `series` of a binned table: one interval `[start, start + size)` per bucket that has rows,
 * ascending by start. Buckets without rows are not sent (the window may be unbounded). A row whose
 * bucket time is null cannot belong to an interval and is left out.
 */
export function toSeries(t: ResultTable, timeIdx: number, ids: GroupIds): WireInterval[] {
  const size = t.buckets!.size
  const groups = entryGroups(t, ids, timeIdx)
  const byStart = new Map<bigint, WireEntryGroup[]>()
  const times = t.columns[timeIdx]
  for (let r = 0; r < groups.length; r++) {
    const start = times[r]
    if (typeof start !== 'bigint') continue
    const list = byStart.get(start)
    if (list === undefined) byStart.set(start, [groups[r]])
    else list.push(groups[r])
  }
  const starts = [...byStart.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return starts.map((s) => ({ startTime: wireTime(s), endTime: wireTime(s + size), groups: byStart.get(s)! }))
}
