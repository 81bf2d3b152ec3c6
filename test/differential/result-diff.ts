// test/differential/result-diff.ts: compares an engine QueryResult with the reference's, the way the
// reference README prescribes: shape (fields, groups, range, buckets, order) exactly, rows in order
// when the plan fixes the order and as multisets otherwise, reals to 1e-9 relative, make_set as sets.
import type { Cell, QueryResult, ResultTable } from '../../src/exec/result.ts'

const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)
/** JSON text of a value with bigints spelled `123n`. */
export const show = (v: unknown): string => JSON.stringify(v, big)

/** Two cells equal: reals within 1e-9 relative (NaN equals NaN, also inside arrays), else by value. */
export function sameCell(a: Cell, b: Cell): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameCell(x as Cell, b[i] as Cell))
  }
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b)
    return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))
  }
  return show(a) === show(b)
}

function rowsOf(table: ResultTable): Cell[][] {
  // make_set promises no element order, so its arrays are compared sorted.
  const unordered = table.fields.map((f) => f.agg?.name === 'makeset')
  const n = table.columns[0]?.length ?? 0
  return Array.from({ length: n }, (_, i) =>
    table.columns.map((c, j) => {
      const v = c[i]
      return unordered[j] && Array.isArray(v) ? [...v].sort((x, y) => (show(x) < show(y) ? -1 : 1)) : v
    }),
  )
}

const shape = (x: ResultTable) =>
  show({
    name: x.name,
    fields: x.fields,
    groups: x.groups,
    range: x.range,
    buckets: x.buckets,
    order: x.order,
  })

/**
 * Sorts each run of rows tying on every order key (those may come in any order, reference README);
 * with `limited` (a top/take cut the rows), the last run keeps only its key cells, since which tied
 * rows survive the cut is unspecified.
 */
function canonicalRuns(rows: Cell[][], keyIdx: number[], limited: boolean): Cell[][] {
  const out: Cell[][] = []
  const key = (row: Cell[]) => show(keyIdx.map((k) => row[k]))
  for (let i = 0; i < rows.length; ) {
    let j = i
    while (j < rows.length && key(rows[j]) === key(rows[i])) j++
    const run = rows.slice(i, j)
    const last = j === rows.length && limited
    const canon = last
      ? run.map((r) => keyIdx.map((k) => r[k]))
      : run.sort((a, b) => (show(a) < show(b) ? -1 : 1))
    out.push(...canon)
    i = j
  }
  return out
}

/** The first difference between `engine` and `ref` as text, or undefined when they agree. */
export function diffResults(
  engine: QueryResult,
  ref: QueryResult,
  ordered: boolean,
  limited = false,
): string | undefined {
  if (engine.tables.length !== ref.tables.length)
    return `tables ${engine.tables.length} vs ${ref.tables.length}`
  for (let t = 0; t < ref.tables.length; t++) {
    const [e, r] = [engine.tables[t], ref.tables[t]]
    if (shape(e) !== shape(r)) return `table ${t} shape:\n  engine ${shape(e)}\n  ref    ${shape(r)}`
    let [er, rr] = [rowsOf(e), rowsOf(r)]
    if (!ordered || r.name === '_totals') {
      const key = (row: Cell[]) => show(row)
      er = [...er].sort((a, b) => (key(a) < key(b) ? -1 : 1))
      rr = [...rr].sort((a, b) => (key(a) < key(b) ? -1 : 1))
    } else {
      const keyIdx = r.order.map((o) => r.fields.findIndex((f) => f.name === o.field))
      er = canonicalRuns(er, keyIdx, limited)
      rr = canonicalRuns(rr, keyIdx, limited)
    }
    if (er.length !== rr.length)
      return `table ${t}: ${er.length} rows vs ${rr.length}\n  engine ${show(er)}\n  ref    ${show(rr)}`
    for (let i = 0; i < rr.length; i++) {
      if (!rr[i].every((c, j) => sameCell(er[i][j], c)))
        return `table ${t} row ${i}:\n  engine ${show(er[i])}\n  ref    ${show(rr[i])}`
    }
  }
  return undefined
}
