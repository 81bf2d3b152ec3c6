// syntax/limits.ts: the declared size limits of a query (RELIABILITY §2.3 B2), checked before any
// recursive parsing. Each check is a flat loop over the text or the tokens; none can overflow the stack.

import type { IToken } from 'chevrotain'
import * as T from '../../grammar/tokens.ts'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'

/** Longest accepted query, in UTF-8 bytes (ClickHouse's max_query_size default). */
export const MAX_QUERY_BYTES = 256 * 1024
/** Deepest accepted nesting (brackets + prefix operators + operator chains; SQLite/ClickHouse default). */
export const MAX_NESTING_DEPTH = 1000
/** Most tokens (whitespace and comments excluded) in one query. */
export const MAX_TOKENS = 65_536
/** Most `|` stages in one query, sub-queries included. */
export const MAX_PIPE_STAGES = 10_000

/** UTF-16 offset of the first character whose UTF-8 encoding ends past `limitBytes`. */
function offsetOfByte(text: string, limitBytes: number): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const pair = c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    // Same byte counts as Buffer.byteLength: a surrogate pair is 4 bytes, a lone surrogate 3 (U+FFFD).
    bytes += pair ? 4 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3
    if (bytes > limitBytes) return i
    if (pair) i++
  }
  return text.length
}

/** APL0201 when `text` is longer than MAX_QUERY_BYTES of UTF-8. */
export function checkQueryLength(text: string): Diagnostic | undefined {
  // UTF-8 takes 1–3 bytes per UTF-16 code unit, so short texts pass without counting.
  if (text.length <= MAX_QUERY_BYTES / 3) return undefined
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes <= MAX_QUERY_BYTES) return undefined
  const start = offsetOfByte(text, MAX_QUERY_BYTES)
  return createDiagnostic(
    text,
    'APL0201',
    { start, length: text.length - start },
    { bytes, limit: MAX_QUERY_BYTES },
  )
}

/**
 * Flat pre-lex scan for bracket floods: skips strings and `//` comments like the lexer does and returns
 * the offset of the bracket that first went past `limit`, but only when the depth later exceeds
 * `limit + 1` — a typed literal such as `datetime(…)` can add one bracket the lexer does not count, so
 * anything deeper is certainly over the token-level limit. Returns -1 otherwise. Lets a 100,000-deep
 * `((((…` be refused without lexing it.
 */
export function bracketFloodOffset(text: string, limit = MAX_NESTING_DEPTH): number {
  let depth = 0
  let firstOver = -1
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 40 || c === 91 || c === 123) {
      depth++
      if (depth === limit + 1 && firstOver < 0) firstOver = i
      if (depth > limit + 1) return firstOver
    } else if (c === 41 || c === 93 || c === 125) {
      depth--
    } else if (c === 39 || c === 34) {
      // A string runs to its closing quote or the end of the line; backslash escapes one character.
      const verbatim = i > 0 && text.charCodeAt(i - 1) === 64
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i)
        if (d === c || d === 10 || d === 13) break
        if (d === 92 && !verbatim) i++
      }
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++
    }
  }
  return -1
}

const OPENERS = new Set([T.LParen, T.LBracket, T.LCurly])
const CLOSERS = new Set([T.RParen, T.RBracket, T.RCurly])
const SEPARATORS = new Set([T.Comma, T.Pipe, T.Semicolon])
/** Tokens that add a level to the AST they sit in: operators (binary or prefix) and member access. */
const NESTING_OPERATORS = new Set([
  T.Or,
  T.And,
  T.Not,
  T.EqualEqual,
  T.BangEqual,
  T.LessGreater,
  T.Less,
  T.LessEqual,
  T.Greater,
  T.GreaterEqual,
  T.Plus,
  T.Minus,
  T.Star,
  T.Slash,
  T.Percent,
  T.EqualTilde,
  T.BangTilde,
  T.StringOperator,
  T.NotStringOperator,
  T.Colon,
  T.Matches,
  T.NotMatches,
  T.In,
  T.NotIn,
  T.InCi,
  T.NotInCi,
  T.HasAny,
  T.Between,
  T.NotBetween,
  T.Dot,
  T.DotDot,
])

/**
 * Upper bound of the AST depth the tokens can produce: opening a bracket or meeting an operator adds one
 * level to the current bracket frame; `,` `|` `;` end the expression of their frame. Returns the
 * deepest level and the first token that went past `limit`.
 */
export function nestingDepth(
  tokens: readonly IToken[],
  limit = MAX_NESTING_DEPTH,
): { depth: number; firstOver: IToken | undefined } {
  const frames: number[] = [0]
  let sum = 0
  let max = 0
  let firstOver: IToken | undefined
  for (const t of tokens) {
    const type = t.tokenType
    if (OPENERS.has(type) || NESTING_OPERATORS.has(type)) {
      frames[frames.length - 1]++
      sum++
      if (sum > max) max = sum
      if (sum > limit && firstOver === undefined) firstOver = t
      if (OPENERS.has(type)) frames.push(0)
    } else if (CLOSERS.has(type)) {
      if (frames.length > 1) sum -= frames.pop() as number
    } else if (SEPARATORS.has(type)) {
      sum -= frames[frames.length - 1]
      frames[frames.length - 1] = 0
    }
  }
  return { depth: max, firstOver }
}

/** APL0202 / APL0204 / APL0203 for the token stream, in that order; undefined when within limits. */
export function checkTokenLimits(text: string, tokens: readonly IToken[]): Diagnostic | undefined {
  // Depth first: a `((((…` flood is reported as too deep even when it is also too many tokens.
  const { firstOver } = nestingDepth(tokens)
  if (firstOver !== undefined) {
    const span = { start: firstOver.startOffset, length: firstOver.image.length }
    return createDiagnostic(text, 'APL0202', span, { limit: MAX_NESTING_DEPTH })
  }
  let stages = 0
  let over: IToken | undefined
  for (const t of tokens) {
    if (t.tokenType === T.Pipe && ++stages === MAX_PIPE_STAGES + 1) over = t
  }
  if (over !== undefined) {
    return createDiagnostic(
      text,
      'APL0204',
      { start: over.startOffset, length: 1 },
      { stages, limit: MAX_PIPE_STAGES },
    )
  }
  if (tokens.length > MAX_TOKENS) {
    const t = tokens[MAX_TOKENS]
    const args = { tokens: tokens.length, limit: MAX_TOKENS }
    return createDiagnostic(text, 'APL0203', { start: t.startOffset, length: t.image.length }, args)
  }
  return undefined
}
