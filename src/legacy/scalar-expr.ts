// legacy/scalar-expr.ts: parses the APL expressions a legacy request carries (virtual fields, `*if`
// predicates) as one scalar expression each. Only the expression's AST is kept, so its text can never
// add operators, statements or other sources to the query the translator builds.

import type { Expr } from '../syntax/ast.ts'
import { parseApl } from '../syntax/parse.ts'
import { LegacyError, type LegacyErrorCode } from './errors.ts'

const WRAPPER = 'print '

/**
 * The AST of `text` as a single scalar expression. Parsed as `print <text>`: anything but exactly one
 * unnamed column (a pipe, a `;` statement, `a = b`) is refused with `code`.
 */
export function parseScalarExpr(text: string, code: LegacyErrorCode, what: string): Expr {
  if (text.trim() === '') throw new LegacyError(code, `${what}: the expression is empty`)
  const parsed = parseApl(`${WRAPPER}${text}`)
  if (parsed.ast === undefined) {
    const d = parsed.diagnostics[0]
    const at = Math.max(0, d.span.start - WRAPPER.length)
    const why = d.message.replace(/^line: \d+, col: \d+: /, '')
    throw new LegacyError(
      code,
      `${what}: '${text}' is not an APL expression (${d.code} at character ${at + 1}: ${why})`,
    )
  }
  const { statements, body } = parsed.ast
  if (statements.length > 0 || body.kind !== 'Print' || body.columns.length !== 1) {
    throw new LegacyError(code, `${what}: '${text}' must be one scalar expression`)
  }
  const column = body.columns[0]
  if (column.kind === 'NamedExpr') {
    throw new LegacyError(code, `${what}: '${text}' must be an expression, not an assignment`)
  }
  return column
}
