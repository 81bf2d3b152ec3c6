// test/unit/grammar/lexer.test.ts: token boundaries for every lexical form of apl-reference §2.
import { describe, expect, it } from 'vitest'
import { tokenize } from '../../../grammar/lexer.ts'
import { SOFT_KEYWORDS, TIMESPAN_UNITS } from '../../../grammar/tokens.ts'
import { unitNanoseconds } from '../../../src/syntax/timespan-text.ts'

/** `Type:image` for each token of `text`. */
const lex = (text: string) => tokenize(text).tokens.map((t) => `${t.tokenType.name}:${t.image}`)

describe('lexer', () => {
  it('skips whitespace (including Unicode spaces) and // comments', () => {
    expect(lex('T\u00a0| // the pipe\n where\u2003x // trailing')).toEqual([
      'PlainIdentifier:T',
      'Pipe:|',
      'Where:where',
      'PlainIdentifier:x',
    ])
  })

  it('lexes hyphenated operators as one token only right after a pipe', () => {
    expect(lex('T | project-away a')).toEqual([
      'PlainIdentifier:T',
      'Pipe:|',
      'ProjectAway:project-away',
      'PlainIdentifier:a',
    ])
    expect(lex('T |\n// c\n mv-expand a')[2]).toBe('MvExpand:mv-expand')
    expect(lex('x = project-away')).toEqual([
      'PlainIdentifier:x',
      'Equals:=',
      'Project:project',
      'Minus:-',
      'PlainIdentifier:away',
    ])
    expect(lex('T | project-foo')[2]).toBe('HyphenatedWord:project-foo')
    expect(lex('T | project -x')[2]).toBe('Project:project')
  })

  it('keeps keywords that prefix each other apart (longest first)', () => {
    expect(lex('order or nulls null asc as top to withsource with in index')).toEqual([
      'Order:order',
      'Or:or',
      'Nulls:nulls',
      'Null:null',
      'Asc:asc',
      'As:as',
      'Top:top',
      'To:to',
      'WithSource:withsource',
      'With:with',
      'In:in',
      'PlainIdentifier:index',
    ])
  })

  it('lexes a keyword followed by word characters as an identifier', () => {
    expect(lex('wherever counts by_x notes has_x')).toEqual([
      'PlainIdentifier:wherever',
      'PlainIdentifier:counts',
      'PlainIdentifier:by_x',
      'PlainIdentifier:notes',
      'PlainIdentifier:has_x',
    ])
  })

  it('lexes numbers: integers, hex, reals with exponent, and `1..5` as a range', () => {
    expect(lex('42 0x1F 0.23 1e3 1.5e-3 1..5')).toEqual([
      'LongLiteral:42',
      'LongLiteral:0x1F',
      'RealLiteral:0.23',
      'RealLiteral:1e3',
      'RealLiteral:1.5e-3',
      'LongLiteral:1',
      'DotDot:..',
      'LongLiteral:5',
    ])
  })

  it('lexes timespans with every documented unit and fractional amounts', () => {
    const units = ['d', 'h', 'm', 's', 'ms', 'microsecond', 'tick', 'min', 'sec', 'day', 'hours', 'seconds']
    for (const u of units) expect(lex(`10${u}`), u).toEqual([`TimespanLiteral:10${u}`])
    expect(lex('1.5h 0.1s')).toEqual(['TimespanLiteral:1.5h', 'TimespanLiteral:0.1s'])
  })

  it('knows a duration for every unit the lexer accepts', () => {
    for (const u of TIMESPAN_UNITS) expect(unitNanoseconds(u), u).toBeDefined()
  })

  it('lexes digits glued to letters as a bad number, reported later', () => {
    expect(lex('10mins 1abc')).toEqual(['BadNumber:10mins', 'BadNumber:1abc'])
  })

  it('lexes all string forms as one token, and unterminated ones as bad strings', () => {
    expect(lex(`'a' "b" 'it\\'s' "q\\"q" @'c:\\x' @"x""y" @'it''s'`).map((t) => t.split(':')[0])).toEqual(
      Array(7).fill('StringLiteral'),
    )
    expect(lex(`'abc\ndef'`)).toEqual(["BadString:'abc", 'PlainIdentifier:def', "BadString:'"])
    expect(lex('"abc')).toEqual(['BadString:"abc'])
  })

  it('lexes typed literals with raw content as one token', () => {
    expect(
      lex('datetime(2019-11-30 23:59:59.9) long(-3) int(null) typeof(string) time(0.12:34:56.7)'),
    ).toEqual([
      'TypedLiteral:datetime(2019-11-30 23:59:59.9)',
      'TypedLiteral:long(-3)',
      'TypedLiteral:int(null)',
      'TypedLiteral:typeof(string)',
      'TypedLiteral:time(0.12:34:56.7)',
    ])
    expect(lex('todatetime(x)')[0]).toBe('PlainIdentifier:todatetime')
    expect(lex('datetime (x)')[0]).toBe('PlainIdentifier:datetime')
  })

  it('lexes string, list and negated operators', () => {
    expect(
      lex('!contains has_cs !has_cs has_any in~ !in~ !in !between =~ !~ != <> matches regex !matches'),
    ).toEqual([
      'NotStringOperator:!contains',
      'StringOperator:has_cs',
      'NotStringOperator:!has_cs',
      'HasAny:has_any',
      'InCi:in~',
      'NotInCi:!in~',
      'NotIn:!in',
      'NotBetween:!between',
      'EqualTilde:=~',
      'BangTilde:!~',
      'BangEqual:!=',
      'LessGreater:<>',
      'Matches:matches',
      'Regex:regex',
      'NotMatches:!matches',
    ])
  })

  it('lexes $left / $right, granny orders and soft keywords', () => {
    expect(lex('$left.a granny-asc granny-desc')).toEqual([
      'DollarName:$left',
      'Dot:.',
      'PlainIdentifier:a',
      'GrannyAsc:granny-asc',
      'GrannyDesc:granny-desc',
    ])
    expect(SOFT_KEYWORDS.has('count')).toBe(true)
    expect(SOFT_KEYWORDS.has('kind')).toBe(true)
    expect(SOFT_KEYWORDS.has('step')).toBe(true)
    expect(SOFT_KEYWORDS.has('by')).toBe(false)
  })

  it('reports characters that start no token', () => {
    const r = tokenize('T | where x # y ` !')
    expect(r.errors.map((e) => e.offset)).toEqual([12, 16, 18])
  })
})
