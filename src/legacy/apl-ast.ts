// legacy/apl-ast.ts: small builders of APL AST nodes for the legacy translator. The translator builds
// an AST (never splices text), so field names and values cannot change the query's structure.

import { isPlainName } from '../../grammar/tokens.ts'
import type { Span } from '../diagnostics/span.ts'
import { type BinaryOp, type Expr, literal, type NamedExpr, node } from '../syntax/ast.ts'

/** Generated nodes have no source text: every span is empty. */
export const NO_SPAN: Span = { start: 0, length: 0 }

/** A column reference: a plain name when it lexes as one, else `['name']`. */
export function column(name: string): Expr {
  return isPlainName(name) ? node('Name', { name }, NO_SPAN) : node('BracketName', { name }, NO_SPAN)
}

/** `name = expr` (an output column or a named summarize key). */
export function named(name: string, expr: Expr): NamedExpr {
  const n = isPlainName(name) ? node('Name', { name }, NO_SPAN) : node('BracketName', { name }, NO_SPAN)
  return node('NamedExpr', { name: n, expr }, NO_SPAN)
}

/** A string literal. */
export function str(value: string): Expr {
  return literal({ type: 'string', value }, NO_SPAN)
}

/** A bool literal. */
export function bool(value: boolean): Expr {
  return literal({ type: 'bool', value }, NO_SPAN)
}

/** A number literal: a safe integer is a long, anything else a real. */
export function num(value: number): Expr {
  return Number.isSafeInteger(value) && !Object.is(value, -0)
    ? literal({ type: 'long', value: BigInt(value) }, NO_SPAN)
    : literal({ type: 'real', value }, NO_SPAN)
}

/** A real literal, even for a whole number (so `/` divides without truncating). */
export function real(value: number): Expr {
  return literal({ type: 'real', value }, NO_SPAN)
}

/** A datetime literal (epoch ns). */
export function datetime(ns: bigint): Expr {
  return literal({ type: 'datetime', value: ns }, NO_SPAN)
}

/** A timespan literal (ns). */
export function timespan(ns: bigint): Expr {
  return literal({ type: 'timespan', value: ns }, NO_SPAN)
}

/** `real(null)`: the value of a field the dataset does not have, where a number is expected. */
export const NULL_REAL: Expr = literal({ type: 'real', value: null }, NO_SPAN)

/** `dynamic(null)`: the value of a field the dataset does not have, where any type will do. */
export const NULL_DYNAMIC: Expr = literal({ type: 'dynamic', value: null }, NO_SPAN)

/** `left op right`. */
export function binary(op: BinaryOp, left: Expr, right: Expr): Expr {
  return node('Binary', { op, left, right }, NO_SPAN)
}

/** `not (e)`. */
export function not(e: Expr): Expr {
  return node('Unary', { op: 'not', operand: e }, NO_SPAN)
}

/** `fn(args)` (an argument may be named: `arg_max(x, n = y)`). */
export function call(fn: string, args: readonly (Expr | NamedExpr)[]): Expr {
  return node('Call', { name: node('Name', { name: fn }, NO_SPAN), args }, NO_SPAN)
}

/** `e1 and e2 and …` (`true` for none). */
export function and(parts: readonly Expr[]): Expr {
  return parts.length === 0 ? bool(true) : parts.reduce((a, b) => binary('and', a, b))
}

/** `e1 or e2 or …` (`false` for none). */
export function or(parts: readonly Expr[]): Expr {
  return parts.length === 0 ? bool(false) : parts.reduce((a, b) => binary('or', a, b))
}
