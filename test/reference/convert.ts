// test/reference/convert.ts: the oracle's conversion rules (apl-reference §3 notes, §7 Conversion):
// number parsing (Go ParseFloat / strict integers), tostring (Go float and duration text),
// todouble / toint / todatetime. Null in, null out, except tostring(null) = "".

import { formatGoDuration, formatRfc3339Nano, parseGoDuration } from '../../src/util/time/index.ts'
import { DateTime, fitsLong, type Json, Timespan, toJson, type Value } from './values.ts'

const INTEGER = /^[+-]?[0-9]+$/
const DECIMAL = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i

/**
 * A string as a number, Go `strconv.ParseFloat` style: decimal with optional fraction and exponent,
 * `inf`/`infinity`/`nan` in any case, a leading sign; no spaces, no hex. Integer text within int64
 * stays an exact long; overflow to infinity is a failure (null).
 */
export function parseNumber(s: string): bigint | number | null {
  if (INTEGER.test(s)) {
    const n = BigInt(s)
    if (fitsLong(n)) return n
  }
  const special = SPECIAL.exec(s)
  if (special !== null) {
    if (special[2].toLowerCase() === 'nan') return Number.NaN
    return special[1] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY
  }
  if (!DECIMAL.test(s)) return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}

/**
 * A real as Go `strconv.FormatFloat(x, 'g', -1, 64)`: the shortest round-trip digits, in exponent
 * form (`1.234567e+06`, `1e-05`) when the decimal exponent is < -4 or >= 6 (Go's rule for the
 * shortest 'g' form), else plain (`0.0001`, `123456`); `NaN`, `+Inf`, `-Inf`.
 */
export function formatReal(x: number): string {
  if (Number.isNaN(x)) return 'NaN'
  if (x === Number.POSITIVE_INFINITY) return '+Inf'
  if (x === Number.NEGATIVE_INFINITY) return '-Inf'
  const sign = x < 0 || Object.is(x, -0) ? '-' : ''
  if (x === 0) return `${sign}0`
  const [mantissa, expText] = Math.abs(x).toExponential().split('e')
  const digits = mantissa.replace('.', '')
  const exp = Number(expText)
  if (exp < -4 || exp >= 6) {
    const rest = digits.length > 1 ? `.${digits.slice(1)}` : ''
    const e = Math.abs(exp).toString().padStart(2, '0')
    return `${sign}${digits[0]}${rest}e${exp < 0 ? '-' : '+'}${e}`
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`
  const whole = digits.slice(0, exp + 1).padEnd(exp + 1, '0')
  const frac = digits.slice(exp + 1)
  return frac.length > 0 ? `${sign}${whole}.${frac}` : `${sign}${whole}`
}

/** JSON text of a dynamic container (object keys in their stored order). */
function jsonText(j: Json): string {
  return JSON.stringify(j) ?? 'null'
}

/**
 * `tostring`: null → "", bool → `true`/`false`, long → decimal, real → `formatReal`, datetime →
 * RFC3339Nano, timespan → Go duration (`1m20s`), dynamic container → JSON text.
 */
export function toText(v: Value): string {
  if (v === null) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  if (typeof v === 'bigint') return v.toString()
  if (typeof v === 'number') return formatReal(v)
  if (v instanceof DateTime) return formatRfc3339Nano(v.ns)
  if (v instanceof Timespan) return formatGoDuration(v.ns)
  return jsonText(toJson(v))
}

/** `todouble`: numbers as is, bool 1/0, datetime/timespan ns, strings by `parseNumber`; else null. */
export function toReal(v: Value): number | null {
  if (typeof v === 'number') return v
  if (typeof v === 'bigint') return Number(v)
  if (typeof v === 'boolean') return v ? 1 : 0
  if (v instanceof DateTime || v instanceof Timespan) return Number(v.ns)
  if (typeof v === 'string') {
    const n = parseNumber(v)
    return n === null ? null : Number(n)
  }
  return null
}

/**
 * `toint`/`tolong`: reals truncate toward zero (NaN, infinities and values outside int64 → null),
 * bool 1/0, datetime/timespan ns, strings only as strict `[+-]digits` within int64; else null.
 */
export function toLong(v: Value): bigint | null {
  if (typeof v === 'bigint') return v
  if (typeof v === 'boolean') return v ? 1n : 0n
  if (v instanceof DateTime || v instanceof Timespan) return v.ns
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null
    const n = BigInt(Math.trunc(v))
    return fitsLong(n) ? n : null
  }
  if (typeof v === 'string' && INTEGER.test(v)) {
    const n = BigInt(v)
    return fitsLong(n) ? n : null
  }
  return null
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/

/**
 * The oracle's date text: `YYYY-MM-DD`, optionally `[T ]hh:mm[:ss[.fraction]]`, optionally `Z` or a
 * `±hh[:]mm` offset (UTC when absent). Fields out of range → null. (The engine may accept more
 * layouts; those are outside what the oracle checks.)
 */
export function parseDateText(s: string): bigint | null {
  const m = ISO.exec(s.trim())
  if (m === null) return null
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) =>
    x === undefined ? 0 : Number(x),
  )
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null
  const ms = Date.UTC(year, month - 1, day, hour, minute, second)
  if (new Date(ms).getUTCDate() !== day) return null
  const fraction = BigInt((m[7] ?? '').padEnd(9, '0'))
  let offsetMinutes = 0
  const zone = m[8]
  if (zone !== undefined && zone !== 'Z') {
    const digits = zone.replace(':', '')
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3)))
  }
  return BigInt(ms) * 1_000_000n + fraction - BigInt(offsetMinutes) * 60_000_000_000n
}

/** A datetime holds int64 epoch nanoseconds; anything past that range is no datetime. */
function dateTimeOrNull(ns: bigint | null): DateTime | null {
  if (ns === null || ns < -(1n << 63n) || ns >= 1n << 63n) return null
  return new DateTime(ns)
}

/** Kusto's clock form `[-][d.]hh:mm[:ss[.fffffffff]]` in ns, or null (the oracle's own reading). */
function clockText(s: string): bigint | null {
  const m = /^([+-]?)(?:(\d+)\.)?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/.exec(s)
  if (m === null) return null
  const [, sign, d, h, mi, se, f] = m
  if ((d !== undefined && Number(h) > 23) || Number(mi) > 59 || Number(se ?? 0) > 59) return null
  const secs = ((BigInt(d ?? 0) * 24n + BigInt(h)) * 60n + BigInt(mi)) * 60n + BigInt(se ?? 0)
  const ns = secs * 1_000_000_000n + BigInt((f ?? '').padEnd(9, '0'))
  return sign === '-' ? -ns : ns
}

/**
 * `totimespan`: timespans as is, numbers as ns (reals truncate), strings as Go duration text (the
 * `d`/`w` extension included) or Kusto's clock form; anything else null (§7, rule 11).
 */
export function toTimespan(v: Value): Timespan | null {
  if (v instanceof Timespan) return v
  if (typeof v === 'bigint') return new Timespan(v)
  if (typeof v === 'number') return Number.isFinite(v) ? new Timespan(BigInt(Math.trunc(v))) : null
  if (typeof v === 'string') {
    const ns = parseGoDuration(v.trim()) ?? clockText(v.trim())
    return ns === null ? null : new Timespan(ns)
  }
  return null
}

/**
 * `todatetime`: datetimes as is, numbers as epoch ns (reals truncate), strings by `parseDateText`;
 * null outside the int64 nanoseconds a datetime holds.
 */
export function toDateTime(v: Value): DateTime | null {
  if (v instanceof DateTime) return v
  if (typeof v === 'bigint') return dateTimeOrNull(v)
  if (typeof v === 'number') return Number.isFinite(v) ? dateTimeOrNull(BigInt(Math.trunc(v))) : null
  if (typeof v === 'string') return dateTimeOrNull(parseDateText(v))
  return null
}
