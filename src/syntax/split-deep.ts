// syntax/split-deep.ts: keeps recursive-descent parsing within the JS stack for deeply nested queries by
// parsing deep bracket groups separately and standing placeholder tokens in for them. Never recurses;
// never cuts a group whose role is unsure, so it cannot turn a valid query into an invalid one.

import { createTokenInstance, type IToken, type TokenType } from 'chevrotain'
import * as T from '../../grammar/tokens.ts'
import { createDiagnostic, createNote, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { tokenSpan } from './cst-access.ts'
import { isLiteralList } from './literal-list.ts'
import type { GroupValue } from './to-ast-data.ts'

/** A group is cut once it encloses this many bracket levels. */
export const CUT_DEPTH = 16

/**
 * What a cut group is parsed as: `( pipe )`, `( args )` / `in ( … )`, `[ index ]`, a JSON `[…]`/`{…}`,
 * or a long `in ( … )` list of plain literals (read from its tokens, syntax/literal-list.ts).
 */
export type GroupKind = 'expression' | 'arguments' | 'index' | 'json' | 'literals'

/** Parses the tokens of a group (see `contentOf`); returns its value or the diagnostics that stopped it. */
export type GroupParser = (
  content: IToken[],
  kind: GroupKind,
  close: IToken,
) => { readonly value: GroupValue } | { readonly diagnostics: readonly Diagnostic[] }

/** Outcome: the token stream to parse (placeholder values are in the caller's map), or diagnostics. */
export type SplitResult =
  | { readonly tokens: IToken[]; readonly maxDepth: number }
  | { readonly diagnostics: readonly Diagnostic[]; readonly unbalanced: boolean; readonly maxDepth: number }

const PAIRS = new Map<TokenType, TokenType>([
  [T.LParen, T.RParen],
  [T.LBracket, T.RBracket],
  [T.LCurly, T.RCurly],
])
const CLOSERS = new Set([T.RParen, T.RBracket, T.RCurly])

const PLACEHOLDER: Readonly<Record<GroupKind, TokenType>> = {
  expression: T.ParenGroup,
  arguments: T.ArgumentGroup,
  index: T.IndexGroup,
  json: T.JsonGroup,
  literals: T.ArgumentGroup,
}

/** Tokens after which `(` always opens a parenthesised expression (or the query is invalid anyway). */
const EXPRESSION_PRECEDERS = new Set<TokenType>([
  T.LParen,
  T.LBracket,
  T.Comma,
  T.Semicolon,
  T.Equals,
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
  T.And,
  T.Or,
  T.Not,
  T.StringOperator,
  T.NotStringOperator,
  T.Colon,
  T.DotDot,
  T.Regex,
  T.Where,
  T.Take,
  T.Limit,
  T.Top,
  T.Sample,
  T.By,
  T.On,
  T.Print,
  T.Extend,
  T.ExtendValid,
  T.Project,
  T.Summarize,
  T.Search,
  T.Distinct,
  T.Join,
  T.Lookup,
  T.Union,
  T.From,
  T.To,
  T.Step,
  T.Redact,
  T.Parse,
  T.ParseWhere,
  T.ParseKv,
  T.MvExpand,
])

/** List operators: their `( … )` is parsed like an argument list. */
const LIST_OPERATORS = new Set<TokenType>([T.In, T.NotIn, T.InCi, T.NotInCi, T.HasAny])

/** Operator-parameter names: `kind=inner (…)` is a parameter value followed by a group, not a call. */
const PARAMETER_NAMES = new Set<TokenType>([
  T.Kind,
  T.WithSource,
  T.WithItemIndex,
  T.Flags,
  T.ReplaceToken,
  T.ReplaceHash,
  T.RedactGroups,
])

/** Tokens that end an operand, so a following `[` indexes it (soft keywords excluded: `where [`). */
const OPERAND_ENDS = new Set<TokenType>([
  T.PlainIdentifier,
  T.DollarName,
  T.RParen,
  T.RBracket,
  T.StringLiteral,
  T.LongLiteral,
  T.RealLiteral,
  T.TimespanLiteral,
  T.TypedLiteral,
  T.ParenGroup,
  T.ArgumentGroup,
  T.IndexGroup,
])

interface Frame {
  readonly open: IToken
  readonly outIndex: number
  readonly kind: GroupKind | null
  /** JSON lives inside: this is the `(` of dynamic(…) or a JSON group. */
  readonly json: boolean
  /** The `(` of a datatable/externaldata schema: the `[` after it is a value list, not an index. */
  readonly schema: boolean
  deepest: number
}

function classifyParen(out: readonly IToken[]): GroupKind | null {
  const prev = out[out.length - 1]
  if (prev === undefined || EXPRESSION_PRECEDERS.has(prev.tokenType)) return 'expression'
  if (LIST_OPERATORS.has(prev.tokenType)) return 'arguments'
  if (prev.tokenType !== T.PlainIdentifier && prev.tokenType !== T.Count) return null
  const before = out[out.length - 2]
  if (before?.tokenType === T.Dot) return null
  if (before?.tokenType === T.Equals && PARAMETER_NAMES.has(out[out.length - 3]?.tokenType as TokenType))
    return null
  return 'arguments'
}

/** Classifies an opener from the output so far; `parent` is the enclosing open group. */
function classify(
  open: IToken,
  out: readonly IToken[],
  parent: Frame | undefined,
  closedSchema: boolean,
): GroupKind | null {
  if (open.tokenType === T.LParen) return parent?.json === true ? null : classifyParen(out)
  if (parent?.json === true) return 'json'
  if (open.tokenType !== T.LBracket) return null
  const prev = out[out.length - 1]
  const schemaValues = prev?.tokenType === T.RParen && closedSchema
  return prev !== undefined && OPERAND_ENDS.has(prev.tokenType) && !schemaValues ? 'index' : null
}

function placeholder(kind: GroupKind, source: string, open: IToken, close: IToken): IToken {
  const end = close.endOffset ?? close.startOffset
  return createTokenInstance(
    PLACEHOLDER[kind],
    source.slice(open.startOffset, end + 1),
    open.startOffset,
    end,
    open.startLine ?? 1,
    close.endLine ?? 1,
    open.startColumn ?? 1,
    close.endColumn ?? 1,
  )
}

function bracketDiagnostic(source: string, frame: Frame | undefined, t: IToken): Diagnostic {
  if (frame === undefined) {
    return createDiagnostic(source, 'APL0104', tokenSpan(t), {
      found: `\`${t.image}\``,
      hint: 'it closes nothing',
    })
  }
  const note = createNote(source, tokenSpan(frame.open), `\`${frame.open.image}\` opened here`)
  return createDiagnostic(source, 'APL0112', tokenSpan(t), { open: frame.open.image, found: t.image }, [note])
}

/**
 * Cuts deep groups out of `tokens`. A Chevrotain pass costs ~15 rule frames per bracket level and
 * overflows the default stack near 150 levels, well below the declared nesting limit of 1000. So,
 * innermost first, every group whose nesting reaches CUT_DEPTH and whose role is certain from the tokens
 * before it (parenthesised expression, call or `in` list, index, JSON value) is parsed by `parseGroup`
 * and replaced by a ParenGroup / ArgumentGroup / IndexGroup / JsonGroup token that the grammar accepts
 * in its place; the value is recorded in `groups` (which `parseGroup` must read too, for groups nested
 * in groups). A JSON group's content includes its brackets; the other kinds' content excludes them.
 */
export function splitDeep(
  source: string,
  tokens: readonly IToken[],
  groups: Map<IToken, GroupValue>,
  parseGroup: GroupParser,
): SplitResult {
  const out: IToken[] = []
  const stack: Frame[] = []
  let maxDepth = 0
  let closedSchema = false
  for (const t of tokens) {
    if (PAIRS.has(t.tokenType)) {
      const parent = stack[stack.length - 1]
      const kind = classify(t, out, parent, closedSchema)
      const prev = out[out.length - 1]?.tokenType
      const json = kind === 'json' || (t.tokenType === T.LParen && prev === T.Dynamic)
      const schema = t.tokenType === T.LParen && (prev === T.Datatable || prev === T.ExternalData)
      stack.push({ open: t, outIndex: out.length, kind, json, schema, deepest: 0 })
      maxDepth = Math.max(maxDepth, stack.length)
      out.push(t)
      continue
    }
    if (!CLOSERS.has(t.tokenType)) {
      out.push(t)
      continue
    }
    const frame = stack.pop()
    if (frame === undefined || PAIRS.get(frame.open.tokenType) !== t.tokenType) {
      return { diagnostics: [bracketDiagnostic(source, frame, t)], unbalanced: true, maxDepth }
    }
    closedSchema = frame.schema
    let depth = frame.deepest + 1
    // A long `in (…)` list of plain literals is cut at any depth: its values are read from the tokens.
    const literals =
      frame.kind === 'arguments' &&
      LIST_OPERATORS.has(out[frame.outIndex - 1]?.tokenType as TokenType) &&
      isLiteralList(out.slice(frame.outIndex + 1))
    if (frame.kind !== null && (depth >= CUT_DEPTH || literals)) {
      const kind: GroupKind = literals ? 'literals' : frame.kind
      const content = kind === 'json' ? [...out.slice(frame.outIndex), t] : out.slice(frame.outIndex + 1)
      out.length = frame.outIndex
      const result = parseGroup(content, kind, t)
      if ('diagnostics' in result) return { diagnostics: result.diagnostics, unbalanced: false, maxDepth }
      const token = placeholder(kind, source, frame.open, t)
      groups.set(token, result.value)
      out.push(token)
      depth = 0
    } else {
      out.push(t)
    }
    const parent = stack[stack.length - 1]
    if (parent !== undefined && depth > parent.deepest) parent.deepest = depth
  }
  const unclosed = stack[stack.length - 1]
  if (unclosed !== undefined) {
    const note = createNote(source, tokenSpan(unclosed.open), `\`${unclosed.open.image}\` opened here`)
    const close =
      unclosed.open.tokenType === T.LParen ? ')' : unclosed.open.tokenType === T.LBracket ? ']' : '}'
    const args = { open: unclosed.open.image, close }
    const d = createDiagnostic(source, 'APL0105', { start: source.length, length: 0 }, args, [note])
    return { diagnostics: [d], unbalanced: true, maxDepth }
  }
  return { tokens: out, maxDepth }
}
