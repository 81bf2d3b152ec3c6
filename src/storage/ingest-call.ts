// storage/ingest-call.ts: one ingest call from raw input to normalized events (in columns, ready
// for the WAL) and the status reported back (api-contract.md §3.4). Parsing and per-event rules
// live in ingest/; this module only strings them together. One bad event fails alone.

import { StepClock, TURN_MS } from '../util/loop-turn.ts'
import { runSteps } from '../util/steps.ts'
import { threadCpuUsage } from '../util/thread-cpu.ts'
import { formatRfc3339Nano } from '../util/time/index.ts'
import type { FieldDecls } from './field-decls.ts'
import type { FieldLimits } from './ingest/field-limits.ts'
import {
  ChunkBuilder,
  type ChunkConsumer,
  type IngestFormat,
  type NormalizeOptions,
  parseInputSteps,
} from './ingest/index.ts'
import { encodeWalChunk, placeWalRecord } from './wal/codec.ts'

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

/** One call's accepted events, normalized into columns and encoded as WAL records. */
export interface PreparedEvents {
  /** Events accepted. */
  readonly length: number
  /** One WAL payload per chunk, in order; their first sequence numbers are set when appended. */
  readonly payloads: readonly Uint8Array[]
  /** Events in each payload. */
  readonly counts: readonly number[]
}

/** Work of prepareIngest so far (benchmarks read it): calls, events accepted, thread CPU µs. */
export const prepareStats = { calls: 0, events: 0, cpuUs: 0 }

/**
 * Longest stretch of normalizing between two pauses of `prepareIngestSteps`, ms (the caller lets
 * the event loop run there: 10,000 events over thousands of field names took 100–200 ms in one
 * piece, and 2,048 of them still 150 ms). The clock is read every PREPARE_CHECK_EVENTS events.
 */
export const PREPARE_STEP_MS = TURN_MS
const PREPARE_CHECK_EVENTS = 64

/** A builder kept between calls (taken while a call runs, so calls paused midway never share one). */
let idle: ChunkBuilder | undefined

function takeBuilder(opts: NormalizeOptions, rows: number, onChunk: ChunkConsumer): ChunkBuilder {
  const b = idle
  idle = undefined
  return b?.reuse(opts, rows, onChunk) ? b : new ChunkBuilder(opts, rows, onChunk)
}

/**
 * Adds every raw event to `builder`, noting failures. A leaf on purpose: the loop gets
 * OSR-compiled, and code after it in the same function would deoptimize every call.
 */
function addAll(
  builder: ChunkBuilder,
  raw: readonly unknown[],
  from: number,
  to: number,
  failures: { timestamp: string; error: string }[],
): void {
  for (let i = from; i < to; i++) {
    const failed = builder.add(raw[i])
    if (failed !== undefined)
      failures.push({ timestamp: formatRfc3339Nano(failed.time), error: failed.error })
  }
}

/** The events of `raw` as WAL payloads, with the failures, and how many numbers went past ±2^53. */
function* build(
  raw: readonly unknown[],
  norm: NormalizeOptions,
  failures: { timestamp: string; error: string }[],
): Generator<void, { events: PreparedEvents; beyondSafe: number }> {
  const payloads: Uint8Array[] = []
  const counts: number[] = []
  // Each chunk is encoded as it ends, so the builder's buffers serve the next one.
  const builder = takeBuilder(norm, raw.length, (chunk) => {
    payloads.push(encodeWalChunk(chunk, 0, payloads.length, 0))
    counts.push(chunk.rows)
  })
  const clock = new StepClock(PREPARE_STEP_MS, 1)
  for (let from = 0; from < raw.length; from += PREPARE_CHECK_EVENTS) {
    if (clock.due()) {
      yield
      clock.restart()
    }
    addAll(builder, raw, from, Math.min(raw.length, from + PREPARE_CHECK_EVENTS), failures)
  }
  builder.finish()
  idle = builder
  for (let i = 0; i < payloads.length; i++) placeWalRecord(payloads[i], 0, i, payloads.length)
  return { events: { length: builder.rows, payloads, counts }, beyondSafe: builder.beyondSafe }
}

/**
 * Parse and normalize one call's input; `now` is both receive and ingest time; `decls` are the
 * dataset's declared fields (timespans, map fields). JSON text is parsed
 * natively; when a number in it went past ±2^53 (an integer literal the parse may have rounded),
 * it is parsed again keeping such integers exact (bigint) and built again: the common input pays
 * nothing for int64 exactness. `decls`: the dataset's declared fields. With `fields`, an event past the dataset's or an event's field limit
 * fails alone (ingest/field-limits.ts).
 */
export function prepareIngest(
  input: IngestInput,
  opts: IngestOptions,
  now: bigint,
  decls?: FieldDecls,
  fields?: FieldLimits,
): { events: PreparedEvents; status: IngestStatus } {
  return runSteps(prepareIngestSteps(input, opts, now, decls, fields))
}

/**
 * `prepareIngest` in steps: pauses every PREPARE_STEP_MS of work. Calls for one dataset must not
 * interleave (the field limits admit names as they go): the store runs them one at a time.
 */
export function* prepareIngestSteps(
  input: IngestInput,
  opts: IngestOptions,
  now: bigint,
  decls?: FieldDecls,
  fields?: FieldLimits,
): Generator<void, { events: PreparedEvents; status: IngestStatus }> {
  let cpu0 = threadCpuUsage()
  let cpuUs = 0
  // Thread CPU of this call's own steps only (others run while it is paused).
  const pause = function* () {
    const c = threadCpuUsage(cpu0)
    cpuUs += c.user + c.system
    yield
    cpu0 = threadCpuUsage()
  }
  const norm = {
    timestampField: opts.timestampField,
    timestampFormat: opts.timestampFormat,
    labels: opts.labels,
    receiveTime: now,
    sysTime: now,
    decls,
    ...(fields ? { fields } : {}),
  }
  // Names the first build admits are taken back before a second build (it admits them again).
  const knownBefore = fields?.known.size ?? 0
  const text = typeof input === 'string' || input instanceof Uint8Array ? input : undefined
  const parse = (exactIntegers: boolean) =>
    paced(
      parseInputSteps(
        text as string | Uint8Array,
        {
          format: opts.format,
          csvDelimiter: opts.csvDelimiter,
          csvFields: opts.csvFields,
          exactIntegers,
        },
        new StepClock(PREPARE_STEP_MS),
      ),
      pause,
    )
  let parsed = text === undefined ? undefined : yield* parse(false)
  let failed: { timestamp: string; error: string }[] = []
  if (parsed) yield* pause()
  let built = yield* paced(build(parsed ? parsed.events : (input as readonly unknown[]), norm, failed), pause)
  if (parsed && opts.format !== 'csv' && built.beyondSafe > 0) {
    parsed = yield* parse(true)
    failed = []
    if (fields) for (const name of [...fields.known].slice(knownBefore)) fields.known.delete(name)
    built = yield* paced(build(parsed.events, norm, failed), pause)
  }
  const bytes = parsed?.bytes ?? 0
  // Records that did not parse come first, then events that failed normalization (input order each).
  const failures = (parsed?.errors ?? []).map((e) => ({ timestamp: formatRfc3339Nano(now), error: e.error }))
  failures.push(...failed)
  const events = built.events
  const cpu = threadCpuUsage(cpu0)
  prepareStats.calls++
  prepareStats.events += events.length
  prepareStats.cpuUs += cpuUs + cpu.user + cpu.system
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

/** Runs `steps`, pausing through `pause` wherever it pauses. */
function* paced<T>(steps: Generator<void, T>, pause: () => Generator<void>): Generator<void, T> {
  for (;;) {
    const r = steps.next()
    if (r.done) return r.value
    yield* pause()
  }
}
