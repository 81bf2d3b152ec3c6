// syntax/print-literal.ts: literal values → APL text that parses back to the identical value.
// Negative numbers use the typed forms (`long(-3)`), because `-3` parses as unary minus applied to 3.

import type { DynamicValue, Literal } from './ast-expr.ts'
import { formatDatetime } from './datetime-text.ts'
import { quoteString } from './string-literal.ts'
import { formatTimespanAmount } from './timespan-text.ts'

/** A finite double as text the lexer reads as a real (`1` → `1.0`, `1e+21` stays). */
function realText(v: number): string {
  if (Object.is(v, -0)) return '-0.0'
  const s = String(v)
  return /[.eE]/.test(s) ? s : `${s}.0`
}

function realLiteral(v: number | null): string {
  if (v === null) return 'real(null)'
  if (Number.isNaN(v)) return 'real(nan)'
  if (v === Number.POSITIVE_INFINITY) return 'real(+inf)'
  if (v === Number.NEGATIVE_INFINITY) return 'real(-inf)'
  return v < 0 || Object.is(v, -0) ? `real(${realText(v)})` : realText(v)
}

/** JSON-ish text of a dynamic value, as accepted inside `dynamic(...)`. */
export function printDynamicValue(v: DynamicValue): string {
  if (v === null) return 'null'
  if (typeof v === 'boolean') return String(v)
  if (typeof v === 'number') return Number.isInteger(v) && !Object.is(v, -0) ? String(v) : realText(v)
  if (typeof v === 'string') return quoteString(v)
  if (Array.isArray(v)) return `[${v.map(printDynamicValue).join(', ')}]`
  const obj = v as { readonly [key: string]: DynamicValue }
  return `{${Object.keys(obj)
    .map((k) => `${quoteString(k)}: ${printDynamicValue(obj[k])}`)
    .join(', ')}}`
}

/** APL text of a literal. */
export function printLiteral(lit: Literal): string {
  switch (lit.type) {
    case 'null':
      return 'null'
    case 'bool':
      return lit.value === null ? 'bool(null)' : String(lit.value)
    case 'long':
      return lit.value === null ? 'long(null)' : lit.value < 0n ? `long(${lit.value})` : String(lit.value)
    case 'real':
      return realLiteral(lit.value)
    case 'string':
      return quoteString(lit.value)
    case 'datetime':
      return lit.value === null ? 'datetime(null)' : `datetime(${formatDatetime(lit.value)})`
    case 'timespan':
      if (lit.value === null) return 'timespan(null)'
      return lit.value < 0n
        ? `timespan(-${formatTimespanAmount(-lit.value)})`
        : formatTimespanAmount(lit.value)
    case 'dynamic':
      return `dynamic(${printDynamicValue(lit.value)})`
  }
}
