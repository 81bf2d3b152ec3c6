// ops/external-data-read.ts: externaldata's text → rows of cells typed by the declared columns.
// csv/scsv/tsv/psv: RFC 4180 records (`"` quotes, `""` inside), columns by position; json/multijson/
// ndjson: one JSON array of objects, one object, or one object per line, columns by name; raw/txt: one
// record per line, in the first column. An empty cell is null; a value that does not convert to its
// column's type fails the query (ExecError `external_data_invalid`), naming the source, record and column.
import type { AplType } from '../../catalog/index.ts'
import type { ExternalFormat, RowSchema } from '../../plan/index.ts'
import { ExecError } from '../exec-error.ts'
import type { Cell } from '../result.ts'
import { convertCapture } from './parse-capture.ts'

const DELIMITER: Partial<Record<ExternalFormat, string>> = { csv: ',', scsv: ';', tsv: '\t', psv: '|' }

/** Rows (one cell per schema column) of one source's text. */
export function readRecords(
  text: string,
  format: ExternalFormat,
  schema: RowSchema,
  ignoreFirst: boolean,
  url: string,
): Cell[][] {
  const delimiter = DELIMITER[format]
  const raw: (readonly (string | undefined)[] | Record<string, unknown>)[] =
    delimiter !== undefined
      ? csvRecords(text, delimiter, url)
      : format === 'raw' || format === 'txt'
        ? lines(text).map((l) => [l])
        : jsonRecords(text, url)
  const records = ignoreFirst ? raw.slice(1) : raw
  return records.map((r, k) =>
    schema.map((c, i) => {
      const v = Array.isArray(r) ? r[i] : (r as Record<string, unknown>)[c.name]
      return typed(v, c.type, () => `${url}: record ${k + 1 + (ignoreFirst ? 1 : 0)}, column '${c.name}'`)
    }),
  )
}

function lines(text: string): string[] {
  const out = text.split(/\r\n|\n|\r/)
  if (out.length > 0 && out[out.length - 1] === '') out.pop()
  return out
}

/** One value as a cell of `type`; empty or absent → null. */
function typed(v: unknown, type: AplType, where: () => string): Cell {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'string') {
    const c = convertCapture(type, type === 'string' || type === 'dynamic' ? v : v.trim())
    if (c === undefined) throw invalid(`${where()}: ${JSON.stringify(v.slice(0, 40))} is not a ${type}`)
    return c
  }
  if (type === 'string') return typeof v === 'object' ? JSON.stringify(v) : String(v)
  if (type === 'dynamic' || type === 'unknown') return v as Cell
  if (
    (type === 'long' && typeof v === 'number' && Number.isInteger(v)) ||
    (type === 'real' && typeof v === 'number')
  )
    return v
  if (type === 'bool' && typeof v === 'boolean') return v
  throw invalid(`${where()}: ${JSON.stringify(v)?.slice(0, 40)} is not a ${type}`)
}

function invalid(message: string): ExecError {
  return new ExecError('external_data_invalid', `externaldata: ${message}`)
}

/** RFC 4180 records; a blank line is skipped. */
function csvRecords(text: string, delimiter: string, url: string): string[][] {
  const out: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  let i = 0
  const endRow = () => {
    row.push(cell)
    if (!(row.length === 1 && row[0] === '')) out.push(row)
    row = []
    cell = ''
  }
  while (i < text.length) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i += 2
        continue
      }
      if (c === '"') quoted = false
      else cell += c
      i++
      continue
    }
    if (c === '"' && cell === '') quoted = true
    else if (c === delimiter) {
      row.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      endRow()
      if (c === '\r' && text[i + 1] === '\n') i++
    } else cell += c
    i++
  }
  if (quoted) throw invalid(`${url}: a quoted field is not closed`)
  if (cell !== '' || row.length > 0) endRow()
  return out
}

/** A JSON array of objects, one object, or one object per line. */
function jsonRecords(text: string, url: string): Record<string, unknown>[] {
  const whole = text.trim()
  if (whole === '') return []
  try {
    const v = JSON.parse(whole) as unknown
    if (Array.isArray(v)) return v.map((o) => asObject(o, url))
    return [asObject(v, url)]
  } catch (e) {
    if (e instanceof ExecError) throw e
  }
  return lines(text)
    .filter((l) => l.trim() !== '')
    .map((l, k) => {
      try {
        return asObject(JSON.parse(l), url)
      } catch (e) {
        if (e instanceof ExecError) throw e
        throw invalid(`${url}: line ${k + 1} is not JSON`)
      }
    })
}

function asObject(v: unknown, url: string): Record<string, unknown> {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>
  throw invalid(`${url}: a JSON record is not an object`)
}
