// storage/ingest/normalize.ts: one raw event → a `FlatEvent` (api-contract.md §3.2–3.3): flatten,
// limits, reserved renames, labels, `_time` derivation. Fails the event alone, never throws on
// user data, and never writes user keys onto an object that inherits from Object.prototype.

import { bigintToParts, type NsParts, partsToBigint } from '../../util/time/index.ts'
import type { FieldDecls } from '../field-decls.ts'
import { type FlatEvent, type FlatValue, type JsonObject, type JsonValue, TimespanValue } from '../types.ts'
import type { FieldLimits } from './field-limits.ts'
import { type FieldTarget, FlattenWalk, flattenInto, type LeafSink, type PathNode } from './flatten.ts'
import { newRecord } from './null-proto.ts'
import { readTimestampParts } from './timestamp.ts'

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
  /** Field-name limits of the dataset (absent: unbounded; tests and replay). */
  fields?: FieldLimits
  /** The dataset's declared fields (timespans, map fields); none when absent. */
  decls?: FieldDecls
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

/** A sink that writes one event's leaves into a fresh null-prototype record. */
class RecordSink implements LeafSink {
  fields: Record<string, FlatValue> = newRecord<FlatValue>()

  leafString(target: FieldTarget, value: string): void {
    // Blocks store UTF-8, where a lone surrogate becomes U+FFFD: do it here, so every reader agrees.
    this.fields[target.stored] = value.isWellFormed() ? value : value.toWellFormed()
  }

  leafNumber(target: FieldTarget, value: number): void {
    this.fields[target.stored] = value
  }

  leafBigint(target: FieldTarget, value: bigint): void {
    this.fields[target.stored] = value
  }

  leafBoolean(target: FieldTarget, value: boolean): void {
    this.fields[target.stored] = value
  }

  leafArray(target: FieldTarget, value: JsonValue[]): void {
    this.fields[target.stored] = value
  }

  leafTimespan(target: FieldTarget, ns: bigint): void {
    this.fields[target.stored] = new TimespanValue(ns)
  }

  leafMap(target: FieldTarget, value: JsonObject): void {
    this.fields[target.stored] = value
  }
}

/** Walks of `normalizeEvent`, one per options object (its name tree is reused across events). */
const walks = new WeakMap<NormalizeOptions, FlattenWalk>()

/** A walk for `timestampField` (default `_time`) whose leaves go to `sink`, by `decls`. */
export function newWalk(timestampField: string | undefined, sink: LeafSink, decls?: FieldDecls): FlattenWalk {
  const field = timestampField || '_time'
  return new FlattenWalk(field, field === '_time' ? RENAMES : RENAMES_WITH_TIME, sink, decls)
}

/**
 * Normalizes one raw event: it must be a plain object; nested objects flatten to dotted names,
 * arrays stay whole JSON values, nulls/NaN/±Infinity/undefined are dropped, Dates become ISO
 * strings, bigints stay bigint only outside the safe range, reserved names are renamed, labels are
 * merged last, and the timestamp field becomes `time` (receiveTime when absent). Failures: not an
 * object, a field name over 200 UTF-8 bytes, an unparseable or out-of-int64 timestamp.
 */
export function normalizeEvent(raw: unknown, opts: NormalizeOptions): NormalizeResult {
  let walk = walks.get(opts)
  if (
    walk === undefined ||
    walk.timestampField !== (opts.timestampField || '_time') ||
    walk.decls !== opts.decls
  ) {
    walk = newWalk(opts.timestampField, new RecordSink(), opts.decls)
    walks.set(opts, walk)
  }
  const sink = walk.sink as RecordSink
  sink.fields = newRecord<FlatValue>()
  bigintToParts(opts.receiveTime, receive)
  const res = walkEvent(raw, walk, opts, receive, flattenTop)
  const time = partsToBigint(res.ms, res.sub)
  if (res.error !== undefined) return { ok: false, error: res.error, time }
  return { ok: true, event: { time, sysTime: opts.sysTime, fields: sink.fields } }
}

const receive: NsParts = { ms: 0, sub: 0 }

function flattenTop(obj: object, node: PathNode, walk: FlattenWalk): void {
  flattenInto(obj, node, 0, walk)
}

/** The outcome of `walkEvent`: the event time as parts (see ns-parts.ts), and the error if it fails. */
export interface WalkResult extends NsParts {
  error: string | undefined
}

const result: WalkResult = { ms: 0, sub: 0, error: undefined }
/** Where the timestamp is parsed (copied to `result` last). */
const parsed: NsParts = { ms: 0, sub: 0 }

/**
 * Walks one raw event, then the labels, with `flatten` (flattenInto or a specialized walk, at
 * level 0) and derives its time: `receive` when it has no timestamp or failed before reading it.
 * On an error the walk may already have stored some of the event's leaves: the caller discards
 * them. The returned object is reused by the next call (filled last, so a getter that ingests
 * meanwhile cannot garble it).
 */
export function walkEvent(
  raw: unknown,
  walk: FlattenWalk,
  opts: NormalizeOptions,
  receive: NsParts,
  flatten: (obj: object, node: PathNode, walk: FlattenWalk) => void,
): WalkResult {
  let ms = receive.ms
  let sub = receive.sub
  let error: string | undefined
  const labels = opts.labels
  if (!isEventObject(raw)) error = `an event must be a JSON object, not ${describe(raw)}`
  else if (labels !== undefined && !isEventObject(labels))
    error = `labels must be a JSON object, not ${describe(labels)}`
  else {
    walk.reset()
    try {
      flatten(raw, walk.root, walk)
      if (labels !== undefined) flatten(labels, walk.labelsRoot, walk)
      if (walk.timestamp !== undefined) {
        const format = opts.timestampFormat || undefined
        error = readTimestampParts(walk.timestamp, walk.timestampField, format, parsed)
        if (error === undefined) {
          ms = parsed.ms
          sub = parsed.sub
        }
      }
      error ??= walk.error
    } catch (e) {
      // Only in-process objects can throw here (a getter, a Proxy trap); fail that event alone.
      error = `cannot read the event: ${e instanceof Error ? e.message : String(e)}`
    }
  }
  result.ms = ms
  result.sub = sub
  result.error = error
  return result
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
