// test/reference/operators.ts: one row-wise implementation per scalar-operator kernel key of the
// catalog (every key, T3 included), over already evaluated operands in source order: lhs, rhs;
// `in` lists as lhs then each listed value; `between` as lhs, low, high; prefix ops one operand.

import type { ScalarOperatorKernelKey } from '../../src/catalog/index.ts'
import { type ArithOp, arithmetic, negate } from './arithmetic.ts'
import { equals, notEquals, ordered } from './compare.ts'
import { toText } from './convert.ts'
import { compileRegex, fold, hasTerm } from './strings.ts'
import { fromJson, type Json, type Value } from './values.ts'

/** What an operator may need beyond its operands. */
export interface OperatorContext {
  readonly strictTypes: boolean
}

/** A scalar operator over its evaluated operands. */
export type OperatorKernel = (args: readonly Value[], ctx: OperatorContext) => Value

/** Three-valued `and`: false wins, then null; a non-bool operand counts as null. */
export function and3(a: Value, b: Value): boolean | null {
  if (a === false || b === false) return false
  return a === true && b === true ? true : null
}

/** Three-valued `or`: true wins, then null; a non-bool operand counts as null. */
export function or3(a: Value, b: Value): boolean | null {
  if (a === true || b === true) return true
  return a === false && b === false ? false : null
}

/** Three-valued `not`: null (and any non-bool) stays null. */
export function not3(a: Value): boolean | null {
  return typeof a === 'boolean' ? !a : null
}

const arith =
  (op: ArithOp): OperatorKernel =>
  ([a, b]) =>
    arithmetic(op, a, b)

const order =
  (test: (o: number) => boolean): OperatorKernel =>
  ([a, b], ctx) =>
    ordered(a, b, ctx.strictTypes, test)

/**
 * A string predicate: operands as `tostring` text, folded unless case-sensitive. A null operand
 * makes the positive form false and the negated form true (apl-reference §5.2, Kusto).
 */
function stringOp(
  test: (l: string, r: string) => boolean,
  caseSensitive: boolean,
  negated = false,
): OperatorKernel {
  return ([l, r]) => {
    if (l === null || r === null) return negated
    const a = caseSensitive ? toText(l) : fold(toText(l))
    const b = caseSensitive ? toText(r) : fold(toText(r))
    return test(a, b) !== negated
  }
}

/** Both case forms and their negations of one string test, keyed like the catalog. */
function stringFamily(test: (l: string, r: string) => boolean) {
  return {
    ci: stringOp(test, false),
    notCi: stringOp(test, false, true),
    cs: stringOp(test, true),
    notCs: stringOp(test, true, true),
  }
}

/** A dynamic array's elements, nested arrays flattened (Axiom's in~ page: `('a', ['b', 'c'])`). */
function flatJson(v: readonly Json[]): Json[] {
  return v.flatMap((e) => (Array.isArray(e) ? flatJson(e) : [e]))
}

/**
 * A set predicate: true when the lhs matches any listed value; a dynamic array in the list
 * contributes its elements. A null lhs: positive form false, negated form true.
 */
function setOp(
  match: (l: Value, v: Value, ctx: OperatorContext) => boolean,
  negated = false,
): OperatorKernel {
  return ([l, ...values], ctx) => {
    if (l === null) return negated
    const candidates = values.flatMap((v) => (Array.isArray(v) ? flatJson(v).map(fromJson) : [v]))
    return candidates.some((c) => match(l, c, ctx)) !== negated
  }
}

const inCs = (l: Value, v: Value, ctx: OperatorContext) => equals(l, v, ctx.strictTypes) === true
const inCi = (l: Value, v: Value) => v !== null && fold(toText(l)) === fold(toText(v))
const hasAny = (caseSensitive: boolean) => (l: Value, v: Value) => {
  if (v === null) return false
  const [a, b] = caseSensitive ? [toText(l), toText(v)] : [fold(toText(l)), fold(toText(v))]
  return hasTerm(a, b, 'whole')
}

/** `lhs between (low .. high)`, inclusive: (lhs >= low) and (lhs <= high), three-valued. */
const between: OperatorKernel = ([l, low, high], ctx) =>
  and3(
    ordered(l, low, ctx.strictTypes, (o) => o >= 0),
    ordered(l, high, ctx.strictTypes, (o) => o <= 0),
  )

const contains = stringFamily((l, r) => l.includes(r))
const startsWith = stringFamily((l, r) => l.startsWith(r))
const endsWith = stringFamily((l, r) => l.endsWith(r))
const has = stringFamily((l, r) => hasTerm(l, r, 'whole'))
const hasPrefix = stringFamily((l, r) => hasTerm(l, r, 'prefix'))
const hasSuffix = stringFamily((l, r) => hasTerm(l, r, 'suffix'))
const matches = (l: string, r: string) => compileRegex(r).test(l)

/** Every scalar operator of the catalog, by kernel key. */
export const OPERATORS: { readonly [K in ScalarOperatorKernelKey]: OperatorKernel } = {
  eq: ([a, b], ctx) => equals(a, b, ctx.strictTypes),
  ne: ([a, b], ctx) => notEquals(a, b, ctx.strictTypes),
  lt: order((o) => o < 0),
  le: order((o) => o <= 0),
  gt: order((o) => o > 0),
  ge: order((o) => o >= 0),
  and: ([a, b]) => and3(a, b),
  or: ([a, b]) => or3(a, b),
  not: ([a]) => not3(a),
  add: arith('+'),
  sub: arith('-'),
  negate: ([a]) => negate(a),
  mul: arith('*'),
  div: arith('/'),
  mod: arith('%'),
  eq_ci: stringOp((l, r) => l === r, false),
  ne_ci: stringOp((l, r) => l === r, false, true),
  contains: contains.ci,
  not_contains: contains.notCi,
  contains_cs: contains.cs,
  not_contains_cs: contains.notCs,
  startswith: startsWith.ci,
  not_startswith: startsWith.notCi,
  startswith_cs: startsWith.cs,
  not_startswith_cs: startsWith.notCs,
  endswith: endsWith.ci,
  not_endswith: endsWith.notCi,
  endswith_cs: endsWith.cs,
  not_endswith_cs: endsWith.notCs,
  has: has.ci,
  not_has: has.notCi,
  has_cs: has.cs,
  not_has_cs: has.notCs,
  hasprefix: hasPrefix.ci,
  not_hasprefix: hasPrefix.notCi,
  hasprefix_cs: hasPrefix.cs,
  not_hasprefix_cs: hasPrefix.notCs,
  hassuffix: hasSuffix.ci,
  not_hassuffix: hasSuffix.notCi,
  hassuffix_cs: hasSuffix.cs,
  not_hassuffix_cs: hasSuffix.notCs,
  matches_regex: stringOp(matches, true),
  not_matches_regex: stringOp(matches, true, true),
  in: setOp(inCs),
  not_in: setOp(inCs, true),
  in_ci: setOp(inCi),
  not_in_ci: setOp(inCi, true),
  has_any: setOp(hasAny(false)),
  has_any_cs: setOp(hasAny(true)),
  between,
  not_between: (args, ctx) => not3(between(args, ctx)),
}
