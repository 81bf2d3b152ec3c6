// wire/legacy-result.ts: the results of a legacy request's queries → the legacy result (api-contract.md
// §2.4) with only Go-whitelisted keys (§11). Reuses the `format=legacy` Entry/EntryGroup builders;
// never re-sorts or re-aggregates rows (the queries already did).

import type { QueryResult, QueryStatus, ResultTable } from '../exec/result.ts'
import { continuationToken } from '../legacy/cursor.ts'
import { type ArgFields, ROW_ID } from '../legacy/translate.ts'
import { setKey } from './cells.ts'
import { entryGroups, GroupIds, toSeries } from './legacy-buckets.ts'
import { toMatches } from './legacy-matches.ts'
import type { LegacyResult, WireEntryGroup, WireInterval } from './legacy-types.ts'
import { toWireStatus } from './status.ts'
import type { WireCell } from './types.ts'

const EMPTY: ResultTable = { name: '0', sources: [], fields: [], columns: [], order: [], groups: [] }

/** The first `n` rows of `t`. */
function head(t: ResultTable, n: number): ResultTable {
  return { ...t, columns: t.columns.map((c) => c.slice(0, n)) }
}

/**
 * The matches of a query cut at `limit + 1` rows (translate.ts): the first `limit` rows, and when
 * the extra row came back, a `continuationToken` resuming after the last row returned.
 * `minCursor`/`maxCursor` are the smallest and largest `_rowId` returned.
 */
export function matchesResult(result: QueryResult, limit: number): LegacyResult {
  const all = result.tables[0] ?? EMPTY
  const rows = all.columns[0]?.length ?? 0
  const table = rows > limit ? head(all, limit) : all
  const matches = toMatches(table)
  const ids = table.columns[table.fields.findIndex((f) => f.name === ROW_ID)] ?? []
  let min: string | undefined
  let max: string | undefined
  for (const id of ids) {
    if (typeof id !== 'string') continue
    if (min === undefined || id < min) min = id
    if (max === undefined || id > max) max = id
  }
  const last = matches[matches.length - 1]
  const status = toWireStatus(result.status, {
    ...(min !== undefined ? { minCursor: min } : {}),
    ...(max !== undefined ? { maxCursor: max } : {}),
  })
  return {
    status:
      rows > limit && last !== undefined
        ? { ...status, continuationToken: continuationToken(last._rowId) }
        : status,
    matches,
    buckets: { series: [], totals: [] },
    format: 'legacy',
  }
}

/**
 * argmin/argmax entries: the value column and its returned columns become one entry whose value is
 * `{<field>: extreme, <returned field>: value, …}` (null fields left out, as in a match's `data`), or
 * null when the group has no value; the returned columns' own entries are dropped.
 */
function folded(groups: readonly WireEntryGroup[], args: ReadonlyMap<string, ArgFields>): WireEntryGroup[] {
  if (args.size === 0) return [...groups]
  const returned = new Set([...args.values()].flatMap((a) => a.returned.map((r) => r.column)))
  return groups.map((g) => {
    const byColumn = new Map(g.aggregations.map((a) => [a.op, a.value]))
    const aggregations = g.aggregations
      .filter((a) => !returned.has(a.op))
      .map((a) => {
        const arg = args.get(a.op)
        if (arg === undefined || a.value === null) return a
        const row: Record<string, WireCell> = {}
        setKey(row, arg.field, a.value)
        for (const r of arg.returned) {
          const v = byColumn.get(r.column) ?? null
          if (v !== null) setKey(row, r.field, v)
        }
        // A WireCell object: its values are wire cells too (stringifyWire writes bigints as digits).
        return { op: a.op, value: row as WireCell }
      })
    return { ...g, aggregations }
  })
}

/** `op` of each aggregation entry: the request's alias rather than the query's column name. */
function aliased(groups: readonly WireEntryGroup[], aliases: ReadonlyMap<string, string>): WireEntryGroup[] {
  return groups.map((g) => ({
    ...g,
    aggregations: g.aggregations.map((a) => ({ op: aliases.get(a.op) ?? a.op, value: a.value })),
  }))
}

/** One status for two queries: the totals' counters, both queries' time and messages. */
function combined(totals: QueryStatus, series: QueryStatus, groups: number): QueryStatus {
  return {
    ...totals,
    elapsedTime: totals.elapsedTime + series.elapsedTime,
    numGroups: groups,
    isEstimate: totals.isEstimate || series.isEstimate,
    messages: [...totals.messages, ...series.messages],
  }
}

/** What reading an aggregate request's results back needs (from its translation). */
export interface AggregateShape {
  /** Series interval width, ns. */
  readonly step: bigint
  /** Aggregation column → alias. */
  readonly aliases: ReadonlyMap<string, string>
  /** argmin/argmax value column → its fields (folded into one object value). */
  readonly args: ReadonlyMap<string, ArgFields>
}

/**
 * `buckets.totals` from the totals query (already ordered and limited) and `buckets.series` from the
 * series query, keeping only groups that made it into the totals; group ids agree between the two.
 */
export function aggregateResult(
  totals: QueryResult,
  series: QueryResult,
  shape: AggregateShape,
): LegacyResult {
  const ids = new GroupIds()
  const totalGroups = aliased(folded(entryGroups(totals.tables[0] ?? EMPTY, ids), shape.args), shape.aliases)
  const known = totalGroups.length
  const t = series.tables[0] ?? EMPTY
  const timeIdx = t.fields.findIndex((f) => f.name === '_time' && f.type === 'datetime')
  const intervals: WireInterval[] =
    timeIdx < 0 ? [] : toSeries({ ...t, buckets: { field: '_time', size: shape.step } }, timeIdx, ids)
  const seriesOut = intervals
    .map((iv) => ({
      ...iv,
      groups: aliased(
        folded(
          iv.groups.filter((g) => g.id <= known),
          shape.args,
        ),
        shape.aliases,
      ),
    }))
    .filter((iv) => iv.groups.length > 0)
  return {
    status: toWireStatus(combined(totals.status, series.status, known)),
    matches: [],
    buckets: { series: seriesOut, totals: totalGroups },
    format: 'legacy',
  }
}
