// console/src/apl-language.ts: APL highlighting for CodeMirror 6: a stream tokenizer for comments,
// strings (quoted, verbatim @'…', bracketed names), numbers and timespans, keywords, operator names
// after `|`, and function calls; and the colours of each token kind.

import { HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language'
import { tags } from '@lezer/highlight'
import catalog from 'apl-catalog'

const KEYWORDS = new Set([
  'and',
  'or',
  'not',
  'by',
  'let',
  'set',
  'in',
  'between',
  'with',
  'on',
  'kind',
  'asc',
  'desc',
  'nulls',
  'first',
  'last',
  'true',
  'false',
  'null',
  'has',
  'contains',
  'startswith',
  'endswith',
  'matches',
  'regex',
  'has_cs',
  'contains_cs',
  'startswith_cs',
  'endswith_cs',
  'has_any',
  'has_all',
  'step',
  'from',
  'to',
])
const OPERATORS = new Set(catalog.operators.map((o) => o.name))

interface State {
  /** The last significant token was `|` (the next word is an operator). */
  afterPipe: boolean
}

const apl = StreamLanguage.define<State>({
  name: 'apl',
  startState: () => ({ afterPipe: true }),
  token(stream, state) {
    if (stream.eatSpace()) return null
    if (stream.match('//')) {
      stream.skipToEnd()
      return 'comment'
    }
    if (stream.match(/^@?(['"])(?:\\.|(?!\1).)*\1?/)) {
      state.afterPipe = false
      return 'string'
    }
    if (stream.match(/^\d+(\.\d+)?(e[+-]?\d+)?(d|h|m|s|ms|microsecond|tick|day|hour|minute|second)?\b/i)) {
      state.afterPipe = false
      return 'number'
    }
    if (stream.match('|')) {
      state.afterPipe = true
      return 'separator'
    }
    const word = stream.match(/^[A-Za-z_$][\w-]*/) as RegExpMatchArray | null
    if (word) {
      const w = word[0]
      const was = state.afterPipe
      state.afterPipe = false
      if (was && OPERATORS.has(w)) return 'keyword'
      if (KEYWORDS.has(w)) return 'operatorKeyword'
      if (stream.peek() === '(') return 'function'
      return 'variableName'
    }
    stream.next()
    state.afterPipe = false
    return 'operator'
  },
  languageData: { commentTokens: { line: '//' } },
})

const style = HighlightStyle.define([
  { tag: tags.keyword, class: 'tok-operator-name' },
  { tag: tags.operatorKeyword, class: 'tok-keyword' },
  { tag: tags.string, class: 'tok-string' },
  { tag: tags.number, class: 'tok-number' },
  { tag: tags.comment, class: 'tok-comment' },
  { tag: tags.function(tags.variableName), class: 'tok-function' },
  { tag: tags.separator, class: 'tok-pipe' },
])

/** The language and its highlighting, as one extension. */
export function aplLanguage() {
  return [apl, syntaxHighlighting(style)]
}
