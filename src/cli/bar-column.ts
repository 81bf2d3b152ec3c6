// cli/bar-column.ts: `--bar FIELD`, ClickHouse's `bar()` for the table format: a column of block
// characters after the table whose lengths are FIELD's values scaled to 0…max.

import type { WireTable } from '../wire/index.ts'
import { hbar } from './chart/plot-bars.ts'
import { UsageError } from './errors.ts'

/** Width of a bar column at its longest, in cells. */
export const BAR_WIDTH = 30

/** `t` with a `bar(FIELD)` column appended for each of `fields` (numeric columns only). */
export function withBars(t: WireTable, fields: readonly string[]): WireTable {
  let out = t
  for (const name of fields) {
    const i = t.fields.findIndex((f) => f.name === name)
    if (i < 0) {
      const names = t.fields.map((f) => f.name).join(', ')
      throw new UsageError(`--bar ${name}: the result has no such field (fields: ${names})`, 'query')
    }
    const values = (t.columns?.[i] ?? []).map((v) =>
      typeof v === 'number' || typeof v === 'bigint' ? Number(v) : null,
    )
    const max = Math.max(0, ...values.map((v) => v ?? 0))
    const bars = values.map((v) => (v === null || max === 0 ? '' : hbar((Math.max(0, v) / max) * BAR_WIDTH)))
    out = {
      ...out,
      fields: [...out.fields, { name: `bar(${name})`, type: 'string' }],
      columns: [...(out.columns ?? []), bars],
    }
  }
  return out
}
