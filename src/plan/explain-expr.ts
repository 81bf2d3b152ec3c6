// plan/explain-expr.ts: bound expressions printed back in APL-like form (`(method == "GET")`,
// `bin(_time, 1h)`, `x['k']`). Deterministic; one printer per ExprKind.

import type { AplType } from '../catalog/index.ts'
import type { BoundExpr, Coercion, ExprKind, ExprOf } from './bound-expr.ts'
import { formatLiteral } from './format-value.ts'

/** A column name as written in a query: bare when it is a plain identifier, else `['geo.city']`. */
export function formatName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `[${singleQuoted(name)}]`
}

/** `'text'` with backslashes and single quotes escaped, as APL writes bracketed names and keys. */
function singleQuoted(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`
}

/** The conversion function that spells a cast to `type`. */
const CAST_NAMES: { readonly [T in AplType]: string } = {
  bool: 'tobool',
  long: 'tolong',
  real: 'toreal',
  string: 'tostring',
  datetime: 'todatetime',
  timespan: 'totimespan',
  dynamic: 'todynamic',
  unknown: 'todynamic',
}

/** How a comparison's coercion shows: nothing for same-typed operands. */
const COERCION_NOTES: { readonly [C in Coercion]: string } = {
  none: '',
  'string-number': ' {numeric}',
  'per-value': ' {per-value}',
}

const list = (xs: readonly BoundExpr[]) => xs.map(formatExpr).join(', ')

type Printers = { readonly [K in ExprKind]: (e: ExprOf<K>) => string }

const PRINTERS: Printers = {
  Column: (e) => formatName(e.name),
  Literal: (e) => formatLiteral(e.type, e.value),
  Call: (e) => `${e.fn.name}(${list(e.args)})`,
  AggCall: (e) => `${e.fn.name}(${list(e.args)})`,
  Binary: (e) => `(${formatExpr(e.left)} ${e.op.symbol} ${formatExpr(e.right)}${COERCION_NOTES[e.coercion]})`,
  Unary: (e) =>
    e.op.symbol === '-' ? `-${formatExpr(e.operand)}` : `${e.op.symbol}(${formatExpr(e.operand)})`,
  InList: (e) => `(${formatExpr(e.left)} ${e.op.symbol} (${list(e.values)})${COERCION_NOTES[e.coercion]})`,
  Between: (e) =>
    `(${formatExpr(e.left)} ${e.op.symbol} (${formatExpr(e.low)} .. ${formatExpr(e.high)})${COERCION_NOTES[e.coercion]})`,
  Cast: (e) => `${CAST_NAMES[e.type]}(${formatExpr(e.operand)})`,
  Member: (e) => `${formatExpr(e.target)}[${singleQuoted(e.key)}]`,
  Index: (e) => `${formatExpr(e.target)}[${formatExpr(e.index)}]`,
  AnyColumn: (e) => `(* ${e.op.symbol} ${formatExpr(e.right)})`,
}

/** APL-like text of a bound expression. */
export function formatExpr(e: BoundExpr): string {
  return (PRINTERS[e.kind] as (x: BoundExpr) => string)(e)
}
