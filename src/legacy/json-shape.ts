// legacy/json-shape.ts: type checks for the JSON of a legacy request. Lenient the way the clients
// need (null and absent mean "not set"), strict about wrong types, with the key path in the message.

import { LegacyError, type LegacyErrorCode } from './errors.ts'

/** A JSON object (not an array, not null). */
export type JsonObject = Readonly<Record<string, unknown>>

function typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v
}

function wrong(code: LegacyErrorCode, path: string, expected: string, v: unknown): never {
  throw new LegacyError(code, `${path} must be ${expected}, got ${typeName(v)}`)
}

/** True for a plain JSON object. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** `v` as an object, or the error. */
export function object(v: unknown, code: LegacyErrorCode, path: string): JsonObject {
  return isObject(v) ? v : wrong(code, path, 'an object', v)
}

/** `o[key]` as a string; undefined when absent or null. */
export function optString(
  o: JsonObject,
  key: string,
  code: LegacyErrorCode,
  path: string,
): string | undefined {
  const v = o[key]
  if (v === undefined || v === null) return undefined
  return typeof v === 'string' ? v : wrong(code, `${path}.${key}`, 'a string', v)
}

/** `o[key]` as a boolean; undefined when absent or null. */
export function optBool(
  o: JsonObject,
  key: string,
  code: LegacyErrorCode,
  path: string,
): boolean | undefined {
  const v = o[key]
  if (v === undefined || v === null) return undefined
  return typeof v === 'boolean' ? v : wrong(code, `${path}.${key}`, 'true or false', v)
}

/** `o[key]` as an array; [] when absent or null. */
export function optArray(
  o: JsonObject,
  key: string,
  code: LegacyErrorCode,
  path: string,
): readonly unknown[] {
  const v = o[key]
  if (v === undefined || v === null) return []
  return Array.isArray(v) ? v : wrong(code, `${path}.${key}`, 'an array', v)
}

/** `o[key]` as a non-empty string, or the error. */
export function requiredString(o: JsonObject, key: string, code: LegacyErrorCode, path: string): string {
  const v = optString(o, key, code, path)
  if (v === undefined || v === '')
    throw new LegacyError(code, `${path}.${key} is required (a non-empty string)`)
  return v
}
