// storage/ingest/flatten.ts: walks one event object into dotted flat fields, applying the value
// rules, the limits and the reserved-name renames. Writes only to null-prototype records; never
// assigns user keys onto a plain `{}`. Recursion is bounded by MAX_NESTING_DEPTH; cycles are cut.

import type { FlatValue } from '../types.ts'
import { toJsonArray } from './array-value.ts'
import {
  BINARY_VALUE,
  limitString,
  MAX_FIELD_NAME_BYTES,
  MAX_NESTING_DEPTH,
  NAME_SAFE_UNITS,
  STRING_SAFE_UNITS,
  utf8ByteLength,
} from './limits.ts'

/** Where one event's walk lands: the fields, the captured timestamp value, the first error. */
export interface FlattenSink {
  /** Output record (null-prototype, see null-proto.ts). */
  readonly fields: Record<string, FlatValue>
  /** Flattened name of the timestamp field; its value is captured instead of stored. */
  readonly timestampField: string
  /** Reserved name → stored name (`_sysTime` → `_user_sysTime`). */
  readonly renames: ReadonlyMap<string, string>
  /** The raw timestamp value (undefined when absent or null). */
  timestamp: unknown
  /** First event-failing problem met (a field name over the limit); the walk still completes. */
  error: string | undefined
  /** Containers being walked (the current path), to cut cycles. */
  readonly path: unknown[]
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER)
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)
const MIN_INT64 = -(2n ** 63n)
const MAX_INT64 = 2n ** 63n - 1n

/** A bigint as a flat value: a number when safe, kept when within int64, else a float number. */
export function flatBigint(v: bigint): number | bigint {
  if (v >= MIN_SAFE && v <= MAX_SAFE) return Number(v)
  return v >= MIN_INT64 && v <= MAX_INT64 ? v : Number(v)
}

/**
 * Flattens the own enumerable keys of `obj` (nesting `level`: 0 for the event itself) into
 * `sink.fields` under `prefix` (`''` or a dotted name ending in `.`). Later keys overwrite earlier
 * ones with the same flattened name (`{"a.b":1,"a":{"b":2}}` keeps 2).
 */
export function flattenInto(obj: object, prefix: string, level: number, sink: FlattenSink): void {
  const src = obj as Record<string, unknown>
  sink.path.push(obj)
  // Inlined per-value dispatch on purpose: this loop is the ingest hot path.
  for (const key in src) {
    if (!Object.hasOwn(src, key)) continue
    const v = src[key]
    const name = prefix === '' ? key : prefix + key
    let out: FlatValue
    switch (typeof v) {
      case 'string':
        out = v.length > STRING_SAFE_UNITS ? limitString(v) : v
        // Blocks store UTF-8, where a lone surrogate becomes U+FFFD: do it here, so every reader agrees.
        if (!(out as string).isWellFormed()) out = (out as string).toWellFormed()
        break
      case 'number':
        if (v - v !== 0) continue // NaN and ±Infinity are null, and nulls are not stored
        out = v
        break
      case 'boolean':
        out = v
        break
      case 'bigint':
        out = flatBigint(v)
        break
      case 'object': {
        if (v === null) continue
        if (v instanceof Date) {
          if (name === sink.timestampField) {
            sink.timestamp = v
            continue
          }
          if (Number.isNaN(v.getTime())) continue
          out = v.toISOString()
          break
        }
        if (ArrayBuffer.isView(v)) {
          out = BINARY_VALUE
          break
        }
        // Cut at the depth limit or on a cycle: an object subtree vanishes.
        if (level + 1 > MAX_NESTING_DEPTH || sink.path.includes(v)) continue
        if (Array.isArray(v)) {
          out = toJsonArray(v, level + 1, sink.path)
          break
        }
        flattenInto(v, name + '.', level + 1, sink)
        continue
      }
      default:
        continue // undefined, functions and symbols are dropped, as JSON does
    }
    store(name, out, v, sink)
  }
  sink.path.pop()
}

/** Stores one leaf: captures the timestamp, checks the name limit, applies reserved renames. */
function store(name: string, out: FlatValue, raw: unknown, sink: FlattenSink): void {
  if (name === sink.timestampField) {
    sink.timestamp = raw
    return
  }
  if (name.length > NAME_SAFE_UNITS && sink.error === undefined) {
    const bytes = utf8ByteLength(name)
    if (bytes > MAX_FIELD_NAME_BYTES) {
      sink.error = `field name "${name.slice(0, 64)}…" is ${bytes} bytes long; the limit is ${MAX_FIELD_NAME_BYTES} bytes`
    }
  }
  if (!name.isWellFormed()) name = name.toWellFormed()
  // Only names starting with '_' can be reserved; skip the map lookup for the rest.
  const stored = name.charCodeAt(0) === 95 ? (sink.renames.get(name) ?? name) : name
  sink.fields[stored] = out
}
