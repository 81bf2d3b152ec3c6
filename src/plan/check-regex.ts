// plan/check-regex.ts: the binder's one check of an RE2 pattern written as a literal (a function's
// `regex` parameter, the right operand of `matches regex`, a `parse kind=regex` pattern): RE2 must
// compile it, else APL0311 at the pattern. Computed patterns are the kernels' (an invalid one: null).
import { RE2JS } from 're2js'
import type { Param } from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import type { BindContext } from './bind-context.ts'
import type { BoundExpr } from './bound-expr.ts'

/** Fails with APL0311 at `span` when RE2 rejects `source`. */
export function checkRegex(source: string, span: Span, ctx: BindContext): void {
  try {
    RE2JS.compile(source)
  } catch (e) {
    ctx.fail('APL0311', span, { pattern: source, reason: (e as Error).message })
  }
}

/** Checks each literal string argument bound to a `regex` parameter. */
export function checkRegexArgs(params: readonly Param[], args: readonly BoundExpr[], ctx: BindContext): void {
  args.forEach((a, i) => {
    if (params[i]?.regex === true && a.kind === 'Literal' && typeof a.value === 'string') {
      checkRegex(a.value, a.span, ctx)
    }
  })
}
