// service/ingest-shape.ts: the per-request event limit of ingest (10,000 events, Axiom's batch
// limit), checked on the raw body before the store parses it. A native byte count gives an upper
// bound; only a body whose bound is over the limit is parsed (once more) to count exactly.
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
  // Rare: count exactly as the store will (a pretty-printed object spans many lines, a quoted CSV
  // cell many rows). Unreadable input is left for the store to report with its own error.
  let exact: number
  try {
    const p = parseInput(body, opts)
    exact = p.events.length + p.errors.length
  } catch {
    return
  }
  if (exact > maxEvents) {
    throw badRequest(
      'too_many_events',
      `an ingest request may carry at most ${maxEvents} events, this one has ${exact}; split it into smaller batches`,
    )
  }
}
