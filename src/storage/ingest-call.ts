// storage/ingest-call.ts: one ingest call from raw input to normalized events and the status
// reported back (api-contract.md §3.4). Parsing and per-event rules live in ingest/; this module
// only strings them together. One bad event fails alone, never the batch.
import { formatRfc3339Nano } from '../util/time/index.ts'
import { type IngestFormat, normalizeEvent, parseInput } from './ingest/index.ts'
import type { FlatEvent } from './types.ts'

/** Options of `store.ingest` (the HTTP layer maps its query parameters and headers onto these). */
export interface IngestOptions {
  /** Input format; sniffed from the first character of text input when omitted. */
  readonly format?: IngestFormat
  /** Field to take `_time` from (default `_time`). */
  readonly timestampField?: string
  /** A Go reference-time layout for the timestamp field (default: auto-detect). */
  readonly timestampFormat?: string
  readonly csvDelimiter?: string
  /** CSV column names when the CSV has no header row. */
  readonly csvFields?: readonly string[]
  /** Merged into every event (label values win). */
  readonly labels?: Readonly<Record<string, unknown>>
  /** Extra bytes to count in `processedBytes` (the HTTP layer passes the labels header length). */
  readonly extraProcessedBytes?: number
}

/** The ingest result (Axiom's `IngestStatus`). */
export interface IngestStatus {
  ingested: number
  failed: number
  failures: { timestamp: string; error: string }[]
  processedBytes: number
  blocksCreated: number
  walLength: number
}

/** Input accepted by `store.ingest`: event objects, or JSON / NDJSON / CSV text or bytes. */
export type IngestInput = readonly unknown[] | string | Uint8Array

/** Parse and normalize one call's input; `now` is both receive and ingest time. */
export function prepareIngest(
  input: IngestInput,
  opts: IngestOptions,
  now: bigint,
): { events: FlatEvent[]; status: IngestStatus } {
  let raw: readonly unknown[]
  let bytes = 0
  const failures: { timestamp: string; error: string }[] = []
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const parsed = parseInput(input, {
      format: opts.format,
      csvDelimiter: opts.csvDelimiter,
      csvFields: opts.csvFields,
    })
    raw = parsed.events
    bytes = parsed.bytes
    for (const e of parsed.errors) failures.push({ timestamp: formatRfc3339Nano(now), error: e.error })
  } else {
    raw = input
  }
  const events: FlatEvent[] = []
  const norm = {
    timestampField: opts.timestampField,
    timestampFormat: opts.timestampFormat,
    labels: opts.labels,
    receiveTime: now,
    sysTime: now,
  }
  for (const r of raw) {
    const res = normalizeEvent(r, norm)
    if (res.ok) events.push(res.event)
    else failures.push({ timestamp: formatRfc3339Nano(res.time), error: res.error })
  }
  return {
    events,
    status: {
      ingested: events.length,
      failed: failures.length,
      failures,
      processedBytes: bytes + (opts.extraProcessedBytes ?? 0),
      blocksCreated: 0,
      walLength: events.length,
    },
  }
}
