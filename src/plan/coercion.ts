// plan/coercion.ts: mixed-type comparison rules (apl-reference §3 notes, decision §10.5): a string
// against a number compares numerically; mixed columns decide per value; `set stricttypes` refuses both.

import type { AplType } from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import type { BindContext } from './bind-context.ts'
import type { Coercion } from './bound-expr.ts'

/** Operators whose operands are compared as values (equality/order, set membership, ranges). */
const COMPARING: ReadonlySet<string> = new Set([
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'in',
  '!in',
  'between',
  '!between',
])

/** True when operator `name` compares its operands (so §10.5 applies). */
export function isComparison(name: string): boolean {
  return COMPARING.has(name)
}

const isNumber = (t: AplType) => t === 'long' || t === 'real'
const isRuntime = (t: AplType) => t === 'unknown' || t === 'dynamic'

/** How a comparison of `left` with `right` handles their types. */
export function comparisonCoercion(left: AplType, right: AplType): Coercion {
  if (isRuntime(left) || isRuntime(right)) return 'per-value'
  if ((left === 'string' && isNumber(right)) || (isNumber(left) && right === 'string')) return 'string-number'
  return 'none'
}

/** The strongest coercion of a list of comparisons (string-number beats per-value beats none). */
export function strongestCoercion(coercions: readonly Coercion[]): Coercion {
  if (coercions.includes('string-number')) return 'string-number'
  return coercions.includes('per-value') ? 'per-value' : 'none'
}

/**
 * Applies the rule to a bound comparison: under `set stricttypes` a string/number comparison is an
 * error (APL0313); otherwise it is allowed with an implicit-conversion warning (APL0330). Per-value
 * comparisons are checked at run time against `plan.strictTypes`.
 */
export function checkCoercion(
  coercion: Coercion,
  left: AplType,
  right: AplType,
  span: Span,
  ctx: BindContext,
): void {
  if (coercion !== 'string-number') return
  if (ctx.strictTypes) ctx.fail('APL0313', span, { left, right })
  ctx.warn('APL0330', span, {
    detail: `${left} compared with ${right}: compared as numbers when the string parses, else false`,
  })
}
