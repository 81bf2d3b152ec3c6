// storage/ingest/array-value.ts: turns an array field value into a detached JSON value, the way
// JSON.stringify would see it (bigint and Date made JSON-safe). Never recurses past the depth
// limit and never follows a cycle.

import type { JsonValue } from '../types.ts'
import { BINARY_VALUE, limitString, MAX_NESTING_DEPTH } from './limits.ts'
import { newRecord } from './null-proto.ts'

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER)
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/**
 * A copy of `arr` (at nesting level `level`, 1 for a top-level field) as JSON values:
 * NaN/±Infinity and undefined/function/symbol elements become null, bigints become numbers when
 * safe else decimal strings, Dates their ISO string (invalid → null), long strings the
 * too-long marker, binary (typed arrays) `<invalid data>`, objects null-prototype records.
 * Containers deeper than `MAX_NESTING_DEPTH`, or already on `path` (the containers being walked,
 * so a cycle), become null.
 */
export function toJsonArray(arr: readonly unknown[], level: number, path: unknown[]): JsonValue[] {
  const n = arr.length
  const out: JsonValue[] = new Array(n)
  path.push(arr)
  for (let i = 0; i < n; i++) out[i] = toJson(arr[i], level, path)
  path.pop()
  return out
}

/** One element inside a container at nesting `level`. */
function toJson(v: unknown, level: number, path: unknown[]): JsonValue {
  switch (typeof v) {
    case 'string':
      return limitString(v)
    case 'number':
      return Number.isFinite(v) ? v : null
    case 'boolean':
      return v
    case 'bigint':
      return v >= MIN_SAFE && v <= MAX_SAFE ? Number(v) : v.toString()
    case 'object': {
      if (v === null) return null
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString()
      if (ArrayBuffer.isView(v)) return BINARY_VALUE
      if (level + 1 > MAX_NESTING_DEPTH || path.includes(v)) return null
      return Array.isArray(v) ? toJsonArray(v, level + 1, path) : toJsonObject(v, level + 1, path)
    }
    default:
      return null
  }
}

/**
 * A copy of a map field's object (at nesting `level`, 1 for a top-level field) as a JSON object,
 * by the same rules as `toJsonArray`; its keys are kept as they are, dots included.
 */
export function toJsonObject(obj: object, level: number, path: unknown[]): { [key: string]: JsonValue } {
  const out = newRecord<JsonValue>()
  const src = obj as Record<string, unknown>
  path.push(obj)
  for (const key in src) {
    if (!Object.hasOwn(src, key)) continue
    const v = src[key]
    const t = typeof v
    // As JSON.stringify: keys whose value is undefined, a function or a symbol are left out.
    if (t === 'undefined' || t === 'function' || t === 'symbol') continue
    out[key] = toJson(v, level, path)
  }
  path.pop()
  return out
}
