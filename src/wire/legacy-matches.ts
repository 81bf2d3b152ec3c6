// wire/legacy-matches.ts: rows of a non-aggregating table → legacy `matches` (api-contract.md §2.4
// Entry). `_time`/`_sysTime`/`_rowId` are lifted out of `data`; every Entry time is valid RFC3339.

import type { Cell, ResultTable } from '../exec/result.ts'
import { GO_ZERO_TIME, ROW_ID_FIELD, setKey, wireColumn } from './cells.ts'
import type { WireEntry } from './legacy-types.ts'
import type { WireCell } from './types.ts'

/** Index of the datetime column `name`, or -1 (a non-datetime `_time` stays an ordinary data field). */
function timeColumn(t: ResultTable, name: string): number {
  return t.fields.findIndex((f) => f.name === name && f.type === 'datetime')
}

/**
 * The synthetic `_rowId` of a row when the result carries no `_rowId` column:
 * `<_time as 16 hex digits (two's complement, 0 when absent)>-<row index>`. It is unique within one
 * response, the same every time the same result is formatted, and sorts by time for post-1970 times.
 */
export function syntheticRowId(timeNs: bigint | null, row: number): string {
  return (
    BigInt.asUintN(64, timeNs ?? 0n)
      .toString(16)
      .padStart(16, '0') +
    '-' +
    row
  )
}

function rowIdOf(c: Cell): string | null {
  if (c === null) return null
  return typeof c === 'string' ? c : String(c)
}

/**
 * One Entry per row. `data` holds the row's other fields, by name, with null cells left out
 * (a null means the event has no such field). Missing times become Go's zero time.
 */
export function toMatches(t: ResultTable): WireEntry[] {
  const timeIdx = timeColumn(t, '_time')
  const sysIdx = timeColumn(t, '_sysTime')
  const rowIdx = t.fields.findIndex((f) => f.name === ROW_ID_FIELD)
  const dataIdx: number[] = []
  for (let i = 0; i < t.fields.length; i++) if (i !== timeIdx && i !== sysIdx && i !== rowIdx) dataIdx.push(i)
  const wire: (readonly WireCell[])[] = t.columns.map((c, i) => wireColumn(t.fields[i].type, c))
  const rows = t.columns.length === 0 ? 0 : t.columns[0].length
  const out: WireEntry[] = []
  for (let r = 0; r < rows; r++) {
    const data: Record<string, WireCell> = {}
    for (const i of dataIdx) {
      const v = wire[i][r]
      if (v !== null) setKey(data, t.fields[i].name, v)
    }
    const timeNs = timeIdx < 0 ? null : (t.columns[timeIdx][r] as bigint | null)
    out.push({
      _time: timeIdx < 0 ? GO_ZERO_TIME : ((wire[timeIdx][r] as string | null) ?? GO_ZERO_TIME),
      _sysTime: sysIdx < 0 ? GO_ZERO_TIME : ((wire[sysIdx][r] as string | null) ?? GO_ZERO_TIME),
      _rowId: (rowIdx < 0 ? null : rowIdOf(t.columns[rowIdx][r])) ?? syntheticRowId(timeNs, r),
      data,
    })
  }
  return out
}
