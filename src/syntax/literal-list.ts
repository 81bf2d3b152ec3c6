// syntax/literal-list.ts: the fast path for long `in (…)` lists of plain literals (strings, numbers,
// true/false/null): their values are read straight from the tokens, without a recursive-descent pass
// through every expression rule per value (30,000 constants took seconds that way). Same values and
// the same diagnostics as the grammar path (to-ast-data.ts `unsignedLiteralExpression`).
import type { IToken, TokenType } from 'chevrotain'
import * as T from '../../grammar/tokens.ts'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { type CallArg, type Expr, type LiteralValue, literal } from './ast.ts'
import { tokenSpan } from './cst-access.ts'
import { decodeStringLiteral } from './string-literal.ts'
import { parseLongText } from './typed-literal.ts'

/** Lists shorter than this go through the grammar as usual. */
export const LITERAL_LIST_MIN = 16

const PLAIN = new Set<TokenType>([T.StringLiteral, T.LongLiteral, T.RealLiteral, T.True, T.False, T.Null])

/** True when `content` (the tokens inside the brackets) is `literal (, literal)*` of plain literals, long enough. */
export function isLiteralList(content: readonly IToken[]): boolean {
  if (content.length < 2 * LITERAL_LIST_MIN - 1 || content.length % 2 === 0) return false
  for (let i = 0; i < content.length; i++) {
    const t = content[i].tokenType
    if (i % 2 === 0 ? !PLAIN.has(t) : t !== T.Comma) return false
  }
  return true
}

/** The list's values as literal expressions, or the first diagnostic (a bad escape, a number out of range). */
export function literalListValues(
  source: string,
  content: readonly IToken[],
): { readonly value: readonly CallArg[] } | { readonly diagnostics: readonly Diagnostic[] } {
  const values: Expr[] = []
  for (let i = 0; i < content.length; i += 2) {
    const t = content[i]
    const span = tokenSpan(t)
    const v = literalOf(t)
    if ('code' in v) return { diagnostics: [v.diagnostic(source, span)] }
    values.push(literal(v, span))
  }
  return { value: values }
}

type Failure = {
  readonly code: string
  diagnostic(source: string, span: { start: number; length: number }): Diagnostic
}

function literalOf(t: IToken): LiteralValue | Failure {
  switch (t.tokenType) {
    case T.StringLiteral: {
      const d = decodeStringLiteral(t.image)
      if ('value' in d) return { type: 'string', value: d.value }
      return {
        code: 'APL0004',
        diagnostic: (source) =>
          createDiagnostic(
            source,
            'APL0004',
            { start: t.startOffset + d.offset, length: d.sequence.length },
            d,
          ),
      }
    }
    case T.LongLiteral: {
      const value = parseLongText(t.image)
      if (value !== undefined) return { type: 'long', value }
      return outOfRange(t.image, 'out of the 64-bit integer range')
    }
    case T.RealLiteral: {
      const value = Number(t.image)
      if (Number.isFinite(value)) return { type: 'real', value }
      return outOfRange(t.image, 'out of the range of a real')
    }
    case T.True:
    case T.False:
      return { type: 'bool', value: t.tokenType === T.True }
    default:
      return { type: 'null', value: null }
  }
}

function outOfRange(text: string, reason: string): Failure {
  return {
    code: 'APL0108',
    diagnostic: (source, span) => createDiagnostic(source, 'APL0108', span, { text, reason }),
  }
}
