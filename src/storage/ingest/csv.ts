// storage/ingest/csv.ts: RFC 4180 CSV text → raw event records (one per data row). Owns quoting,
// delimiters and cell typing; never assigns header names onto a plain `{}` (names are user data).
//
// Rules:
// - Fields may be quoted with `"`; inside quotes `""` is a quote, and delimiters, CR and LF are
//   literal. Rows end at LF, CRLF or a lone CR. A `"` inside an unquoted cell is literal.
// - Delimiter: one UTF-16 character (default `,`; '' also means `,`), not `"`, CR or LF; anything
//   else throws `IngestInputError('invalid_csv_delimiter')`.
// - Names: the first row is the header unless `fields` is given; an empty `fields` list or `['']`
//   counts as not given. An empty header cell is named `_col<N>` (N = 1-based column position);
//   duplicate names: the rightmost column wins. A header row that cannot be read throws
//   `IngestInputError('invalid_csv')`.
// - Rows: a cell beyond the header is named `_col<N>` (1-based column position); missing trailing
//   cells are absent. Empty lines are skipped. A row with a quoting error (unterminated quote, text
//   right after a closing quote) is reported as an error for that row alone.
// - Cell typing (quoted or not): empty → absent; a JSON-grammar number (`-?(0|[1-9]\d*)(\.\d+)?
//   ([eE][+-]?\d+)?`) → integer (number when safe, bigint within int64, else float) or float;
//   `true`/`True`/`TRUE` and `false`/`False`/`FALSE` → boolean; anything else stays a string, so
//   `007`, `+1`, `1.` and ` 1` remain strings (no trimming, leading zeros are kept).

import type { FlatValue } from '../types.ts'
import { IngestInputError } from './errors.ts'
import { flatBigint } from './flatten.ts'
import { newRecord } from './null-proto.ts'

/** CSV reading options. */
export interface CsvOptions {
  /** One-character delimiter; default `,`. */
  readonly delimiter?: string
  /** Column names when the text has no header row; empty list or `['']` = absent. */
  readonly fields?: readonly string[]
}

/** Data rows as records, plus per-row errors (`index` = 0-based data-row position). */
export interface CsvResult {
  events: Record<string, FlatValue>[]
  errors: { index: number; error: string }[]
}

const QUOTE = 34
const CR = 13
const LF = 10

/** Parses CSV text (BOM already stripped) into records; see the module header for the rules. */
export function parseCsv(text: string, opts: CsvOptions = {}): CsvResult {
  const reader = new CsvReader(text, delimiterCode(opts.delimiter))
  const given = opts.fields
  let names: string[] | null =
    given && !(given.length === 0 || (given.length === 1 && given[0] === '')) ? [...given] : null
  const events: Record<string, FlatValue>[] = []
  const errors: { index: number; error: string }[] = []
  let index = 0
  for (let cells = reader.next(); cells !== null; cells = reader.next()) {
    if (reader.blank) continue
    if (names === null) {
      if (reader.error !== undefined)
        throw new IngestInputError('invalid_csv', `CSV header row: ${reader.error}`)
      names = cells.map((c, i) => (c === '' ? `_col${i + 1}` : c))
      continue
    }
    if (reader.error !== undefined) errors.push({ index, error: reader.error })
    else events.push(toRecord(cells, names))
    index++
  }
  return { events, errors }
}

function delimiterCode(d: string | undefined): number {
  if (d === undefined || d === '') return 44
  const c = d.charCodeAt(0)
  if (d.length !== 1 || c === QUOTE || c === CR || c === LF) {
    throw new IngestInputError(
      'invalid_csv_delimiter',
      `CSV delimiter must be a single character other than a quote or a line break, got ${JSON.stringify(d)}`,
    )
  }
  return c
}

function toRecord(cells: readonly string[], names: readonly string[]): Record<string, FlatValue> {
  const rec = newRecord<FlatValue>()
  for (let i = 0; i < cells.length; i++) {
    const v = typeCell(cells[i])
    if (v !== undefined) rec[i < names.length ? names[i] : `_col${i + 1}`] = v
  }
  return rec
}

/** Types one cell (see the module header); undefined means absent. */
export function typeCell(s: string): FlatValue | undefined {
  const len = s.length
  if (len === 0) return undefined
  const c = s.charCodeAt(0)
  if ((c >= 48 && c <= 57) || c === 45) return typeNumber(s) ?? s
  if (len === 4 && (s === 'true' || s === 'True' || s === 'TRUE')) return true
  if (len === 5 && (s === 'false' || s === 'False' || s === 'FALSE')) return false
  return s
}

/** A JSON-grammar number, or undefined. */
function typeNumber(s: string): number | bigint | undefined {
  const len = s.length
  let i = s.charCodeAt(0) === 45 ? 1 : 0
  const intStart = i
  if (s.charCodeAt(i) === 48) i++
  else while (isDigit(s.charCodeAt(i))) i++
  if (i === intStart) return undefined
  let integer = true
  if (s.charCodeAt(i) === 46) {
    integer = false
    const fracStart = ++i
    while (isDigit(s.charCodeAt(i))) i++
    if (i === fracStart) return undefined
  }
  const e = s.charCodeAt(i)
  if (e === 101 || e === 69) {
    integer = false
    i++
    const sign = s.charCodeAt(i)
    if (sign === 43 || sign === 45) i++
    const expStart = i
    while (isDigit(s.charCodeAt(i))) i++
    if (i === expStart) return undefined
  }
  if (i !== len) return undefined
  if (integer && len > 15) return flatBigint(BigInt(s))
  const n = Number(s)
  return Number.isFinite(n) ? n : undefined // 1e400 stays a string rather than becoming null
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

/** Pull reader over CSV rows; `error`/`blank` describe the row last returned by `next()`. */
class CsvReader {
  private readonly text: string
  private readonly delim: number
  private pos = 0
  private line = 1
  private lineScan = 0
  /** The last row's quoting error, if any. */
  error: string | undefined = undefined
  /** Whether the last row was an empty line. */
  blank = false

  constructor(text: string, delim: number) {
    this.text = text
    this.delim = delim
  }

  /** 1-based line number of offset `at` (offsets are asked in increasing order). */
  private lineOf(at: number): number {
    for (let i = this.lineScan; i < at; i++) if (this.text.charCodeAt(i) === LF) this.line++
    this.lineScan = at
    return this.line
  }

  /** The next row's cells, or null at the end of the text. */
  next(): string[] | null {
    const text = this.text
    const len = text.length
    if (this.pos >= len) return null
    const rowStart = this.pos
    this.error = undefined
    const cells: string[] = []
    let quotedAny = false
    for (;;) {
      let cell: string
      if (text.charCodeAt(this.pos) === QUOTE) {
        quotedAny = true
        cell = this.quotedCell(rowStart)
      } else {
        const start = this.pos
        let p = start
        while (p < len) {
          const c = text.charCodeAt(p)
          if (c === this.delim || c === LF || c === CR) break
          p++
        }
        cell = text.slice(start, p)
        this.pos = p
      }
      cells.push(cell)
      const c = text.charCodeAt(this.pos)
      if (c === this.delim) {
        this.pos++
        continue
      }
      if (c === CR) this.pos += text.charCodeAt(this.pos + 1) === LF ? 2 : 1
      else if (c === LF) this.pos++
      break
    }
    this.blank = cells.length === 1 && cells[0] === '' && !quotedAny
    return cells
  }

  /** Reads a quoted cell at `pos` (on the opening quote) and stops before the next delimiter/EOL. */
  private quotedCell(rowStart: number): string {
    const text = this.text
    const len = text.length
    const open = this.pos
    let cell = ''
    let start = open + 1
    for (;;) {
      const q = text.indexOf('"', start)
      if (q < 0) {
        this.error ??= `unterminated quoted field (opened on line ${this.lineOf(rowStart) + this.linesBetween(rowStart, open)})`
        this.pos = len
        return cell + text.slice(start)
      }
      if (text.charCodeAt(q + 1) === QUOTE) {
        cell += text.slice(start, q + 1)
        start = q + 2
        continue
      }
      cell += text.slice(start, q)
      this.pos = q + 1
      break
    }
    // Text between the closing quote and the delimiter is kept literally but fails the row.
    let p = this.pos
    while (p < len) {
      const c = text.charCodeAt(p)
      if (c === this.delim || c === LF || c === CR) break
      p++
    }
    if (p > this.pos) {
      this.error ??= `unexpected text after a closing quote on line ${this.lineOf(rowStart) + this.linesBetween(rowStart, this.pos)}`
      cell += text.slice(this.pos, p)
      this.pos = p
    }
    return cell
  }

  private linesBetween(from: number, to: number): number {
    let n = 0
    for (let i = from; i < to; i++) if (this.text.charCodeAt(i) === LF) n++
    return n
  }
}
