// service/ingest-shape.ts: the per-request event limit of ingest (10,000 events, Axiom's batch
// limit), checked on the raw body before the store parses it. A native byte count gives an upper
// bound; a body whose bound is over the limit is counted exactly: NDJSON by its non-blank lines (and
// its first line parsed alone), anything else by parsing it once more. A 32 MiB NDJSON body over the
// limit is refused in a byte scan, not a parse of every line on the event loop.
import { parseInput } from '../storage/ingest/index.ts'
import type { IngestFormat } from '../storage/ingest/parse-input.ts'
import { badRequest } from './service-error.ts'

/** Most events one ingest request may carry (api-contract.md §3.2). */
export const MAX_EVENTS_PER_REQUEST = 10_000

/** How the store will read the body. */
export interface IngestShapeOptions {
  readonly format?: IngestFormat
  readonly csvDelimiter?: string
  readonly csvFields?: readonly string[]
}

/** Occurrences of byte `c` in `b`, stopping once past `stop` (Buffer#indexOf is native). */
function countByte(b: Buffer, c: number, stop: number): number {
  let n = 0
  for (let from = b.indexOf(c, 0); from >= 0 && n <= stop; from = b.indexOf(c, from + 1)) n++
  return n
}

function firstByte(b: Buffer): number {
  let i = b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0
  while (i < b.length && (b[i] === 32 || b[i] === 9 || b[i] === 10 || b[i] === 13)) i++
  return i < b.length ? b[i] : -1
}

const BOM = [0xef, 0xbb, 0xbf]
const utf8 = new TextDecoder('utf-8')

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13
}

function blank(b: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(b[i])) return false
  return true
}

/**
 * The records the store will read from an NDJSON body (parse-input.ts): one per non-blank line,
 * unless the body is one multi-line object, which it can only be when its first non-blank line is
 * not a JSON value by itself. Counts up to `stop` + 1 (enough to refuse). Undefined when the first
 * line does not parse alone: the body may be one pretty-printed object (count by parsing).
 */
function ndjsonRecords(b: Buffer, stop: number): number | undefined {
  let records = 0
  let first: readonly [number, number] | undefined
  const start = BOM.every((x, i) => b[i] === x) ? BOM.length : 0
  for (let pos = start; pos < b.length && records <= stop; ) {
    let end = b.indexOf(10, pos)
    if (end < 0) end = b.length
    if (!blank(b, pos, end)) {
      records++
      first ??= [pos, end]
    }
    pos = end + 1
  }
  if (records <= 1 || first === undefined) return records
  try {
    JSON.parse(utf8.decode(b.subarray(first[0], first[1])))
  } catch {
    return undefined
  }
  return records
}

/**
 * An upper bound on the events in `body`: CSV and NDJSON have at most one per line; a JSON array
 * at most one per `{` (an element that is not an object is not an event).
 */
function eventBound(b: Buffer, format: IngestFormat | undefined, stop: number): number {
  if (format !== 'csv' && firstByte(b) === 91) return countByte(b, 123, stop)
  return countByte(b, 10, stop) + 1
}

/** Throws 400 `too_many_events` when the body carries more than `maxEvents` records. */
export function checkIngestShape(
  body: Uint8Array,
  opts: IngestShapeOptions,
  maxEvents = MAX_EVENTS_PER_REQUEST,
): void {
  const b = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  if (eventBound(b, opts.format, maxEvents) <= maxEvents) return
  let exact = opts.format !== 'csv' && firstByte(b) === 123 ? ndjsonRecords(b, maxEvents) : undefined
  // Else count exactly as the store will (a pretty-printed object spans many lines, a quoted CSV
  // cell many rows). Unreadable input is left for the store to report with its own error.
  if (exact === undefined) {
    try {
      const p = parseInput(body, opts)
      exact = p.events.length + p.errors.length
    } catch {
      return
    }
  }
  if (exact > maxEvents) {
    throw badRequest(
      'too_many_events',
      `an ingest request may carry at most ${maxEvents} events, this one has ${exact}; split it into smaller batches`,
    )
  }
}
