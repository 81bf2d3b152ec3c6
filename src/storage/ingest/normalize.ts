// storage/ingest/normalize.ts: one raw event → a `FlatEvent` (api-contract.md §3.2–3.3): flatten,
// limits, reserved renames, labels, `_time` derivation. Fails the event alone, never throws on
// user data, and never writes user keys onto an object that inherits from Object.prototype.

import type { FlatEvent, FlatValue } from '../types.ts'
import { type FlattenSink, flattenInto } from './flatten.ts'
import { newRecord } from './null-proto.ts'
import { readTimestamp } from './timestamp.ts'

/** How to normalize one event. Build it once per batch and reuse it for every event. */
export interface NormalizeOptions {
  /** Field holding the event time (default `_time`); a dotted name means the flattened field. */
  timestampField?: string
  /** A Go reference-time layout for string timestamps; absent: auto-detect. */
  timestampFormat?: string
  /** Merged into every event (flattened like the event); label values win. */
  labels?: Readonly<Record<string, unknown>>
  /** Receive time, epoch ns: `_time` of events without a timestamp field. */
  receiveTime: bigint
  /** Ingest time, epoch ns: becomes `_sysTime`. */
  sysTime: bigint
}

/** A normalized event, or why it failed with the time to report (its own if known, else receiveTime). */
export type NormalizeResult = { ok: true; event: FlatEvent } | { ok: false; error: string; time: bigint }

/** Names Axiom reserves; an ingested field with one of them is renamed (see `reservedRename`). */
export const RESERVED_FIELD_NAMES: readonly string[] = [
  '_blockInfo',
  '_cursor',
  '_rowID',
  '_source',
  '_sysTime',
]

/**
 * The stored name of a reserved field: `_user` + name, so `_sysTime` → `_user_sysTime` (Axiom's
 * documented example, axiomhq/docs reference/limits.mdx) and `_time` → `_user_time`.
 */
export function reservedRename(name: string): string {
  return '_user' + name
}

const RENAMES: ReadonlyMap<string, string> = new Map(RESERVED_FIELD_NAMES.map((n) => [n, reservedRename(n)]))
// With another timestamp field, an event's own `_time` must not clash with the derived `_time`.
const RENAMES_WITH_TIME: ReadonlyMap<string, string> = new Map([
  ...RENAMES,
  ['_time', reservedRename('_time')],
])

/**
 * Normalizes one raw event: it must be a plain object; nested objects flatten to dotted names,
 * arrays stay whole JSON values, nulls/NaN/±Infinity/undefined are dropped, Dates become ISO
 * strings, bigints stay bigint only outside the safe range, reserved names are renamed, labels are
 * merged last, and the timestamp field becomes `time` (receiveTime when absent). Failures: not an
 * object, a field name over 200 UTF-8 bytes, an unparseable or out-of-int64 timestamp.
 */
export function normalizeEvent(raw: unknown, opts: NormalizeOptions): NormalizeResult {
  if (!isEventObject(raw)) {
    return {
      ok: false,
      error: `an event must be a JSON object, not ${describe(raw)}`,
      time: opts.receiveTime,
    }
  }
  const timestampField = opts.timestampField || '_time'
  const sink: FlattenSink = {
    fields: newRecord<FlatValue>(),
    timestampField,
    renames: timestampField === '_time' ? RENAMES : RENAMES_WITH_TIME,
    timestamp: undefined,
    error: undefined,
    path: [],
  }
  const labels = opts.labels
  if (labels !== undefined && !isEventObject(labels)) {
    return {
      ok: false,
      error: `labels must be a JSON object, not ${describe(labels)}`,
      time: opts.receiveTime,
    }
  }
  try {
    flattenInto(raw, '', 0, sink)
    if (labels !== undefined) flattenInto(labels, '', 0, sink)
  } catch (e) {
    // Only in-process objects can throw here (a getter, a Proxy trap); fail that event alone.
    return {
      ok: false,
      error: `cannot read the event: ${e instanceof Error ? e.message : String(e)}`,
      time: opts.receiveTime,
    }
  }

  let time = opts.receiveTime
  if (sink.timestamp !== undefined) {
    const ts = readTimestamp(sink.timestamp, timestampField, opts.timestampFormat || undefined)
    if (!ts.ok) return { ok: false, error: ts.error, time: opts.receiveTime }
    time = ts.ns
  }
  if (sink.error !== undefined) return { ok: false, error: sink.error, time }
  return { ok: true, event: { time, sysTime: opts.sysTime, fields: sink.fields } }
}

/** A plain object: `{}` literal, null-prototype, or a class instance; not an array, Date, Map…. */
function isEventObject(v: unknown): v is object {
  if (typeof v !== 'object' || v === null) return false
  const proto = Object.getPrototypeOf(v)
  if (proto === Object.prototype || proto === null) return true
  return !Array.isArray(v) && Object.prototype.toString.call(v) === '[object Object]'
}

function describe(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  if (typeof v === 'object') return `a ${Object.prototype.toString.call(v).slice(8, -1)}`
  return `a ${typeof v}`
}
