// syntax/typed-literal.ts: decoding of TypedLiteral tokens — `long(-3)`, `int(null)`, `real(+inf)`,
// `bool(true)`, `datetime(…)`, `timespan(…)`, `typeof(string)` — into typed values (apl-reference §2.4).

import type { LiteralValue, ScalarTypeName } from './ast-expr.ts'
import { parseDatetimeText } from './datetime-text.ts'
import { decodeStringLiteral } from './string-literal.ts'
import { parseTimespanContent } from './timespan-text.ts'
import { resolveTypeName } from './type-names.ts'

/** Result of decoding: a literal value, a `typeof(...)` type, or an error with a stable code. */
export type TypedLiteralResult =
  | { readonly literal: LiteralValue }
  | { readonly typeOf: ScalarTypeName }
  | { readonly code: 'APL0106' | 'APL0107' | 'APL0108'; readonly reason: string }
  | { readonly code: 'APL0109'; readonly name: string }

/** Smallest 64-bit signed integer. */
export const MIN_LONG = -(2n ** 63n)
/** Largest 64-bit signed integer. */
export const MAX_LONG = 2n ** 63n - 1n

const LONG_TEXT = /^([+-]?)(0[xX][0-9a-fA-F]+|\d+)$/
const REAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

/** Parses signed integer text to a 64-bit bigint, or undefined when malformed or out of range. */
export function parseLongText(text: string): bigint | undefined {
  const m = LONG_TEXT.exec(text)
  if (m === null) return undefined
  const magnitude = BigInt(m[2])
  const value = m[1] === '-' ? -magnitude : magnitude
  return value < MIN_LONG || value > MAX_LONG ? undefined : value
}

function decodeLong(content: string): TypedLiteralResult {
  const value = parseLongText(content)
  return value === undefined
    ? { code: 'APL0108', reason: 'expected a 64-bit integer or null' }
    : { literal: { type: 'long', value } }
}

function decodeReal(content: string): TypedLiteralResult {
  const lower = content.toLowerCase()
  if (lower === 'nan') return { literal: { type: 'real', value: Number.NaN } }
  if (lower === 'inf' || lower === '+inf')
    return { literal: { type: 'real', value: Number.POSITIVE_INFINITY } }
  if (lower === '-inf') return { literal: { type: 'real', value: Number.NEGATIVE_INFINITY } }
  const value = REAL_TEXT.test(content) ? Number(content) : Number.NaN
  return Number.isFinite(value)
    ? { literal: { type: 'real', value } }
    : { code: 'APL0108', reason: 'expected a finite number, nan, +inf, -inf or null' }
}

function decodeBool(content: string): TypedLiteralResult {
  const lower = content.toLowerCase()
  if (lower === 'true' || lower === 'false') return { literal: { type: 'bool', value: lower === 'true' } }
  return { code: 'APL0108', reason: 'expected true, false or null' }
}

function decodeDatetime(content: string): TypedLiteralResult {
  let text = content
  if (/^@?['"]/.test(content)) {
    const decoded = decodeStringLiteral(content)
    if (!('value' in decoded)) return { code: 'APL0106', reason: 'invalid escape in the quoted date' }
    text = decoded.value
  }
  const ns = parseDatetimeText(text)
  return typeof ns === 'bigint'
    ? { literal: { type: 'datetime', value: ns } }
    : { code: 'APL0106', reason: ns.reason }
}

function decodeTimespan(content: string): TypedLiteralResult {
  const ns = parseTimespanContent(content)
  return typeof ns === 'bigint'
    ? { literal: { type: 'timespan', value: ns } }
    : { code: 'APL0107', reason: ns.reason }
}

/** Decoders per canonical type (one table instead of a switch over names). */
const DECODERS: Readonly<
  Record<Exclude<ScalarTypeName, 'string' | 'dynamic'>, (content: string) => TypedLiteralResult>
> = {
  long: decodeLong,
  real: decodeReal,
  bool: decodeBool,
  datetime: decodeDatetime,
  timespan: decodeTimespan,
}

/** Decodes a TypedLiteral token image such as `long(-3)` or `typeof(string)`. */
export function decodeTypedLiteral(image: string): TypedLiteralResult {
  const open = image.indexOf('(')
  const word = image.slice(0, open)
  const content = image.slice(open + 1, -1).trim()
  if (word === 'typeof') {
    const type = resolveTypeName(content)
    return type === undefined ? { code: 'APL0109', name: content } : { typeOf: type }
  }
  const type = resolveTypeName(word) as Exclude<ScalarTypeName, 'string' | 'dynamic'>
  if (content === 'null') return { literal: { type, value: null } as LiteralValue }
  return DECODERS[type](content)
}
