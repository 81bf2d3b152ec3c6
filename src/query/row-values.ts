// query/row-values.ts: the values `rows()` yields. 'json' (the default): what the wire carries and
// `JSON.stringify` accepts: datetime as RFC 3339 with nanoseconds, timespan as on the wire, longs
// beyond ±2^53 as their exact decimal digits (a string), non-finite reals as null. 'native': the
// in-process cells (exec/result.ts): bigint epoch ns for datetime and timespan, bigint longs.

import type { Cell, ResultTable } from '../exec/result.ts'
import { wireColumn } from '../wire/index.ts'

/** How `rows()` renders cells (see module header). */
export type RowValues = 'json' | 'native'

/** The value of one JSON row cell: a JSON value (no bigint). */
export type JsonCell = Exclude<Cell, bigint>

/** The columns of `table` as `values` asks; a column needing no change is returned as it is. */
export function rowColumns(table: ResultTable, values: RowValues): readonly (readonly Cell[])[] {
  if (values === 'native') return table.columns
  return table.columns.map((cells, c) => {
    const wire = wireColumn(table.fields[c].type, cells) as readonly Cell[]
    return wire.some((v) => typeof v === 'bigint')
      ? wire.map((v) => (typeof v === 'bigint' ? v.toString() : v))
      : wire
  })
}
