// test/reference/external-data.ts: the oracle's externaldata (rules 246–247): only `file:` URLs, read
// whole from disk; records split by its own reading of Axiom's formats; values typed by the oracle's
// conversions.

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { LogicalOf } from '../../src/plan/index.ts'
import type { Row } from './context.ts'
import { parseDateText, parseNumber } from './convert.ts'
import { DateTime, fromJson, type Json, type Value } from './values.ts'

const SEPARATOR: Record<string, string> = { csv: ',', scsv: ';', tsv: '\t', psv: '|' }

/** Rule 246: delimited text: a cell in double quotes may hold the separator, newlines and `""` (one quote). */
function delimited(text: string, sep: string): string[][] {
  const records: string[][] = []
  let fields: string[] = []
  let field = ''
  let inQuotes = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (inQuotes) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') inQuotes = false
      else field += ch
    } else if (ch === '"' && field === '') inQuotes = true
    else if (ch === sep) {
      fields.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      fields.push(field)
      if (fields.length > 1 || fields[0] !== '') records.push(fields)
      fields = []
      field = ''
    } else field += ch
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field)
    records.push(fields)
  }
  return records
}

/** Rule 247: a value as the column's type; empty → null. */
function asType(type: string, v: unknown): Value {
  if (v === undefined || v === null || v === '') return null
  if (type === 'string') return typeof v === 'string' ? v : JSON.stringify(v)
  if (type === 'dynamic') return typeof v === 'string' ? v : fromJson(v as Json)
  const s = typeof v === 'string' ? v.trim() : v
  if (type === 'long') return typeof s === 'number' ? BigInt(s) : BigInt(String(s))
  if (type === 'real') return typeof s === 'number' ? s : Number(parseNumber(String(s)))
  if (type === 'bool') return typeof s === 'boolean' ? s : String(s).toLowerCase() === 'true'
  if (type === 'datetime') return new DateTime(parseDateText(String(s)) as bigint)
  throw new Error(`reference: externaldata of type ${type}`)
}

/** The rows of an ExternalData node. */
export function externalDataRows(n: LogicalOf<'ExternalData'>): Row[] {
  const out: Row[] = []
  for (const url of n.urls) {
    const text = readFileSync(fileURLToPath(url), 'utf8')
    const sep = SEPARATOR[n.format]
    let records: unknown[]
    if (sep !== undefined) records = delimited(text, sep)
    else if (n.format === 'raw' || n.format === 'txt')
      records = text
        .split(/\r?\n/)
        .filter((l, i, a) => i < a.length - 1 || l !== '')
        .map((l) => [l])
    else {
      const t = text.trim()
      let parsed: unknown
      try {
        parsed = JSON.parse(t)
        records = Array.isArray(parsed) ? parsed : [parsed]
      } catch {
        records = t
          .split(/\r?\n/)
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l))
      }
    }
    for (const r of n.ignoreFirstRecord ? records.slice(1) : records) {
      out.push(
        new Map(
          n.schema.map((c, i) => [
            c.name,
            asType(c.type, Array.isArray(r) ? r[i] : (r as Record<string, unknown>)[c.name]),
          ]),
        ),
      )
    }
  }
  return out
}
