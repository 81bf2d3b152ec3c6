// otlp/otlp-values.ts: the pieces of OTLP messages (AnyValue, attributes, ids, int64 times, enums) as
// event values, for requests decoded from protobuf or parsed from OTLP/JSON (same plain shape; ids
// are bytes from protobuf, hex text in JSON). Throws OtlpItemError for a value no event can hold.
import { OtlpItemError } from './otlp-error.ts'
import { SEMCONV_ATTRIBUTES } from './semconv.ts'

/** A plain object of a decoded message (fields absent when unset). */
export type Obj = Readonly<Record<string, unknown>>

/** `v` as an object of a message, or an empty one when unset; OtlpItemError when it is not an object. */
export function obj(v: unknown, what: string): Obj {
  if (v === undefined || v === null) return {}
  if (typeof v !== 'object' || Array.isArray(v) || v instanceof Uint8Array)
    throw new OtlpItemError(`${what} must be an object`)
  return v as Obj
}

/** `v` as a repeated field (absent: none). */
export function list(v: unknown, what: string): readonly unknown[] {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v)) throw new OtlpItemError(`${what} must be an array`)
  return v
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)
const UINT64_MAX = 2n ** 64n - 1n

/** An int64/uint64/fixed64 field (decimal text or a number) as a bigint; 0 when unset. */
export function int64(v: unknown, what: string): bigint {
  if (v === undefined || v === null) return 0n
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v)
  if (typeof v === 'string' && /^-?\d{1,20}$/.test(v)) {
    const n = BigInt(v)
    if (n <= UINT64_MAX && n >= -(2n ** 63n)) return n
  }
  throw new OtlpItemError(`${what} must be an integer, not ${JSON.stringify(v)}`)
}

/** A trace or span id (bytes, or hex text in JSON) as lower-case hex; '' when unset. */
export function hexId(v: unknown, bytes: number, what: string): string {
  if (v === undefined || v === null || v === '') return ''
  let hex: string
  if (v instanceof Uint8Array) {
    if (v.length === 0) return ''
    hex = Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')
  } else if (typeof v === 'string' && /^[0-9a-fA-F]*$/.test(v)) hex = v.toLowerCase()
  else throw new OtlpItemError(`${what} must be ${bytes} bytes (hex text in OTLP/JSON)`)
  if (hex.length !== 2 * bytes)
    throw new OtlpItemError(`${what} must be ${bytes} bytes, not ${hex.length / 2}`)
  return hex
}

/** An enum field (a number, or its name in JSON) as its number; OtlpItemError for a value the enum lacks. */
export function enumValue(v: unknown, names: readonly string[], what: string): number {
  if (v === undefined || v === null) return 0
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < names.length) return v
  if (typeof v === 'string' && names.includes(v)) return names.indexOf(v)
  throw new OtlpItemError(
    `${what} ${JSON.stringify(v)} is not one of ${names.map((n, i) => `${i} (${n})`).join(', ')}`,
  )
}

/** An AnyValue as a JSON value (arrays and key-value lists nested; bytes as base64). */
export function anyValue(v: unknown, depth = 0): unknown {
  const a = obj(v, 'an attribute value')
  if (depth > 64) throw new OtlpItemError('attribute values nest deeper than 64 levels')
  if (a.stringValue !== undefined) return String(a.stringValue)
  if (a.boolValue !== undefined) return a.boolValue === true
  if (a.intValue !== undefined) {
    const n = int64(a.intValue, 'intValue')
    return n >= -MAX_SAFE && n <= MAX_SAFE ? Number(n) : n
  }
  if (a.doubleValue !== undefined) {
    const d = Number(a.doubleValue)
    if (Number.isNaN(d) && a.doubleValue !== 'NaN') throw new OtlpItemError('doubleValue must be a number')
    return d
  }
  if (a.arrayValue !== undefined)
    return list(obj(a.arrayValue, 'arrayValue').values, 'arrayValue.values').map((x) =>
      anyValue(x, depth + 1),
    )
  if (a.kvlistValue !== undefined) {
    const out: Record<string, unknown> = Object.create(null)
    for (const kv of list(obj(a.kvlistValue, 'kvlistValue').values, 'kvlistValue.values')) {
      const { key, value } = keyValue(kv)
      out[key] = anyValue(value, depth + 1)
    }
    return out
  }
  if (a.bytesValue !== undefined) {
    const b = a.bytesValue
    return b instanceof Uint8Array
      ? Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64')
      : String(b)
  }
  return null
}

function keyValue(kv: unknown): { key: string; value: unknown } {
  const o = obj(kv, 'an attribute')
  if (typeof o.key !== 'string') throw new OtlpItemError('an attribute has no key')
  return { key: o.key, value: o.value }
}

/** Attributes as one object (key → JSON value), later duplicates winning. */
export function attributeObject(attrs: unknown, what: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null)
  for (const kv of list(attrs, what)) {
    const { key, value } = keyValue(kv)
    out[key] = anyValue(value)
  }
  return out
}

/**
 * Writes attributes onto `event`: semantic-convention names (and any `always` prefix, such as
 * `service.`) as `prefix + key`, the others together in the map field `prefix + 'custom'`.
 */
export function putAttributes(
  event: Record<string, unknown>,
  attrs: unknown,
  prefix: string,
  what: string,
  top?: (key: string) => string | undefined,
): void {
  let custom: Record<string, unknown> | undefined
  for (const kv of list(attrs, what)) {
    const { key, value } = keyValue(kv)
    const v = anyValue(value)
    const own = top?.(key)
    if (own !== undefined) event[own] = v
    else if (SEMCONV_ATTRIBUTES.has(key)) event[prefix + key] = v
    else {
      custom ??= Object.create(null) as Record<string, unknown>
      custom[key] = v
    }
  }
  if (custom !== undefined) event[`${prefix}custom`] = custom
}
