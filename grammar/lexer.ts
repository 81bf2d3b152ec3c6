// grammar/lexer.ts: the one APL lexer instance and `tokenize(text)`.
// Pure tokenisation: no limits, no literal decoding (src/syntax does both).

import { type ILexingError, type IToken, Lexer } from 'chevrotain'
import { allTokens } from './tokens.ts'

/** The shared lexer; Chevrotain lexers are stateless between calls, so one instance serves all. */
export const aplLexer = new Lexer(allTokens, {
  positionTracking: 'full',
  // Line terminators are only ever inside WhiteSpace; telling Chevrotain keeps line counting cheap.
  lineTerminatorCharacters: ['\n', '\r', '\u2028', '\u2029'],
  ensureOptimizations: true,
})

/** Result of lexing: significant tokens (whitespace and comments dropped) and lexer errors. */
export interface LexResult {
  readonly tokens: IToken[]
  readonly errors: ILexingError[]
}

/** Splits APL text into tokens; never throws. */
export function tokenize(text: string): LexResult {
  const result = aplLexer.tokenize(text)
  return { tokens: result.tokens, errors: result.errors }
}
