// catalog/type-rules.ts: how APL types combine (common type of branches, arithmetic result types,
// comparability). The single home of apl-reference §3 typing and decision §10.5; no I/O, no values.

import type { AplType } from './apl-types.ts'

/** A combination that has no type: `argIndex` is the offending operand, `expected` says what would fit. */
export interface TypeConflict {
  readonly argIndex: number
  readonly expected: string
}

/** Types that are decided per value at run time, so any static combination is let through. */
function isRuntimeTyped(t: AplType): boolean {
  return t === 'unknown' || t === 'dynamic'
}

/**
 * The common type of several values (branches of `iff`/`case`, `coalesce` args): equal types stay,
 * long+real widen to real, anything with `unknown` is unknown, otherwise anything with `dynamic` is
 * dynamic (`iff(p, x, dynamic(null))` is the documented way to yield null). `indices` name the args.
 */
export function commonType(types: readonly AplType[], indices: readonly number[]): AplType | TypeConflict {
  let acc = types[indices[0]]
  for (let k = 1; k < indices.length; k++) {
    const t = types[indices[k]]
    if (t === acc) continue
    if (acc === 'unknown' || t === 'unknown') acc = 'unknown'
    else if (acc === 'dynamic' || t === 'dynamic') acc = 'dynamic'
    else if ((acc === 'long' && t === 'real') || (acc === 'real' && t === 'long')) acc = 'real'
    else return { argIndex: indices[k], expected: acc === 'long' ? 'long or real' : acc }
  }
  return acc
}

/** Binary arithmetic operator symbols. */
export type ArithmeticOp = '+' | '-' | '*' | '/' | '%'

type Row = readonly [AplType, AplType, AplType]

const NUMERIC_ROWS: readonly Row[] = [
  ['long', 'long', 'long'],
  ['long', 'real', 'real'],
  ['real', 'long', 'real'],
  ['real', 'real', 'real'],
]

/** lhs ∘ rhs → result, per apl-reference §3 (long∘long stays long, so `/` truncates: decision §10.5). */
const ARITHMETIC: { readonly [O in ArithmeticOp]: readonly Row[] } = {
  '+': [
    ...NUMERIC_ROWS,
    ['datetime', 'timespan', 'datetime'],
    ['timespan', 'datetime', 'datetime'],
    ['timespan', 'timespan', 'timespan'],
  ],
  '-': [
    ...NUMERIC_ROWS,
    ['datetime', 'timespan', 'datetime'],
    ['datetime', 'datetime', 'timespan'],
    ['timespan', 'timespan', 'timespan'],
  ],
  '*': [
    ...NUMERIC_ROWS,
    ['timespan', 'long', 'timespan'],
    ['timespan', 'real', 'timespan'],
    ['long', 'timespan', 'timespan'],
    ['real', 'timespan', 'timespan'],
  ],
  '/': [
    ...NUMERIC_ROWS,
    ['timespan', 'long', 'timespan'],
    ['timespan', 'real', 'timespan'],
    ['timespan', 'timespan', 'real'],
  ],
  '%': NUMERIC_ROWS,
}

/** The result type of `lhs op rhs`, or which operand does not fit. */
export function arithmeticType(op: ArithmeticOp, lhs: AplType, rhs: AplType): AplType | TypeConflict {
  const rows = ARITHMETIC[op]
  for (const [l, r, out] of rows) if (l === lhs && r === rhs) return out
  const lhsOk = isRuntimeTyped(lhs) || rows.some((row) => row[0] === lhs)
  if (!lhsOk) return { argIndex: 0, expected: operandText(rows.map((row) => row[0])) }
  if (isRuntimeTyped(lhs) || isRuntimeTyped(rhs)) {
    const rhsOk = isRuntimeTyped(rhs) || rows.some((row) => row[1] === rhs)
    return rhsOk ? 'unknown' : { argIndex: 1, expected: operandText(rows.map((row) => row[1])) }
  }
  return { argIndex: 1, expected: operandText(rows.filter((row) => row[0] === lhs).map((row) => row[1])) }
}

/** The result type of unary minus. */
export function negateType(operand: AplType): AplType | TypeConflict {
  if (operand === 'long' || operand === 'real' || operand === 'timespan') return operand
  if (isRuntimeTyped(operand)) return 'unknown'
  return { argIndex: 0, expected: 'long, real or timespan' }
}

function operandText(types: readonly AplType[]): string {
  const unique = [...new Set(types)]
  return unique.length === 1 ? unique[0] : `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`
}

/**
 * Whether `lhs` and `rhs` may be compared. Equal types, numeric pairs, and string vs number (compared
 * numerically when the string parses, decision §10.5) are fine; `ordered` comparisons (`<` …) also
 * refuse bool. Runtime-typed operands are always let through.
 */
export function comparable(lhs: AplType, rhs: AplType, ordered: boolean): boolean {
  if (isRuntimeTyped(lhs) || isRuntimeTyped(rhs)) return true
  if (ordered && (lhs === 'bool' || rhs === 'bool')) return false
  if (lhs === rhs) return true
  const num = (t: AplType) => t === 'long' || t === 'real'
  if (num(lhs) && num(rhs)) return true
  return (num(lhs) && rhs === 'string') || (lhs === 'string' && num(rhs))
}
