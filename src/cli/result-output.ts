// cli/result-output.ts: turns a tabular query response (api-contract §1.3, from the engine or a
// server) into what `apldb query` prints: an aligned table, NDJSON rows, CSV or the whole JSON.

import type { TabularResponse, WireCell, WireTable } from '../wire/index.ts'
import { stringifyWire } from '../wire/json.ts'
import { escapeControls } from './display-width.ts'
import { renderTable } from './table-format.ts'

/** The tables holding results: all but the `_totals` companion of a binned summarize. */
export function resultTables(res: TabularResponse): readonly WireTable[] {
  const tables = Array.isArray(res.tables) ? res.tables : []
  return tables.filter((t) => t.name !== '_totals')
}

/** Number of rows of a wire table. */
export function rowCount(t: WireTable): number {
  return t.columns?.[0]?.length ?? 0
}

/** A cell as one line of text: null is empty, nested values are JSON, control characters escaped. */
export function cellText(v: WireCell | undefined): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return escapeControls(v)
  if (typeof v === 'object') return escapeControls(stringifyWire(v))
  return String(v)
}

const NUMERIC_TYPES: ReadonlySet<string> = new Set(['integer', 'float', 'integer|float', 'float|integer'])

/** Lines of an aligned table fitted to `width`, with a note when columns had to be left out. */
export function tableText(t: WireTable, width: number, header = true): string {
  const cols = t.columns ?? []
  const n = rowCount(t)
  const rows: string[][] = new Array(n)
  for (let r = 0; r < n; r++) rows[r] = t.fields.map((_f, c) => cellText(cols[c]?.[r]))
  const layout = renderTable(
    {
      headers: t.fields.map((f) => f.name),
      rows,
      rightAlign: t.fields.map((f) => NUMERIC_TYPES.has(f.type)),
      keepWhole: t.fields.map((f) => NUMERIC_TYPES.has(f.type) || f.type === 'datetime'),
    },
    width,
  )
  if (layout.hiddenColumns > 0) {
    layout.lines.push(
      `(${layout.hiddenColumns} more column(s) do not fit; use --format vertical, json, csv or ndjson)`,
    )
  }
  return `${(header ? layout.lines : layout.lines.slice(2)).join('\n')}\n`
}

/** One JSON object per row, keys in field order. */
export function ndjsonText(t: WireTable): string {
  const cols = t.columns ?? []
  const keys = t.fields.map((f) => JSON.stringify(f.name))
  let out = ''
  for (let r = 0, n = rowCount(t); r < n; r++) {
    // Built as text: field names are user data (`__proto__` must stay an ordinary key).
    out += `{${keys.map((k, c) => `${k}:${stringifyWire(cols[c]?.[r] ?? null)}`).join(',')}}\n`
  }
  return out
}

/** RFC 4180 CSV with a header row; nested values as JSON text, null as an empty cell. */
export function csvText(t: WireTable): string {
  const cols = t.columns ?? []
  const lines = [t.fields.map((f) => csvCell(f.name)).join(',')]
  for (let r = 0, n = rowCount(t); r < n; r++) {
    lines.push(t.fields.map((_f, c) => csvCell(csvValue(cols[c]?.[r]))).join(','))
  }
  return `${lines.join('\n')}\n`
}

function csvValue(v: WireCell | undefined): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'object') return stringifyWire(v)
  return String(v)
}

function csvCell(s: string): string {
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}
