// storage/types.ts: the value and type vocabulary shared by ingest, the block codec, the WAL and
// the scan API. Pure types and tiny helpers; no I/O.

/**
 * Storage type of one physical column. A field may hold several of these across events; each
 * (field, type) pair is its own physical column, so nothing is lost (see `compositeType`).
 * `array` holds any JSON value nested under an array (objects inside arrays included).
 * `timespan` (int64 nanoseconds) and `map` (a JSON object kept whole) are written only for fields a
 * dataset declares so (`fieldTypes`, `mapFields`; OTLP ingest declares its own).
 */
export type FieldType = 'string' | 'integer' | 'float' | 'boolean' | 'datetime' | 'timespan' | 'array' | 'map'

/** Every storage type, in the canonical order used for composite names (`integer|float`). */
export const FIELD_TYPES: readonly FieldType[] = [
  'string',
  'integer',
  'float',
  'boolean',
  'datetime',
  'timespan',
  'array',
  'map',
]

/** A JSON value kept whole inside an `array` or `map` field. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject

/** A JSON object: the value of a map field (a null-prototype record when ingest made it). */
export type JsonObject = { [key: string]: JsonValue }

/** A value of a `timespan` field: a duration in nanoseconds, within int64. */
export class TimespanValue {
  /** Nanoseconds (may be negative). */
  readonly ns: bigint
  constructor(ns: bigint) {
    this.ns = ns
  }
}

/**
 * One value of a flattened event. `number` is `integer` when it is a safe integer (and not -0),
 * else `float`; `bigint` is an `integer` outside the safe range (always within int64).
 * Arrays are `array` values, plain objects `map` values (a declared map field's object),
 * TimespanValues `timespan` values. Datetime values only occur in `_time`/`_sysTime`, kept apart as ns.
 */
export type FlatValue = boolean | number | bigint | string | JsonValue[] | JsonObject | TimespanValue

/**
 * A normalized event: flattened dotted field names, no null-valued fields, times in epoch ns.
 * `fields` never holds `_time` or `_sysTime` (reserved names are renamed `_user_<name>` at ingest).
 */
export interface FlatEvent {
  /** Event time, epoch nanoseconds (UTC). */
  readonly time: bigint
  /** Ingest time, epoch nanoseconds (UTC). */
  readonly sysTime: bigint
  readonly fields: Readonly<Record<string, FlatValue>>
}

/** The storage type of a flat value (see `FlatValue` for the number rule). */
export function typeOfValue(v: FlatValue): FieldType {
  switch (typeof v) {
    case 'string':
      return 'string'
    case 'boolean':
      return 'boolean'
    case 'bigint':
      return 'integer'
    case 'number':
      return Number.isSafeInteger(v) && !Object.is(v, -0) ? 'integer' : 'float'
    default:
      return v instanceof TimespanValue ? 'timespan' : Array.isArray(v) ? 'array' : 'map'
  }
}

/** The API name for a set of types: `integer|float` (canonical order, `|`-joined). */
export function compositeType(types: Iterable<FieldType>): string {
  const set = new Set(types)
  return FIELD_TYPES.filter((t) => set.has(t)).join('|')
}

/** Epoch-nanosecond half-open interval `[start, end)`; `undefined` bounds are unbounded. */
export interface TimeRange {
  readonly start?: bigint
  readonly end?: bigint
}
