// bench/result-agree.ts: the benchmark's agreement check: both engines' answers normalized to
// key → values maps (datetimes as epoch µs, keys as strings) and compared with a tolerance.
// Reports differences; never throws on them (the benchmark prints and goes on).
import type { DuckDBResultReader } from '@duckdb/node-api'
import type { Cell, QueryResult } from '../src/index.ts'
import type { QueryCase } from './query-cases.ts'

/** One side's answer: compared values by row key, and how many rows had to be merged. */
export interface Normalized {
  readonly rows: Map<string, number[]>
  /** Rows whose key repeated after normalization (apldb keeps the number 200 apart from '200'). */
  readonly merged: number
}

function keyText(cell: unknown, datetime: boolean): string {
  if (cell === null || cell === undefined) return 'null'
  // apldb datetimes are epoch ns; the SQL side returns epoch µs.
  if (datetime && typeof cell === 'bigint') return String(cell / 1000n)
  return String(cell)
}

function collect(
  c: QueryCase,
  n: number,
  cell: (row: number, col: number) => unknown,
  datetime: (col: number) => boolean,
): Normalized {
  const rows = new Map<string, number[]>()
  let merged = 0
  for (let r = 0; r < n; r++) {
    const parts: string[] = []
    for (let k = 0; k < c.keys; k++) parts.push(keyText(cell(r, k), datetime(k)))
    const key = c.keys === 0 ? String(r) : parts.join(' | ')
    const values: number[] = []
    for (let v = c.keys; v < c.cols.length; v++) values.push(Number(cell(r, v)))
    const prev = rows.get(key)
    if (prev) {
      // Only counts reach here (status split by type); summing restores the string-keyed group.
      merged++
      for (let i = 0; i < values.length; i++) prev[i] += values[i]
    } else rows.set(key, values)
  }
  return { rows, merged }
}

/** apldb's first result table reduced to the case's compared columns. */
export function normalizeApldb(c: QueryCase, result: QueryResult): Normalized {
  const table = result.tables.find((t) => t.name === '0') ?? result.tables[0]
  const idx = c.cols.map((name) => {
    const i = table.fields.findIndex((f) => f.name === name)
    if (i < 0) throw new Error(`query ${c.id}: apldb result has no column ${name}`)
    return i
  })
  const n = table.columns[0]?.length ?? 0
  const cols: (readonly Cell[])[] = idx.map((i) => table.columns[i])
  return collect(
    c,
    n,
    (r, k) => cols[k][r],
    (k) => table.fields[idx[k]].type === 'datetime',
  )
}

/** DuckDB's result reduced to the case's compared columns. */
export function normalizeDuck(c: QueryCase, reader: DuckDBResultReader): Normalized {
  const names = reader.columnNames()
  const idx = c.cols.map((name) => {
    const i = names.indexOf(name)
    if (i < 0) throw new Error(`query ${c.id}: DuckDB result has no column ${name}`)
    return i
  })
  const rows = reader.getRowsJS()
  return collect(
    c,
    rows.length,
    (r, k) => rows[r][idx[k]],
    () => false,
  )
}

function close(a: number, b: number, tol: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b)
  return Math.abs(a - b) <= tol * Math.max(Math.abs(a), Math.abs(b)) + 1e-12
}

/** Differences between the two answers (empty when they agree), at most `max` described. */
export function disagreements(c: QueryCase, apl: Normalized, duck: Normalized, max = 3): string[] {
  const out: string[] = []
  if (apl.rows.size !== duck.rows.size) out.push(`rows: apldb ${apl.rows.size}, DuckDB ${duck.rows.size}`)
  for (const [key, a] of apl.rows) {
    if (out.length >= max) break
    const d = duck.rows.get(key)
    if (!d) out.push(`key ${key}: only in apldb (${a.join(', ')})`)
    else if (a.some((x, i) => !close(x, d[i], c.tol)))
      out.push(`key ${key}: apldb ${a.join(', ')} vs DuckDB ${d.join(', ')}`)
  }
  for (const key of duck.rows.keys()) {
    if (out.length >= max) break
    if (!apl.rows.has(key)) out.push(`key ${key}: only in DuckDB`)
  }
  return out
}
