// syntax/syntax-errors.ts: lexer and parser failures → coded diagnostics with spans and suggestions.
// The only place that interprets Chevrotain's error objects; EOF (offset -1/NaN) maps to the text end.

import type { IRecognitionException, IToken } from 'chevrotain'
import type { LexResult } from '../../grammar/lexer.ts'
import * as T from '../../grammar/tokens.ts'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { suggest } from '../diagnostics/suggest.ts'
import { TIMESPAN_UNIT_NAMES } from './timespan-text.ts'

/** At most this many diagnostics are reported for one query. */
export const MAX_DIAGNOSTICS = 20

/** Clause keywords a misspelled word is compared with after an expression ends. */
const CLAUSE_KEYWORDS = [
  'by',
  'on',
  'with',
  'asc',
  'desc',
  'nulls',
  'first',
  'last',
  'from',
  'to',
  'step',
  'default',
]

/** Tabular operator keyword tokens (for "did you forget `|`?"). */
const OPERATOR_TOKENS = new Set([
  T.Where,
  T.Summarize,
  T.Extend,
  T.Project,
  T.Take,
  T.Limit,
  T.Top,
  T.Sort,
  T.Order,
  T.Count,
  T.Distinct,
  T.Join,
  T.Lookup,
  T.Parse,
  T.Sample,
  T.Redact,
  T.Getschema,
  T.Render,
  T.Search,
  T.Union,
])

function isEndToken(t: IToken | undefined): boolean {
  return t === undefined || !(t.startOffset >= 0) || t.tokenType.name === 'EOF'
}

/** How a found token reads in a message: `` `x` ``, "string \"x\"" or "end of query". */
export function describeFound(t: IToken | undefined): string {
  if (isEndToken(t)) return 'end of query'
  const token = t as IToken
  const image = token.image.length > 40 ? `${token.image.slice(0, 37)}…` : token.image
  return token.tokenType === T.StringLiteral ? `string ${image}` : `\`${image}\``
}

function numberHint(image: string): string | undefined {
  const m = /^(\d+(?:\.\d+)?)([A-Za-z_]+)$/.exec(image)
  if (m === null) return undefined
  const unit = suggest(m[2], TIMESPAN_UNIT_NAMES)
  const base = 'a timespan is a number and a unit (d, h, m, s, ms, microsecond, tick)'
  return unit === undefined ? base : `${base}; did you mean \`${m[1]}${unit}\`?`
}

/** Diagnostics for lexer errors and for tokens that only exist to be reported (bad strings/numbers). */
export function lexDiagnostics(source: string, lexed: LexResult): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const e of lexed.errors) {
    const char = String.fromCodePoint(source.codePointAt(e.offset) ?? 0xfffd)
    out.push(createDiagnostic(source, 'APL0002', { start: e.offset, length: char.length }, { char }))
  }
  for (const t of lexed.tokens) {
    if (t.tokenType === T.BadString) {
      const quote = t.image[0] === '@' ? t.image[1] : t.image[0]
      out.push(
        createDiagnostic(source, 'APL0001', { start: t.startOffset, length: t.image.length }, { quote }),
      )
    } else if (t.tokenType === T.BadNumber) {
      const span = { start: t.startOffset, length: t.image.length }
      out.push(createDiagnostic(source, 'APL0003', span, { text: t.image, hint: numberHint(t.image) }))
    }
  }
  out.sort((a, b) => a.span.start - b.span.start)
  return out.slice(0, MAX_DIAGNOSTICS)
}

/**
 * Diagnostic for a parser exception. `endToken` stands in for end-of-input when a sub-range was
 * parsed on its own (the closing bracket that really follows it).
 */
export function recognitionDiagnostic(
  source: string,
  error: IRecognitionException,
  endToken?: IToken,
): Diagnostic {
  const atEnd = isEndToken(error.token)
  const token = atEnd ? endToken : error.token
  const expected = error.message
  if (token === undefined) {
    return createDiagnostic(source, 'APL0102', { start: source.length, length: 0 }, { expected })
  }
  const span = { start: token.startOffset, length: token.image.length }
  const rule = error.context?.ruleStack?.at(-1)
  const found = describeFound(token)
  if (error.name === 'NoViableAltException' && rule === 'queryOperator' && /^[A-Za-z_]/.test(token.image)) {
    return createDiagnostic(source, 'APL0103', span, {
      name: token.image,
      suggestion: suggest(token.image, T.TABULAR_OPERATOR_NAMES),
    })
  }
  if (error.name === 'NotAllInputParsedException') {
    const operator = OPERATOR_TOKENS.has(token.tokenType) || T.TABULAR_OPERATOR_NAMES.includes(token.image)
    const clause = T.isNameToken(token) ? suggest(token.image, CLAUSE_KEYWORDS) : undefined
    const hint = operator
      ? 'did you forget a `|` before it?'
      : clause !== undefined
        ? `did you mean \`${clause}\`?`
        : undefined
    return createDiagnostic(source, 'APL0104', span, { found, hint })
  }
  const keywords = [...expected.matchAll(/`([a-z_-]+)`/g)].map((m) => m[1])
  const suggestion = T.isNameToken(token) && keywords.length > 0 ? suggest(token.image, keywords) : undefined
  return createDiagnostic(source, 'APL0101', span, { expected, found, suggestion })
}
