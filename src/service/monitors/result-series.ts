// service/monitors/result-series.ts: a query result read as a monitor reads it: the first table's
// value columns (`columnName`, else aggregations, else numeric non-key columns), its non-time group
// keys, and its rows split into series by those keys (one series when not notifying by group).
import type { Cell, ResultTable } from '../../exec/result.ts'

/** One row of a series: its time (epoch ns, when the table has a time column) and its values. */
export interface SeriesPoint {
  readonly time: bigint | undefined
  readonly values: readonly number[]
}

/** The rows of one group. */
export interface Series {
  /** Stable key of the group values (`[]` → `''`). */
  readonly key: string
  readonly groupKeys: readonly string[]
  readonly groupValues: readonly unknown[]
  readonly points: SeriesPoint[]
}

/** A result split into series. */
export interface ResultSeries {
  readonly series: Series[]
  /** True when no row holds a numeric value (Axiom's "no data"). */
  readonly noData: boolean
}

const NUMERIC = new Set(['long', 'real', 'unknown'])

/** A cell as a JSON-friendly value (bigint → number when safe, else its decimal string). */
export function plainCell(c: Cell): unknown {
  if (typeof c !== 'bigint') return c
  return Number.isSafeInteger(Number(c)) ? Number(c) : c.toString()
}

function numberOf(c: Cell): number | undefined {
  if (typeof c === 'number') return Number.isNaN(c) ? undefined : c
  if (typeof c === 'bigint') return Number(c)
  return undefined
}

/** Indexes of the value columns of `t`. */
function valueIndexes(t: ResultTable, columnName: string | undefined, keys: ReadonlySet<string>): number[] {
  if (columnName !== undefined) return t.fields.flatMap((f, i) => (f.name === columnName ? [i] : []))
  const aggs = t.fields.flatMap((f, i) => (f.agg !== undefined && NUMERIC.has(f.type) ? [i] : []))
  if (aggs.length > 0) return aggs
  return t.fields.flatMap((f, i) => (NUMERIC.has(f.type) && !keys.has(f.name) ? [i] : []))
}

/** Splits the first table of a result into series (see module header). */
export function resultSeries(
  t: ResultTable | undefined,
  columnName: string | undefined,
  byGroup: boolean,
): ResultSeries {
  if (t === undefined) return { series: [], noData: true }
  const groupNames = new Set(t.groups.map((g) => g.name))
  const timeIndex = t.fields.findIndex(
    (f) => f.type === 'datetime' && (groupNames.has(f.name) || f.name === '_time'),
  )
  const keyIndexes = byGroup
    ? t.fields.flatMap((f, i) => (groupNames.has(f.name) && f.type !== 'datetime' ? [i] : []))
    : []
  const values = valueIndexes(t, columnName, groupNames)
  const rows = t.columns[0]?.length ?? 0
  const byKey = new Map<string, Series>()
  let any = false
  for (let r = 0; r < rows; r++) {
    const nums = values.map((i) => numberOf(t.columns[i][r])).filter((v): v is number => v !== undefined)
    if (nums.length === 0) continue
    any = true
    const groupValues = keyIndexes.map((i) => plainCell(t.columns[i][r]))
    const key = keyIndexes.length === 0 ? '' : JSON.stringify(groupValues)
    let s = byKey.get(key)
    if (!s) {
      s = { key, groupKeys: keyIndexes.map((i) => t.fields[i].name), groupValues, points: [] }
      byKey.set(key, s)
    }
    const time = timeIndex >= 0 ? t.columns[timeIndex][r] : undefined
    s.points.push({ time: typeof time === 'bigint' ? time : undefined, values: nums })
  }
  return { series: [...byKey.values()], noData: !any }
}
