// grammar/keywords.ts: APL keyword tokens (apl-reference §2.2). Hard keywords are never names;
// soft keywords carry the Identifier category so `count`, `kind`, `step`… still work as field names.

import { createToken, type TokenType } from 'chevrotain'
import { Identifier, PlainIdentifier } from './token-names.ts'

const hardKeywordWords: string[] = []
const softKeywordWords: string[] = []
const keywordTokens: { word: string; token: TokenType }[] = []

function keyword(name: string, word: string, soft: boolean, pattern?: RegExp): TokenType {
  ;(soft ? softKeywordWords : hardKeywordWords).push(word)
  const token = createToken({
    name,
    pattern: pattern ?? word,
    longer_alt: PlainIdentifier,
    categories: soft ? [Identifier] : [],
    label: `'${word}'`,
  })
  keywordTokens.push({ word, token })
  return token
}

// Hard keywords: never names unless bracket-quoted (`['by']`).
/** `and` */
export const And = keyword('And', 'and', false)
/** `or` */
export const Or = keyword('Or', 'or', false)
/** `not` (prefix operator; `not(x)` is the same thing). */
export const Not = keyword('Not', 'not', false)
/** `by` */
export const By = keyword('By', 'by', false)
/** `let` */
export const Let = keyword('Let', 'let', false)
/** `set` */
export const SetKeyword = keyword('SetKeyword', 'set', false)
/** `true` (also `True`, `TRUE` as in Kusto). */
export const True = keyword('True', 'true', false, /true|True|TRUE/)
/** `false` (also `False`, `FALSE`). */
export const False = keyword('False', 'false', false, /false|False|FALSE/)
/** `null` */
export const Null = keyword('Null', 'null', false)
/** `in~` (must precede `in`). */
export const InCi = createToken({ name: 'InCi', pattern: 'in~', label: "'in~'" })
/** `in` */
export const In = keyword('In', 'in', false)
/** `between` */
export const Between = keyword('Between', 'between', false)
/** `search` (hard: it can start a query). */
export const Search = keyword('Search', 'search', false)
/** `union` (hard: it can start a query). */
export const Union = keyword('Union', 'union', false)
/** `print` (hard: it starts a query). */
export const Print = keyword('Print', 'print', false)
/** `datatable` */
export const Datatable = keyword('Datatable', 'datatable', false)
/** `externaldata` */
export const ExternalData = keyword('ExternalData', 'externaldata', false)
/** `dynamic` */
export const Dynamic = keyword('Dynamic', 'dynamic', false)
/** `matches` (of `matches regex`). */
export const Matches = keyword('Matches', 'matches', false)

/** `has_any`, `has_any_cs`, `has_all`: list operators. */
export const HasAny = createToken({
  name: 'HasAny',
  pattern: /has_(?:any_cs|any|all)(?![A-Za-z0-9_])/,
  label: "'has_any'",
})
/** `contains`, `startswith`, `endswith`, `hasprefix`, `hassuffix`, `has`, each optionally `_cs`. */
export const StringOperator = createToken({
  name: 'StringOperator',
  pattern: /(?:contains|startswith|endswith|hasprefix|hassuffix|has)(?:_cs)?(?![A-Za-z0-9_])/,
  label: 'string operator',
})
/** Negated string operators: `!contains`, `!has_cs`, … */
export const NotStringOperator = createToken({
  name: 'NotStringOperator',
  pattern: /!(?:contains|startswith|endswith|hasprefix|hassuffix|has)(?:_cs)?(?![A-Za-z0-9_])/,
  label: 'negated string operator',
})
/** `!in~` */
export const NotInCi = createToken({ name: 'NotInCi', pattern: '!in~', label: "'!in~'" })
/** `!in` */
export const NotIn = createToken({ name: 'NotIn', pattern: /!in(?![A-Za-z0-9_~])/, label: "'!in'" })
/** `!between` */
export const NotBetween = createToken({
  name: 'NotBetween',
  pattern: /!between(?![A-Za-z0-9_])/,
  label: "'!between'",
})
/** `!matches` (of `!matches regex`). */
export const NotMatches = createToken({
  name: 'NotMatches',
  pattern: /!matches(?![A-Za-z0-9_])/,
  label: "'!matches'",
})

// Soft keywords: keywords where the grammar needs them, names everywhere else (`count`, `kind`, `step`…).
/** `where` */
export const Where = keyword('Where', 'where', true)
/** `summarize` */
export const Summarize = keyword('Summarize', 'summarize', true)
/** `extend` */
export const Extend = keyword('Extend', 'extend', true)
/** `project` */
export const Project = keyword('Project', 'project', true)
/** `take` */
export const Take = keyword('Take', 'take', true)
/** `limit` */
export const Limit = keyword('Limit', 'limit', true)
/** `top` */
export const Top = keyword('Top', 'top', true)
/** `sort` */
export const Sort = keyword('Sort', 'sort', true)
/** `order` */
export const Order = keyword('Order', 'order', true)
/** `count` (operator and function name). */
export const Count = keyword('Count', 'count', true)
/** `distinct` */
export const Distinct = keyword('Distinct', 'distinct', true)
/** `join` */
export const Join = keyword('Join', 'join', true)
/** `lookup` */
export const Lookup = keyword('Lookup', 'lookup', true)
/** `parse` */
export const Parse = keyword('Parse', 'parse', true)
/** `sample` */
export const Sample = keyword('Sample', 'sample', true)
/** `redact` */
export const Redact = keyword('Redact', 'redact', true)
/** `getschema` */
export const Getschema = keyword('Getschema', 'getschema', true)
/** `render` (Kusto's visualization hint, the last operator of a query). */
export const Render = keyword('Render', 'render', true)
/** `kind` (operator parameter). */
export const Kind = keyword('Kind', 'kind', true)
/** `withsource` (union parameter). */
export const WithSource = keyword('WithSource', 'withsource', true)
/** `with_itemindex` (mv-expand parameter). */
export const WithItemIndex = keyword('WithItemIndex', 'with_itemindex', true)
/** `flags` (parse parameter). */
export const Flags = keyword('Flags', 'flags', true)
/** `replaceToken` (redact parameter). */
export const ReplaceToken = keyword('ReplaceToken', 'replaceToken', true)
/** `replaceHash` (redact parameter). */
export const ReplaceHash = keyword('ReplaceHash', 'replaceHash', true)
/** `redactGroups` (redact parameter). */
export const RedactGroups = keyword('RedactGroups', 'redactGroups', true)
/** `on` */
export const On = keyword('On', 'on', true)
/** `with` */
export const With = keyword('With', 'with', true)
/** `as` */
export const As = keyword('As', 'as', true)
/** `to` */
export const To = keyword('To', 'to', true)
/** `from` */
export const From = keyword('From', 'from', true)
/** `step` */
export const Step = keyword('Step', 'step', true)
/** `default` */
export const Default = keyword('Default', 'default', true)
/** `asc` */
export const Asc = keyword('Asc', 'asc', true)
/** `desc` */
export const Desc = keyword('Desc', 'desc', true)
/** `nulls` */
export const Nulls = keyword('Nulls', 'nulls', true)
/** `first` */
export const First = keyword('First', 'first', true)
/** `last` */
export const Last = keyword('Last', 'last', true)
/** `regex` (of `matches regex`). */
export const Regex = keyword('Regex', 'regex', true)

/** Keyword tokens, longest word first: `order` must be tried before `or`, `nulls` before `null`. */
export function keywordTokensLongestFirst(): TokenType[] {
  return [...keywordTokens].sort((a, b) => b.word.length - a.word.length).map((k) => k.token)
}

/** Words that are never names unless bracket-quoted (includes the string-operator words). */
export const HARD_KEYWORDS: ReadonlySet<string> = new Set([
  ...hardKeywordWords,
  'True',
  'TRUE',
  'False',
  'FALSE',
  ...['contains', 'startswith', 'endswith', 'hasprefix', 'hassuffix', 'has'].flatMap((w) => [w, `${w}_cs`]),
  'has_any',
  'has_any_cs',
  'has_all',
])

/** Keywords that still work as names (`count`, `kind`, `step`, …). */
export const SOFT_KEYWORDS: ReadonlySet<string> = new Set(softKeywordWords)
