// legacy/from-apl-filter.ts: an APL predicate → the legacy filter that means the same (the reverse of
// filter-ops.ts), or undefined when the predicate has no legacy form. Pure AST inspection.

import type { Expr, Literal } from '../syntax/ast.ts'
import { formatRfc3339Nano } from '../util/time/index.ts'
import type { LegacyFilter } from './types.ts'

/** APL binary operator → legacy op and case sensitivity. */
const COMPARISONS: Readonly<Record<string, { readonly op: string; readonly caseSensitive: boolean }>> = {
  '==': { op: '==', caseSensitive: true },
  '!=': { op: '!=', caseSensitive: true },
  '=~': { op: '==', caseSensitive: false },
  '!~': { op: '!=', caseSensitive: false },
  '<': { op: '<', caseSensitive: true },
  '<=': { op: '<=', caseSensitive: true },
  '>': { op: '>', caseSensitive: true },
  '>=': { op: '>=', caseSensitive: true },
  contains: { op: 'contains', caseSensitive: false },
  contains_cs: { op: 'contains', caseSensitive: true },
  '!contains': { op: 'not-contains', caseSensitive: false },
  '!contains_cs': { op: 'not-contains', caseSensitive: true },
  startswith: { op: 'starts-with', caseSensitive: false },
  startswith_cs: { op: 'starts-with', caseSensitive: true },
  '!startswith': { op: 'not-starts-with', caseSensitive: false },
  '!startswith_cs': { op: 'not-starts-with', caseSensitive: true },
  endswith: { op: 'ends-with', caseSensitive: false },
  endswith_cs: { op: 'ends-with', caseSensitive: true },
  '!endswith': { op: 'not-ends-with', caseSensitive: false },
  '!endswith_cs': { op: 'not-ends-with', caseSensitive: true },
  'matches regex': { op: 'regexp', caseSensitive: true },
  '!matches regex': { op: 'not-regexp', caseSensitive: true },
}

/** `isnull(x)` / `isnotnull(x)` → legacy op. */
const NULL_TESTS: Readonly<Record<string, string>> = { isnull: 'not-exists', isnotnull: 'exists' }

/** The field a plain column reference names, or undefined. */
export function fieldName(e: Expr): string | undefined {
  return e.kind === 'Name' || e.kind === 'BracketName' ? e.name : undefined
}

/** A literal's JSON value (datetimes as RFC 3339), or undefined for kinds legacy values cannot hold. */
export function literalValue(e: Expr): { readonly value: unknown } | undefined {
  if (e.kind !== 'Literal') return undefined
  const lit = e as Literal
  if (lit.value === null) return { value: null }
  switch (lit.type) {
    case 'string':
    case 'bool':
    case 'real':
      return { value: lit.value }
    case 'long':
      return Number.isSafeInteger(Number(lit.value)) ? { value: Number(lit.value) } : undefined
    case 'datetime':
      return { value: formatRfc3339Nano(lit.value) }
    default:
      return undefined
  }
}

function notCallArg(e: Expr): Expr | undefined {
  if (e.kind !== 'Call' || e.name.name !== 'not' || e.args.length !== 1) return undefined
  const a = e.args[0]
  return a.kind === 'NamedExpr' ? undefined : a
}

/** The legacy filter of an APL predicate, or undefined. */
export function filterOfPredicate(e: Expr): LegacyFilter | undefined {
  if (e.kind === 'Binary' && (e.op === 'and' || e.op === 'or')) {
    const l = filterOfPredicate(e.left)
    const r = filterOfPredicate(e.right)
    return l && r ? { op: e.op, children: [l, r] } : undefined
  }
  // `not x` and the function form `not(x)`.
  const negated = e.kind === 'Unary' && e.op === 'not' ? e.operand : notCallArg(e)
  if (negated !== undefined) {
    const inner = filterOfPredicate(negated)
    return inner ? { op: 'not', children: [inner] } : undefined
  }
  if (e.kind === 'Call' && Object.hasOwn(NULL_TESTS, e.name.name) && e.args.length === 1) {
    const field = fieldName(e.args[0] as Expr)
    return field === undefined ? undefined : { op: NULL_TESTS[e.name.name], field }
  }
  if (e.kind !== 'Binary' || !Object.hasOwn(COMPARISONS, e.op)) return undefined
  const field = fieldName(e.left)
  const value = literalValue(e.right)
  if (field === undefined || value === undefined) return undefined
  const { op, caseSensitive } = COMPARISONS[e.op]
  return { op, field, value: value.value, caseSensitive }
}
