// cli/result-formats.ts: the row formats of `apldb query` beyond the table: TSV, Markdown and the
// vertical (one field per line) layout, each with an optional header. Strings in, text out.

import type { WireCell, WireTable } from '../wire/index.ts'
import { displayWidth, pad } from './display-width.ts'
import { cellText, csvText, ndjsonText, rowCount } from './result-output.ts'

/** Output formats of `apldb query` (names are matched case-insensitively). */
export const QUERY_FORMATS = ['table', 'json', 'ndjson', 'csv', 'tsv', 'markdown', 'vertical'] as const
/** One output format. */
export type QueryFormat = (typeof QUERY_FORMATS)[number]

/** Formats whose rows can be written page by page as they arrive (no widths to agree on). */
export const STREAMED_FORMATS: ReadonlySet<QueryFormat> = new Set(['ndjson', 'csv', 'tsv'])

/** A TSV cell: tabs, line breaks and backslashes escaped (the `\t` `\n` `\\` convention). */
function tsvCell(v: WireCell | undefined): string {
  const s = v === null || v === undefined ? '' : typeof v === 'string' ? v : cellText(v)
  return s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
}

/** Tab-separated rows, with a header line unless `header` is false. */
export function tsvText(t: WireTable, header: boolean): string {
  const cols = t.columns ?? []
  const lines = header ? [t.fields.map((f) => tsvCell(f.name)).join('\t')] : []
  for (let r = 0, n = rowCount(t); r < n; r++)
    lines.push(t.fields.map((_f, c) => tsvCell(cols[c]?.[r])).join('\t'))
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`
}

/** CSV rows (RFC 4180), without the header line when `header` is false. */
export function csvRows(t: WireTable, header: boolean): string {
  const text = csvText(t)
  return header ? text : text.slice(text.indexOf('\n') + 1)
}

/** A GitHub Markdown table (pipes escaped, null as an empty cell). */
export function markdownText(t: WireTable, header: boolean): string {
  const cols = t.columns ?? []
  const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|')
  const lines: string[] = []
  if (header) {
    lines.push(`| ${t.fields.map((f) => cell(f.name)).join(' | ')} |`)
    lines.push(`| ${t.fields.map((f) => (/integer|float/.test(f.type) ? '---:' : '---')).join(' | ')} |`)
  }
  for (let r = 0, n = rowCount(t); r < n; r++) {
    lines.push(`| ${t.fields.map((_f, c) => cell(cellText(cols[c]?.[r]))).join(' | ')} |`)
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`
}

/** One block per row: `-[ RECORD n ]-` then `name | value` lines (psql's expanded display). */
export function verticalText(t: WireTable, header: boolean, firstRow = 1): string {
  const cols = t.columns ?? []
  const width = Math.max(0, ...t.fields.map((f) => displayWidth(f.name)))
  const out: string[] = []
  for (let r = 0, n = rowCount(t); r < n; r++) {
    if (header) out.push(`-[ RECORD ${firstRow + r} ]${'-'.repeat(Math.max(3, width - 8))}`)
    for (let c = 0; c < t.fields.length; c++) {
      const v = cols[c]?.[r]
      out.push(`${pad(t.fields[c].name, width)} | ${v === null || v === undefined ? 'null' : cellText(v)}`)
    }
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`
}

/** NDJSON of `t` (no header in this format). */
export function ndjsonRows(t: WireTable): string {
  return ndjsonText(t)
}
