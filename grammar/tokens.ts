// grammar/tokens.ts: APL token types (apl-reference §2; keywords and names in their own modules, re-exported
// here) and the ordered vocabulary for the lexer. No parsing, no semantics. Order in `allTokens` matters.
// Mirrors Kusto's KqlTokens.g4 where APL follows it; departures are commented.

import { type CustomPatternMatcherReturn, createToken, type IToken, Lexer, type TokenType } from 'chevrotain'
import * as K from './keywords.ts'
import { DollarName, Identifier, PlainIdentifier } from './token-names.ts'

export * from './keywords.ts'
export * from './token-names.ts'

// ── trivia ─────────────────────────────────────────────────────────────────
/** Whitespace, including the Unicode spaces Kusto accepts. */
export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: /[ \t\r\n\f\v\u00a0\u1680\u180e\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/,
  group: Lexer.SKIPPED,
  line_breaks: true,
})
/** `// …` to the end of the line (APL has no block comments). */
export const LineComment = createToken({
  name: 'LineComment',
  pattern: /\/\/[^\n\r\u2028\u2029]*/,
  group: Lexer.SKIPPED,
})

// ── hyphenated operator names: one token, but only right after `|` ──────────
const hyphenatedAfterPipe = (word: string) => {
  const re = new RegExp(`${word.replace('-', '\\-')}(?![A-Za-z0-9_\\-])`, 'y')
  return (text: string, offset: number, tokens: IToken[]): CustomPatternMatcherReturn | null => {
    const last = tokens[tokens.length - 1]
    if (last === undefined || last.tokenType !== Pipe) return null
    re.lastIndex = offset
    return re.exec(text) as CustomPatternMatcherReturn | null
  }
}

function hyphenated(name: string, word: string): TokenType {
  return createToken({
    name,
    pattern: { exec: hyphenatedAfterPipe(word) },
    line_breaks: false,
    start_chars_hint: [word[0]],
    label: `'${word}'`,
  })
}

/** APL: project-away (T2). */
export const ProjectAway = hyphenated('ProjectAway', 'project-away')
/** APL: project-keep (T2). */
export const ProjectKeep = hyphenated('ProjectKeep', 'project-keep')
/** APL: project-rename (T2). */
export const ProjectRename = hyphenated('ProjectRename', 'project-rename')
/** APL: project-reorder (T3). */
export const ProjectReorder = hyphenated('ProjectReorder', 'project-reorder')
/** APL: extend-valid (T3). */
export const ExtendValid = hyphenated('ExtendValid', 'extend-valid')
/** APL: make-series (T2). */
export const MakeSeries = hyphenated('MakeSeries', 'make-series')
/** APL: mv-expand (T3). */
export const MvExpand = hyphenated('MvExpand', 'mv-expand')
/** APL: parse-where (T3). */
export const ParseWhere = hyphenated('ParseWhere', 'parse-where')
/** APL: parse-kv (T3). */
export const ParseKv = hyphenated('ParseKv', 'parse-kv')

const unknownHyphenated = /[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z_][A-Za-z0-9_]*)+/y
/**
 * Any other `word-word` right after `|`: never valid, lexed as one token so the parser can report
 * "unknown tabular operator" with a suggestion instead of a confusing minus.
 */
export const HyphenatedWord = createToken({
  name: 'HyphenatedWord',
  pattern: {
    exec: (text: string, offset: number, tokens: IToken[]) => {
      const last = tokens[tokens.length - 1]
      if (last === undefined || last.tokenType !== Pipe) return null
      unknownHyphenated.lastIndex = offset
      return unknownHyphenated.exec(text) as CustomPatternMatcherReturn | null
    },
  },
  line_breaks: false,
  start_chars_hint: [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_'],
  label: 'operator name',
})

/** `granny-asc` (project-reorder order; Kql.g4 GRANNYASC). */
export const GrannyAsc = createToken({
  name: 'GrannyAsc',
  pattern: /granny-asc(?![A-Za-z0-9_])/,
  label: "'granny-asc'",
})
/** `granny-desc` (project-reorder order; Kql.g4 GRANNYDESC). */
export const GrannyDesc = createToken({
  name: 'GrannyDesc',
  pattern: /granny-desc(?![A-Za-z0-9_])/,
  label: "'granny-desc'",
})

// ── literals ───────────────────────────────────────────────────────────────
/**
 * Typed literal with raw content, as Kql.g4's `LONG LparenGooRparen` family: `datetime(2019-11-30 23:59)`,
 * `long(-3)`, `int(null)`, `real(1)`, `bool(true)`, `timespan(2d)`, `time(0.12:34:56.7)`, `typeof(string)`.
 * The content is validated when the AST is built.
 */
export const TypedLiteral = createToken({
  name: 'TypedLiteral',
  pattern: /(?:datetime|date|timespan|time|long|int|real|double|boolean|bool|typeof)\([^)\n\r]*\)/,
  label: 'typed literal',
})
/** Timespan units accepted after a number (KqlTokens.g4 TIMESPANLITERAL), longest spelling first. */
export const TIMESPAN_UNITS = [
  'milliseconds',
  'millisecond',
  'millisecs',
  'millisec',
  'millis',
  'milli',
  'microseconds',
  'microsecond',
  'microsecs',
  'microsec',
  'micros',
  'micro',
  'nanoseconds',
  'nanosecond',
  'nanosecs',
  'nanosec',
  'nanos',
  'nano',
  'minutes',
  'minute',
  'min',
  'ms',
  'm',
  'seconds',
  'second',
  'secs',
  'sec',
  's',
  'days',
  'day',
  'd',
  'hours',
  'hour',
  'hrs',
  'hr',
  'h',
  'ticks',
  'tick',
] as const
/** `1h`, `1.5h`, `10min`, `1sec`, `100ms`, `3microseconds`, `5tick`, `2d` … */
export const TimespanLiteral = createToken({
  name: 'TimespanLiteral',
  pattern: new RegExp(`\\d+(?:\\.\\d+)?(?:${TIMESPAN_UNITS.join('|')})(?![A-Za-z0-9_])`),
  label: 'timespan',
})
/** `0.23`, `1e3`, `1.5e-3` (a dot needs digits on both sides, so `1..5` is `1 .. 5`). */
export const RealLiteral = createToken({
  name: 'RealLiteral',
  pattern: /(?:\d+\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+)(?![A-Za-z0-9_])/,
  label: 'real number',
})
/** `42`, `0x1F` (64-bit signed; range checked when the AST is built). */
export const LongLiteral = createToken({
  name: 'LongLiteral',
  pattern: /(?:0[xX][0-9a-fA-F]+|\d+)(?![A-Za-z0-9_])/,
  label: 'integer',
})
/** Digits glued to letters that form no valid literal (`10mins`, `1.2.3`): reported by the lexer step. */
export const BadNumber = createToken({
  name: 'BadNumber',
  pattern: /\d[A-Za-z0-9_.]*/,
  label: 'invalid number',
})
/**
 * String literal: `'…'`, `"…"` with backslash escapes, or verbatim `@'…'`, `@"…"` (a doubled quote embeds
 * it). Escapes are validated when the AST is built. Kusto's `h'…'` and ``` ``` ``` forms are not APL.
 */
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /@'(?:[^'\n\r]|'')*'|@"(?:[^"\n\r]|"")*"|'(?:[^'\\\n\r]|\\[^\n\r])*'|"(?:[^"\\\n\r]|\\[^\n\r])*"/,
  label: 'string',
})
/** A quote that is not closed on its line: reported by the lexer step as unterminated. */
export const BadString = createToken({
  name: 'BadString',
  pattern: /@?['"][^\n\r]*/,
  label: 'unterminated string',
})

// ── punctuation ────────────────────────────────────────────────────────────
function punct(name: string, text: string): TokenType {
  return createToken({ name, pattern: text, label: `'${text}'` })
}
/** `..` */
export const DotDot = punct('DotDot', '..')
/** `.` */
export const Dot = punct('Dot', '.')
/** `==` */
export const EqualEqual = punct('EqualEqual', '==')
/** `=~` */
export const EqualTilde = punct('EqualTilde', '=~')
/** `=` */
export const Equals = punct('Equals', '=')
/** `!=` */
export const BangEqual = punct('BangEqual', '!=')
/** `!~` */
export const BangTilde = punct('BangTilde', '!~')
/** `<>` (synonym of `!=`). */
export const LessGreater = punct('LessGreater', '<>')
/** `<=` */
export const LessEqual = punct('LessEqual', '<=')
/** `<` */
export const Less = punct('Less', '<')
/** `>=` */
export const GreaterEqual = punct('GreaterEqual', '>=')
/** `>` */
export const Greater = punct('Greater', '>')
/** `|` */
export const Pipe = punct('Pipe', '|')
/** `,` */
export const Comma = punct('Comma', ',')
/** `;` */
export const Semicolon = punct('Semicolon', ';')
/** `:` */
export const Colon = punct('Colon', ':')
/** `(` */
export const LParen = punct('LParen', '(')
/** `)` */
export const RParen = punct('RParen', ')')
/** `[` */
export const LBracket = punct('LBracket', '[')
/** `]` */
export const RBracket = punct('RBracket', ']')
/** `{` */
export const LCurly = punct('LCurly', '{')
/** `}` */
export const RCurly = punct('RCurly', '}')
/** `+` */
export const Plus = punct('Plus', '+')
/** `-` */
export const Minus = punct('Minus', '-')
/** `*` */
export const Star = punct('Star', '*')
/** `/` */
export const Slash = punct('Slash', '/')
/** `%` */
export const Percent = punct('Percent', '%')

// ── placeholders (never produced by the lexer) ─────────────────────────────
/**
 * Stands for a parenthesised sub-expression that was parsed separately because the query nests deeper
 * than one recursive-descent pass can safely go (see src/syntax/split-deep.ts).
 */
export const ParenGroup = createToken({
  name: 'ParenGroup',
  pattern: Lexer.NA,
  label: 'parenthesised expression',
})
/** Stands for a function-call argument list or an `in (…)` list, parsed separately (see ParenGroup). */
export const ArgumentGroup = createToken({ name: 'ArgumentGroup', pattern: Lexer.NA, label: 'argument list' })
/** Stands for an index `[ … ]` after an operand, parsed separately (see ParenGroup). */
export const IndexGroup = createToken({ name: 'IndexGroup', pattern: Lexer.NA, label: 'index' })
/** Stands for a JSON array or object inside dynamic(…), parsed separately (see ParenGroup). */
export const JsonGroup = createToken({ name: 'JsonGroup', pattern: Lexer.NA, label: 'JSON value' })

/** Every token type in lexer priority order (first match wins; keywords defer to longer identifiers). */
export const allTokens: TokenType[] = [
  WhiteSpace,
  LineComment,
  ProjectAway,
  ProjectKeep,
  ProjectRename,
  ProjectReorder,
  ExtendValid,
  MakeSeries,
  MvExpand,
  ParseWhere,
  ParseKv,
  HyphenatedWord,
  GrannyAsc,
  GrannyDesc,
  TypedLiteral,
  TimespanLiteral,
  RealLiteral,
  LongLiteral,
  BadNumber,
  StringLiteral,
  BadString,
  DollarName,
  K.NotInCi,
  K.NotIn,
  K.NotBetween,
  K.NotMatches,
  K.NotStringOperator,
  K.HasAny,
  K.StringOperator,
  K.InCi,
  // Longest keyword first: `order` must be tried before `or`, `nulls` before `null`, `asc` before `as`.
  ...K.keywordTokensLongestFirst(),
  PlainIdentifier,
  Identifier,
  DotDot,
  Dot,
  EqualEqual,
  EqualTilde,
  Equals,
  BangEqual,
  BangTilde,
  LessGreater,
  LessEqual,
  Less,
  GreaterEqual,
  Greater,
  Pipe,
  Comma,
  Semicolon,
  Colon,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LCurly,
  RCurly,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  ParenGroup,
  ArgumentGroup,
  IndexGroup,
  JsonGroup,
]

/** Words that start a typed literal when directly followed by `(` (so a call must not use them). */
export const TYPED_LITERAL_WORDS: ReadonlySet<string> = new Set([
  'datetime',
  'date',
  'timespan',
  'time',
  'long',
  'int',
  'real',
  'double',
  'boolean',
  'bool',
  'typeof',
])

/** Every tabular operator name, in suggestion preference order (T1 first). */
export const TABULAR_OPERATOR_NAMES: readonly string[] = [
  'where',
  'summarize',
  'top',
  'search',
  'extend',
  'project',
  'project-away',
  'project-keep',
  'project-rename',
  'take',
  'limit',
  'sort',
  'order',
  'count',
  'distinct',
  'join',
  'union',
  'make-series',
  'extend-valid',
  'project-reorder',
  'parse',
  'parse-kv',
  'parse-where',
  'lookup',
  'mv-expand',
  'sample',
  'redact',
  'getschema',
]

/** True for a token whose type is `Identifier` or one of its members (soft keywords included). */
export function isNameToken(token: IToken): boolean {
  const t = token.tokenType
  return t === PlainIdentifier || t === DollarName || t.CATEGORIES?.includes(Identifier) === true
}

/** True when `word` lexes as one plain name token (so it can be printed without brackets). */
export function isPlainName(word: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(word) && !K.HARD_KEYWORDS.has(word)
}
