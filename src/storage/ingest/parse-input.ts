// storage/ingest/parse-input.ts: raw ingest bytes/text → raw event values (JSON array, NDJSON, a
// single object, or CSV). Per-event problems become `errors` entries; only input that cannot be
// read at all throws `IngestInputError`. Never normalizes events (see normalize.ts).

import { Buffer } from 'node:buffer'
import { parseJsonExact } from '../../util/json-exact.ts'
import type { StepClock } from '../../util/loop-turn.ts'
import { runSteps } from '../../util/steps.ts'
import { parseCsv } from './csv.ts'
import { IngestInputError } from './errors.ts'

/** Input formats: `json` and `ndjson` are both sniffed (`[` array, `{` NDJSON / one object). */
export type IngestFormat = 'json' | 'ndjson' | 'csv'

/** How to read the input. */
export interface ParseOptions {
  /** Absent, `json` or `ndjson`: sniff the first non-whitespace character. `csv`: CSV. */
  format?: IngestFormat
  /** CSV delimiter (one character, default `,`). */
  csvDelimiter?: string
  /** CSV column names when there is no header row (empty list or `['']` = header row). */
  csvFields?: readonly string[]
  /**
   * JSON integer literals beyond ±2^53 become exact bigints (util/json-exact.ts) instead of rounded
   * numbers; slower, so ingest-call.ts asks only when the plain parse met a number that large.
   */
  exactIntegers?: boolean
}

type JsonParse = (text: string) => unknown

/** Raw events in input order, per-event errors, and the input size. */
export interface ParsedInput {
  /** Raw event values (objects) in input order; failed records are left out. */
  events: unknown[]
  /** Failed records; `index` = 0-based position among the input's records (blank lines skipped). */
  errors: { index: number; error: string }[]
  /** UTF-8 byte length of the input as given (a BOM included). */
  bytes: number
}

const FORMATS: ReadonlySet<string> = new Set(['json', 'ndjson', 'csv'])
/** Non-fatal decoder: invalid UTF-8 becomes U+FFFD; a leading BOM is dropped. */
const decoder = new TextDecoder('utf-8')
const MAX_MESSAGE = 200

/**
 * Reads ingest input into raw events. Without a format (or `json`/`ndjson`): a body starting with
 * `[` is one JSON array (malformed → `IngestInputError('invalid_json')`; a non-object element fails
 * alone); one starting with `{` is NDJSON (one object per line, blank lines skipped, a bad line
 * fails alone) or, when line splitting fails, one multi-line object. Empty or whitespace-only
 * input yields no events. Anything else throws `IngestInputError('unsupported_format')`.
 */
export function parseInput(input: string | Uint8Array, opts: ParseOptions = {}): ParsedInput {
  return runSteps(parseInputSteps(input, opts))
}

/**
 * `parseInput` in steps: NDJSON pauses between lines whenever `clock` says its piece ran its time
 * (10,000 lines took 20–50 ms in one piece); a JSON array or CSV is read in one. Without a clock, never.
 */
export function* parseInputSteps(
  input: string | Uint8Array,
  opts: ParseOptions = {},
  clock?: StepClock,
): Generator<void, ParsedInput> {
  if (opts.format !== undefined && !FORMATS.has(opts.format)) {
    throw new IngestInputError(
      'unsupported_format',
      `unsupported ingest format ${JSON.stringify(opts.format)}`,
    )
  }
  let text: string
  let bytes: number
  if (typeof input === 'string') {
    bytes = Buffer.byteLength(input, 'utf8')
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  } else {
    bytes = input.byteLength
    text = decoder.decode(input)
  }
  if (opts.format === 'csv') {
    const csv = parseCsv(text, { delimiter: opts.csvDelimiter, fields: opts.csvFields })
    return { events: csv.events, errors: csv.errors, bytes }
  }
  const first = firstNonSpace(text)
  if (first === text.length) return { events: [], errors: [], bytes }
  const c = text.charCodeAt(first)
  const parse: JsonParse = opts.exactIntegers ? parseJsonExact : JSON.parse
  if (c === 91) return { ...parseJsonArray(text, parse), bytes } // '['
  if (c === 123) return { ...(yield* parseNdjson(text, parse, clock)), bytes } // '{'
  throw new IngestInputError(
    'unsupported_format',
    `ingest input must be a JSON array, NDJSON objects or CSV (set the format); it starts with ${JSON.stringify(text.slice(first, first + 16))}`,
  )
}

type Parsed = Omit<ParsedInput, 'bytes'>

function parseJsonArray(text: string, parse: JsonParse): Parsed {
  let arr: unknown[]
  try {
    arr = parse(text) as unknown[]
  } catch (e) {
    throw new IngestInputError('invalid_json', `invalid JSON array: ${message(e)}`)
  }
  // JSON.parse on a text starting with '[' yields an array, or throws.
  const events: unknown[] = []
  const errors: { index: number; error: string }[] = []
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i]
    if (isObject(v)) events.push(v)
    else errors.push({ index: i, error: `event ${i} is not a JSON object (got ${kind(v)})` })
  }
  return { events, errors }
}

function* parseNdjson(text: string, parse: JsonParse, clock: StepClock | undefined): Generator<void, Parsed> {
  const events: unknown[] = []
  const errors: { index: number; error: string }[] = []
  const len = text.length
  let index = 0
  let line = 1
  for (let pos = 0; pos < len; line++) {
    if (clock?.due()) {
      yield
      clock.restart()
    }
    let end = text.indexOf('\n', pos)
    if (end < 0) end = len
    if (!isBlank(text, pos, end)) {
      try {
        const v: unknown = parse(text.slice(pos, end))
        if (isObject(v)) events.push(v)
        else errors.push({ index, error: `line ${line}: not a JSON object (got ${kind(v)})` })
      } catch (e) {
        errors.push({ index, error: `line ${line}: invalid JSON: ${message(e)}` })
      }
      index++
    }
    pos = end + 1
  }
  if (errors.length > 0) {
    // Maybe one pretty-printed object rather than NDJSON.
    try {
      const v: unknown = parse(text)
      if (isObject(v)) return { events: [v], errors: [] }
    } catch {
      // not a single object either: keep the per-line result
    }
  }
  return { events, errors }
}

function firstNonSpace(text: string): number {
  let i = 0
  while (i < text.length && isJsonSpace(text.charCodeAt(i))) i++
  return i
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isJsonSpace(text.charCodeAt(i))) return false
  return true
}

function isJsonSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13
}

function isObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function kind(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`
}

function message(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e)
  return m.length > MAX_MESSAGE ? m.slice(0, MAX_MESSAGE) + '…' : m
}
