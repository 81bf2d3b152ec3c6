// syntax/parse.ts: `parseApl(text)`, the public front-end entry: limits → lex → parse → CST→AST.
// Never throws: every failure, including a stack overflow or an internal bug, becomes a diagnostic.

import type { CstNode, IToken } from 'chevrotain'
import { tokenize } from '../../grammar/lexer.ts'
import { aplParser } from '../../grammar/parser.ts'
import { AplError, createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Query } from './ast.ts'
import { bracketFloodOffset, checkQueryLength, checkTokenLimits, MAX_NESTING_DEPTH } from './limits.ts'
import { literalListValues } from './literal-list.ts'
import { CUT_DEPTH, type GroupKind, splitDeep } from './split-deep.ts'
import { lexDiagnostics, recognitionDiagnostic } from './syntax-errors.ts'
import { buildAst } from './to-ast.ts'
import type { GroupValue } from './to-ast-data.ts'

/** Either the AST of a valid query or the diagnostics explaining why there is none. */
export type ParseResult =
  | { readonly ast: Query; readonly diagnostics?: undefined }
  | { readonly ast?: undefined; readonly diagnostics: readonly Diagnostic[] }

type Groups = Map<IToken, GroupValue>

/** Entry rule per group kind (a literal list is read from its tokens, without the parser). */
const GROUP_RULES: Readonly<Record<Exclude<GroupKind, 'literals'> | 'query', () => CstNode>> = {
  query: () => aplParser.query(),
  expression: () => aplParser.pipeExpression(),
  arguments: () => aplParser.argumentExpressionList(),
  index: () => aplParser.expression(),
  json: () => aplParser.jsonValue(),
}

/** Parses `tokens` with `rule` on the shared parser and builds the AST. */
function parseTokens<V>(
  source: string,
  tokens: IToken[],
  rule: 'query' | Exclude<GroupKind, 'literals'>,
  groups: Groups,
  close?: IToken,
): { readonly value: V } | { readonly diagnostics: readonly Diagnostic[] } {
  aplParser.input = tokens
  const cst = GROUP_RULES[rule]()
  if (aplParser.errors.length > 0) {
    return { diagnostics: [recognitionDiagnostic(source, aplParser.errors[0], close)] }
  }
  return buildAst<V>(cst, source, groups)
}

function parseUnchecked(text: string): ParseResult {
  const tooLong = checkQueryLength(text)
  if (tooLong !== undefined) return { diagnostics: [tooLong] }
  const flood = bracketFloodOffset(text)
  if (flood >= 0) {
    return {
      diagnostics: [
        createDiagnostic(text, 'APL0202', { start: flood, length: 1 }, { limit: MAX_NESTING_DEPTH }),
      ],
    }
  }
  const lexed = tokenize(text)
  const lexErrors = lexDiagnostics(text, lexed)
  if (lexErrors.length > 0) return { diagnostics: lexErrors }
  const overLimit = checkTokenLimits(text, lexed.tokens)
  if (overLimit !== undefined) return { diagnostics: [overLimit] }
  const groups: Groups = new Map()
  const split = splitDeep(text, lexed.tokens, groups, (content, kind, close) =>
    kind === 'literals'
      ? literalListValues(text, content)
      : parseTokens<GroupValue>(text, content, kind, groups, close),
  )
  let tokens: IToken[]
  if ('diagnostics' in split) {
    // Shallow unbalanced input gets the parser's own "expected `)`" message; deep input cannot be
    // parsed safely, so the bracket diagnostic stands.
    if (!split.unbalanced || split.maxDepth > 2 * CUT_DEPTH) return { diagnostics: split.diagnostics }
    tokens = lexed.tokens
  } else {
    tokens = split.tokens
  }
  const result = parseTokens<Query>(text, tokens, 'query', groups)
  return 'value' in result ? { ast: result.value } : { diagnostics: result.diagnostics }
}

/** Span of the innermost bracket of the deepest nesting (a flat scan; used after a stack overflow). */
function deepestBracket(text: string): { start: number; length: number } {
  let depth = 0
  let best = { depth: -1, start: 0 }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '(' || c === '[' || c === '{') {
      depth++
      if (depth > best.depth) best = { depth, start: i }
    } else if (c === ')' || c === ']' || c === '}') {
      depth--
    }
  }
  return { start: best.start, length: best.depth < 0 ? 0 : 1 }
}

/** Queries whose ASTs are kept for a repeat of the same text (dashboards and alerts re-run theirs). */
const CACHE_ENTRIES = 256
/** Longest text cached (longer queries are parsed every time). */
const CACHE_MAX_TEXT = 4096
/** Text → AST of recent valid queries, oldest first (ASTs are readonly data: sharing one is safe). */
const recent = new Map<string, Query>()

/** Parses APL text into a Query AST, or returns diagnostics; never throws. */
export function parseApl(text: string): ParseResult {
  // Callers typed as string can still hand over anything (an HTTP body field): refuse, never throw.
  if (typeof text !== 'string') {
    const detail = `got ${text === null ? 'null' : typeof text}`
    return { diagnostics: [createDiagnostic('', 'APL0100', { start: 0, length: 0 }, { detail })] }
  }
  const hit = recent.get(text)
  if (hit !== undefined) {
    // Most recently used last.
    recent.delete(text)
    recent.set(text, hit)
    return { ast: hit }
  }
  const result = parseChecked(text)
  if (result.ast !== undefined && text.length <= CACHE_MAX_TEXT) {
    if (recent.size >= CACHE_ENTRIES) recent.delete(recent.keys().next().value as string)
    recent.set(text, deepFreeze(result.ast))
  }
  return result
}

/** Freezes `x` and everything it reaches: a shared AST that someone changed would change every repeat. */
function deepFreeze<T>(x: T): T {
  if (typeof x !== 'object' || x === null || Object.isFrozen(x)) return x
  Object.freeze(x)
  for (const v of Object.values(x)) deepFreeze(v)
  return x
}

/** `parseUnchecked`, with a stack overflow or an internal bug turned into a diagnostic. */
function parseChecked(text: string): ParseResult {
  try {
    return parseUnchecked(text)
  } catch (error) {
    if (error instanceof RangeError) {
      // Nesting within the declared limit but in a construct that is never split (e.g. hundreds of
      // nested `between (…)`) can still exhaust the stack: report it as too deep rather than crash.
      const span = deepestBracket(text)
      return { diagnostics: [createDiagnostic(text, 'APL0202', span, { limit: MAX_NESTING_DEPTH })] }
    }
    const detail = error instanceof Error ? error.message : String(error)
    return { diagnostics: [createDiagnostic(text, 'APL0900', { start: 0, length: 0 }, { detail })] }
  }
}

/** Like `parseApl`, but throws an AplError carrying the diagnostics. */
export function parseAplOrThrow(text: string): Query {
  const result = parseApl(text)
  if (result.ast === undefined) throw new AplError(result.diagnostics)
  return result.ast
}
