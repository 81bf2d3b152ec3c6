// test/apl/apl-test-file.ts: the `.apl-test` file format (STYLE.md rule 10): parsing into directives
// and records, rendering a result table as typed text rows, and writing a file back (update mode).
// Owns the text format only; it never runs a query.
import type { Cell, ResultTable } from '../../src/exec/result.ts'
import { formatGoDuration } from '../../src/util/time/duration.ts'
import { formatRfc3339Nano } from '../../src/util/time/format.ts'

/** One `query` record: header flags, APL text, expected lines, and where it sits in the file. */
export interface AplTestRecord {
  /** One letter per result column (see TYPE_LETTERS); empty for an expected error. */
  types: string
  /** Compare rows as a sorted multiset rather than in order. */
  readonly rowsort: boolean
  /**
   * The engine is expected to answer `not supported yet` (APL0307 at bind time, or `not_supported`
   * at run time): header word `unsupported`. Without it such an answer fails the record; with it an
   * engine that does run the query fails it too (the marker must go). The expected block still holds
   * what the reference evaluator answers (or the APL0307 line, which then must match exactly).
   */
  readonly unsupported: boolean
  readonly apl: string
  /** Expected lines: tab-separated rows, or one `error APLnnnn @start+length` line. */
  expected: string[]
  /** 1-based line of the `query` header. */
  readonly line: number
  /** Line indices [start, end) of the expected block in the file (for update mode). */
  readonly expectedLines: readonly [number, number]
}

/** A parsed `.apl-test` file. */
export interface AplTestFile {
  readonly name: string
  readonly description: string
  /** `load …` directives, in order (`load logs`, `load users`, `load http 200 seed=7`). */
  readonly loads: readonly string[]
  /** Rows per sealed block of the file's store (`blocks N`, default 8). */
  readonly blockRows: number
  readonly records: readonly AplTestRecord[]
  readonly lines: readonly string[]
}

/** Column type letters: the result field's APL type → letter. */
export const TYPE_LETTERS: Readonly<Record<string, string>> = {
  bool: 'B',
  long: 'I',
  int: 'I',
  real: 'R',
  string: 'T',
  datetime: 'D',
  timespan: 'S',
  dynamic: 'J',
  unknown: 'U',
}

/** Parses `text`; throws with the line number on a malformed record. */
export function parseAplTestFile(text: string, file: string): AplTestFile {
  const lines = text.split('\n')
  let name = ''
  let description = ''
  const loads: string[] = []
  let blockRows = 8
  const records: AplTestRecord[] = []
  let i = 0
  const fail = (msg: string): never => {
    throw new Error(`${file}:${i + 1}: ${msg}`)
  }
  while (i < lines.length) {
    const line = lines[i]
    if (line.startsWith('# name:')) name = line.slice(7).trim()
    else if (line.startsWith('# description:')) description = line.slice(14).trim()
    else if (line.startsWith('load ')) loads.push(line.slice(5).trim())
    else if (line.startsWith('blocks ')) blockRows = Number(line.slice(7))
    else if (line.startsWith('query')) {
      const header = i
      const words = line.split(/\s+/).slice(1)
      const rowsort = words.includes('rowsort')
      const unsupported = words.includes('unsupported')
      const types = words.filter((w) => !['rowsort', 'unsupported', 'error'].includes(w)).join('')
      if (/[^BIRTDSJU]/.test(types)) fail(`unknown type letters '${types}'`)
      const apl: string[] = []
      for (i++; i < lines.length && lines[i] !== '----'; i++) apl.push(lines[i])
      if (i >= lines.length) fail('query without ----')
      const start = ++i
      while (i < lines.length && lines[i] !== '') i++
      records.push({
        types,
        rowsort,
        unsupported,
        apl: apl.join('\n'),
        expected: lines.slice(start, i),
        line: header + 1,
        expectedLines: [start, i],
      })
      continue
    } else if (line !== '' && !line.startsWith('#')) fail(`unexpected line '${line}'`)
    i++
  }
  if (!name || !description) throw new Error(`${file}: missing '# name:' or '# description:' header`)
  return { name, description, loads, blockRows, records, lines }
}

function escapeText(s: string): string {
  if (s === '') return '(empty)'
  return s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n')
}

const jsonOf = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}` : x))

/** The text of one cell of a column of APL type `type` (`NULL` for null, `(empty)` for ""). */
export function formatCell(c: Cell, type: string): string {
  if (c === null) return 'NULL'
  if (type === 'datetime' && typeof c === 'bigint') return formatRfc3339Nano(c)
  if (type === 'timespan' && typeof c === 'bigint') return formatGoDuration(c)
  if (typeof c === 'string') return escapeText(c)
  if (typeof c === 'number' || typeof c === 'bigint' || typeof c === 'boolean') return String(c)
  return escapeText(jsonOf(c))
}

/** Type letters and text rows of a result table. */
export function renderTable(t: ResultTable): { types: string; rows: string[] } {
  const types = t.fields.map((f) => TYPE_LETTERS[f.type] ?? 'U').join('')
  const n = t.columns[0]?.length ?? 0
  const rows = Array.from({ length: n }, (_, r) =>
    t.fields.map((f, c) => formatCell(t.columns[c][r], f.type)).join('\t'),
  )
  return { types, rows }
}

/** Two rendered rows equal: cells of real columns within 1e-9 relative, the rest as text. */
export function sameRow(a: string, b: string, types: string): boolean {
  if (a === b) return true
  const [x, y] = [a.split('\t'), b.split('\t')]
  if (x.length !== y.length) return false
  return x.every((cell, i) => {
    if (cell === y[i]) return true
    if (types[i] !== 'R') return false
    const [p, q] = [Number(cell), Number(y[i])]
    return (
      Number.isFinite(p) &&
      Number.isFinite(q) &&
      Math.abs(p - q) <= 1e-9 * Math.max(1, Math.abs(p), Math.abs(q))
    )
  })
}

/** The file text with every record's header types and expected block replaced (update mode). */
export function rewriteFile(f: AplTestFile): string {
  const out = [...f.lines]
  // Back to front, so earlier line indices stay valid while blocks change length.
  for (const r of [...f.records].reverse()) {
    const header = r.line - 1
    out.splice(r.expectedLines[0], r.expectedLines[1] - r.expectedLines[0], ...r.expected)
    const words = [
      'query',
      ...(r.types ? [r.types] : []),
      ...(r.rowsort ? ['rowsort'] : []),
      ...(r.unsupported ? ['unsupported'] : []),
    ]
    out[header] = words.join(' ')
  }
  return out.join('\n')
}
