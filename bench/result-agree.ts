// bench/result-agree.ts: the benchmark's agreement check: two engines' answers normalized to
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
  /** Rows in the answer before merging. */
  readonly count: number
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
  return { rows, merged, count: n }
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
  return normalizeRows(c, 'DuckDB', reader.columnNames(), reader.getRowsJS())
}

/** A SQL peer's rows (JS values, named columns) reduced to the case's compared columns. */
export function normalizeRows(
  c: QueryCase,
  engine: string,
  names: readonly string[],
  rows: readonly (readonly unknown[])[],
): Normalized {
  const idx = c.cols.map((name) => {
    const i = names.indexOf(name)
    if (i < 0) throw new Error(`query ${c.id}: ${engine} result has no column ${name}`)
    return i
  })
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

/** Differences between apldb's answer and a peer's (empty when they agree), at most `max` described. */
export function disagreements(
  c: QueryCase,
  apl: Normalized,
  duck: Normalized,
  max = 3,
  peer = 'DuckDB',
): string[] {
  const out: string[] = []
  if (c.sameRowCount && apl.count !== duck.count) out.push(`rows: apldb ${apl.count}, ${peer} ${duck.count}`)
  if (apl.rows.size !== duck.rows.size) out.push(`keys: apldb ${apl.rows.size}, ${peer} ${duck.rows.size}`)
  // At a top-N cut, equal counts may keep different keys: one side's extra key must tie the other's last.
  const smallest = (n: Normalized) => Math.min(...[...n.rows.values()].map((v) => v[0]))
  const tie = (v: readonly number[], other: Normalized) => c.tiesAtCut === true && v[0] === smallest(other)
  for (const [key, a] of apl.rows) {
    if (out.length >= max) break
    const d = duck.rows.get(key)
    if (!d) {
      if (!tie(a, duck)) out.push(`key ${key}: only in apldb (${a.join(', ')})`)
    } else if (a.some((x, i) => !close(x, d[i], c.tol)))
      out.push(`key ${key}: apldb ${a.join(', ')} vs ${peer} ${d.join(', ')}`)
  }
  for (const [key, d] of duck.rows) {
    if (out.length >= max) break
    if (!apl.rows.has(key) && !tie(d, apl)) out.push(`key ${key}: only in ${peer} (${d.join(', ')})`)
  }
  return out
}
