// test/reference/values.ts: the oracle's runtime values (one JS shape per APL type, so a value knows
// its type without a schema), their conversions from storage and JSON, and to result cells.
// Pure data rules only; comparisons live in compare.ts, text conversions in convert.ts.

import type { AplType } from '../../src/catalog/index.ts'
import type { Cell, CellJson } from '../../src/exec/result.ts'
import { type FlatValue, TimespanValue } from '../../src/storage/types.ts'
import { formatGoDuration, formatRfc3339Nano } from '../../src/util/time/index.ts'

/** A datetime: epoch nanoseconds, UTC. */
export class DateTime {
  /** Epoch ns. */
  readonly ns: bigint
  constructor(ns: bigint) {
    this.ns = ns
  }
}

/** A timespan in nanoseconds. */
export class Timespan {
  /** Length in ns (may be negative). */
  readonly ns: bigint
  constructor(ns: bigint) {
    this.ns = ns
  }
}

/** A JSON value as held inside a dynamic value. */
export type Json = CellJson
/** A dynamic array. */
export type JsonArray = readonly Json[]
/** A dynamic property bag. */
export type JsonObject = { readonly [key: string]: Json }

/**
 * One runtime value: null · boolean (bool) · bigint (long) · number (real) · string · DateTime ·
 * Timespan · array / object (dynamic containers). A dynamic scalar is unwrapped to its scalar
 * (a JSON number is a long when it is a safe integer, else a real), so dynamic needs no wrapper.
 */
export type Value = null | boolean | bigint | number | string | DateTime | Timespan | JsonArray | JsonObject

/** The runtime type of a value. */
export type Kind = 'null' | 'bool' | 'long' | 'real' | 'string' | 'datetime' | 'timespan' | 'array' | 'object'

/** The kind of `v`. */
export function kindOf(v: Value): Kind {
  if (v === null) return 'null'
  if (typeof v === 'boolean') return 'bool'
  if (typeof v === 'bigint') return 'long'
  if (typeof v === 'number') return 'real'
  if (typeof v === 'string') return 'string'
  if (v instanceof DateTime) return 'datetime'
  if (v instanceof Timespan) return 'timespan'
  return Array.isArray(v) ? 'array' : 'object'
}

/** True for long and real values. */
export function isNumber(v: Value): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number'
}

const MIN_LONG = -(2n ** 63n)
const MAX_LONG = 2n ** 63n - 1n

/** True when `n` fits a signed 64-bit long. */
export function fitsLong(n: bigint): boolean {
  return n >= MIN_LONG && n <= MAX_LONG
}

/** Long arithmetic wraps around in two's complement, as 64-bit integers do. */
export function wrapLong(n: bigint): bigint {
  return BigInt.asIntN(64, n)
}

/** A JSON number as a value: a long when it is a safe integer (and not -0), else a real. */
function fromJsonNumber(n: number): bigint | number {
  return Number.isSafeInteger(n) && !Object.is(n, -0) ? BigInt(n) : n
}

/** A JSON value (a dynamic element, a parsed document) as a value. */
export function fromJson(j: Json | undefined): Value {
  if (j === undefined || j === null) return null
  if (typeof j === 'number') return fromJsonNumber(j)
  return j
}

/**
 * A stored cell as a value: integers are longs, floats reals, arrays and map-field objects dynamic,
 * stored timespans timespans.
 */
export function fromStorage(v: FlatValue): Value {
  if (typeof v === 'number') return fromJsonNumber(v)
  if (v instanceof TimespanValue) return new Timespan(v.ns)
  return v
}

/**
 * A value as JSON inside a dynamic: longs become numbers, datetimes RFC3339Nano text, timespans
 * Go duration text (the `tostring` forms).
 */
export function toJson(v: Value): Json {
  if (v === null || typeof v === 'boolean' || typeof v === 'string' || typeof v === 'number') return v
  if (typeof v === 'bigint') return Number(v)
  if (v instanceof DateTime) return formatRfc3339Nano(v.ns)
  if (v instanceof Timespan) return formatGoDuration(v.ns)
  return v as Json
}

/** A long as a result cell: a number when safe, else a bigint. */
function longCell(n: bigint): number | bigint {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n
}

/** A value as a canonical result cell (src/exec/result.ts header) of a column typed `type`. */
export function toCell(v: Value, type: AplType): Cell {
  if (v === null) return null
  if (type === 'dynamic') return toJson(v)
  if (type === 'real' && typeof v === 'bigint') return Number(v)
  if (typeof v === 'bigint') return longCell(v)
  if (v instanceof DateTime || v instanceof Timespan) return v.ns
  return v as Cell
}

/**
 * A value made to fit a column typed `type`: a long in a real column becomes a real (§3 widening); a
 * number in a timespan column (a field declared a timespan after numbers were stored) is that many
 * nanoseconds, a real truncated toward zero (O, the ingest rule for declared timespans).
 */
export function conform(v: Value, type: AplType): Value {
  if (type === 'timespan' && typeof v === 'bigint') return new Timespan(v)
  if (type === 'timespan' && typeof v === 'number' && Number.isFinite(v))
    return new Timespan(BigInt(Math.trunc(v)))
  return type === 'real' && typeof v === 'bigint' ? Number(v) : v
}

/** JSON text with object keys sorted, so equal documents have equal text. */
export function canonicalJson(j: Json): string {
  if (j === null || typeof j !== 'object') return JSON.stringify(j) ?? 'null'
  if (Array.isArray(j)) return `[${j.map(canonicalJson).join(',')}]`
  const keys = Object.keys(j).sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((j as JsonObject)[k])}`).join(',')}}`
}

/**
 * A grouping key: equal for values that are the same value (longs and reals compare by number, so
 * 1 and 1.0 group together; NaN groups with NaN; containers by canonical JSON); null has its own key.
 */
export function valueKey(v: Value): string {
  const kind = kindOf(v)
  // An integral real keys like the long of the same value, beyond 2^53 too.
  if (kind === 'real' && Number.isInteger(v)) return `n:${BigInt(v as number)}`
  if (kind === 'long' || kind === 'real') return `n:${String(v)}`
  if (kind === 'datetime' || kind === 'timespan') return `${kind[0]}:${(v as DateTime).ns}`
  if (kind === 'array' || kind === 'object') return `j:${canonicalJson(v as Json)}`
  if (kind === 'null') return 'null'
  return `${kind[0]}:${String(v)}`
}

/** The grouping key of a tuple of values. */
export function tupleKey(vs: readonly Value[]): string {
  return JSON.stringify(vs.map(valueKey))
}
