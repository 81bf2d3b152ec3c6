// test/reference/scalar/conversion.ts: the reference's conversion functions, row at a time: todouble,
// toint, tostring, todatetime, totimespan (the conversion rules of convert.ts), tobool, tohex, toarray,
// dynamic_to_json (rules M9–M10). Written
// from the functions' documentation, never from engine code.

import { toDateTime, toLong, toReal, toText, toTimespan } from '../convert.ts'
import { canonicalJson, DateTime, isNumber, type JsonObject, kindOf, Timespan, toJson } from '../values.ts'
import { type FamilyImpls, int, strict } from './define.ts'

/** Axiom's tobool strings. */
const TRUE_TEXT = ['1', 't', 'T', 'TRUE', 'true', 'True']
const FALSE_TEXT = ['0', 'f', 'F', 'FALSE', 'false', 'False']

/** The conversion family. */
export const CONVERSION: FamilyImpls<'conversion'> = {
  tobool: strict(([v]) => {
    if (typeof v === 'boolean') return v
    if (isNumber(v)) return Number(v) !== 0
    if (v instanceof DateTime || v instanceof Timespan) return v.ns !== 0n
    if (typeof v === 'string') return TRUE_TEXT.includes(v) ? true : FALSE_TEXT.includes(v) ? false : null
    return null
  }),
  tohex: strict(([v, width]) => {
    if (!isNumber(v)) return null
    const digits = BigInt.asUintN(64, BigInt(int(v))).toString(16)
    return width === undefined ? digits : digits.padStart(Math.max(0, int(width)), '0')
  }),
  todouble: ([v]) => toReal(v),
  toint: ([v]) => toLong(v),
  tostring: ([v]) => toText(v),
  todatetime: ([v]) => toDateTime(v),
  totimespan: ([v]) => toTimespan(v),
  // M9: an array stays, a property bag gives its values, null (nothing to coerce) gives [], a scalar is wrapped.
  toarray: ([v]) =>
    v === null
      ? []
      : Array.isArray(v)
        ? v
        : kindOf(v) === 'object'
          ? Object.values(v as JsonObject)
          : [toJson(v)],
  // M10: containers as JSON with keys sorted; any other value as its tostring text.
  dynamic_to_json: ([v]) =>
    kindOf(v) === 'array' || kindOf(v) === 'object' ? canonicalJson(toJson(v)) : toText(v),
}
