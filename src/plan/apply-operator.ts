// plan/apply-operator.ts: binds a scalar-operator application (binary, prefix, list, range) to its
// catalog row: capability check, signature resolution, and the diagnostic when operand types do not fit.

import { lookupScalarOperator, resolveSignature } from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import type { BindContext, ExprScope } from './bind-context.ts'
import type { BoundExpr, OperatorRow } from './bound-expr.ts'
import { checkRegexArgs } from './check-regex.ts'
import { isConstant } from './expr-walk.ts'
import { refuseMapOperands } from './map-field-use.ts'

/** Case-insensitive string/set operators and the row `search kind=case_sensitive` binds them to. */
const CASE_SENSITIVE_VARIANT: Readonly<Record<string, string>> = {
  '=~': '==',
  '!~': '!=',
  contains: 'contains_cs',
  '!contains': '!contains_cs',
  startswith: 'startswith_cs',
  '!startswith': '!startswith_cs',
  endswith: 'endswith_cs',
  '!endswith': '!endswith_cs',
  has: 'has_cs',
  '!has': '!has_cs',
  hasprefix: 'hasprefix_cs',
  '!hasprefix': '!hasprefix_cs',
  hassuffix: 'hassuffix_cs',
  '!hassuffix': '!hassuffix_cs',
  'in~': 'in',
  '!in~': '!in',
  has_any: 'has_any_cs',
}

/**
 * The row of infix operator `symbol` (`:` is search's `has`), or fails as not supported. With
 * `caseSensitive`, a case-insensitive operator resolves to its `_cs` row; that lowering is search
 * semantics, so the engine's capabilities are not asked about the `_cs` row.
 */
export function operatorRow(
  symbol: string,
  opSpan: Span,
  scope: ExprScope,
  ctx: BindContext,
  lowered = false,
): OperatorRow {
  const written = symbol === ':' ? 'has' : symbol
  const row = lookupScalarOperator(written)
  // `lowered` rows come from the binder's own rewriting (search terms), not from the query text.
  if (row === undefined || (!lowered && !ctx.capabilities.operator(row))) {
    return ctx.fail('APL0307', opSpan, { feature: `operator \`${written}\`` })
  }
  const variant = scope.caseSensitive ? CASE_SENSITIVE_VARIANT[written] : undefined
  return variant === undefined ? row : (lookupScalarOperator(variant) ?? row)
}

/**
 * The result type of applying `row` to `operands`. A type mismatch fails with APL0306 pointing at the
 * offending operand; a non-constant operand where the row needs a constant (regexes) fails with APL0319.
 */
export function operatorResultType(
  row: OperatorRow,
  operands: readonly BoundExpr[],
  ctx: BindContext,
): BoundExpr['type'] {
  refuseMapOperands(operands, ctx)
  const match = resolveSignature(
    row,
    operands.map((o) => ({ type: o.type, constant: isConstant(o) })),
  )
  if (match.ok) {
    checkRegexArgs(match.params, operands, ctx)
    return match.returns
  }
  const { mismatch } = match
  const at = operands[Math.min(mismatch.argIndex, operands.length - 1)]
  if (mismatch.reason === 'constant') {
    return ctx.fail('APL0319', at.span, { name: `the right operand of \`${row.symbol}\`` })
  }
  const types = operands.map((o) => o.type)
  return ctx.fail('APL0306', at.span, {
    operator: row.symbol,
    left: types[0],
    right: types.length === 1 ? undefined : types.slice(1).join(', '),
  })
}

/**
 * The span of operator text `symbol` written between `from` (end of the left operand) and `to`, for
 * diagnostics that point at the operator; the fallback is the gap itself.
 */
export function operatorSpan(text: string, symbol: string, from: number, to: number): Span {
  const gap = text.slice(from, Math.max(from, to))
  const words = symbol.split(' ')
  const at = gap.indexOf(words[0])
  if (at < 0) return { start: from, length: Math.max(0, to - from) }
  let end = at + words[0].length
  for (const w of words.slice(1)) {
    const next = gap.indexOf(w, end)
    if (next < 0) break
    end = next + w.length
  }
  return { start: from + at, length: end - at }
}
