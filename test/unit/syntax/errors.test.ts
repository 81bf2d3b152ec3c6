// test/unit/syntax/errors.test.ts: syntax diagnostics read like a compiler's: code, location, expected
// vs found, did-you-mean; end-of-input errors point at the end.
import { describe, expect, it } from 'vitest'
import { parseApl } from '../../../src/syntax/parse.ts'
import { parseFails } from './helpers.ts'

function first(text: string) {
  return parseFails(text)[0]
}

describe('syntax diagnostics', () => {
  it('unknown tabular operator with a suggestion', () => {
    const d = first('T | summarise count()')
    expect(d).toMatchObject({ code: 'APL0103', span: { start: 4, length: 9 } })
    expect(d.message).toBe('line: 1, col: 5: unknown tabular operator `summarise`; did you mean `summarize`?')
    expect(first('T | project-awy x').message).toContain('did you mean `project-away`?')
    expect(first('T | Where x').message).toContain('did you mean `where`?')
    expect(first('T | frobnicate').message).toBe('line: 1, col: 5: unknown tabular operator `frobnicate`')
  })

  it('end of input: points at the end with what was expected', () => {
    const text = 'T | where (a'
    const d = first(text)
    expect(d).toMatchObject({ code: 'APL0102', span: { start: text.length, length: 0 } })
    expect(d.message).toBe('line: 1, col: 13: unexpected end of query: expected `)`')
    expect(first('T | where').message).toBe(
      'line: 1, col: 10: unexpected end of query: expected an expression',
    )
    expect(first('').message).toBe(
      'line: 1, col: 1: unexpected end of query: expected a dataset, sub-query or expression',
    )
  })

  it('expected X but found Y, with keyword suggestions', () => {
    expect(first('T | top 10 bi x').message).toBe(
      'line: 1, col: 12: expected `by` but found `bi`; did you mean `by`?',
    )
    expect(first('T | where x == )').message).toBe('line: 1, col: 16: expected an expression but found `)`')
    expect(first('T | sort x').message).toBe('line: 1, col: 10: expected `by` but found `x`')
  })

  it('input after the end of an expression, with hints', () => {
    expect(first('T where x').message).toBe(
      'line: 1, col: 3: unexpected `where` after the end of the expression; did you forget a `|` before it?',
    )
    expect(first('T | summarize count() bi x').message).toContain('did you mean `by`?')
    expect(first('T | where a b').message).toBe(
      'line: 1, col: 13: unexpected `b` after the end of the expression',
    )
  })

  it('lines and columns count from 1 across line breaks', () => {
    const d = first('T\n| where x\n| summarise count()')
    expect(d.message.startsWith('line: 3, col: 3: ')).toBe(true)
  })

  it('lexer errors: character, string, number', () => {
    expect(first('T | where x # 1')).toMatchObject({ code: 'APL0002', span: { start: 12, length: 1 } })
    expect(first('T | where x == 😀')).toMatchObject({ code: 'APL0002', span: { start: 15, length: 2 } })
    expect(first('T | where x == "abc')).toMatchObject({ code: 'APL0001', span: { start: 15, length: 4 } })
    expect(first('T | where t > 10mins').message).toContain('did you mean `10min`?')
  })

  it('reports several lexer errors at once, in order', () => {
    expect(parseFails('a # b ` c 1x').map((d) => d.code)).toEqual(['APL0002', 'APL0002', 'APL0003'])
  })

  it('operator parameters: unknown, repeated, wrong value kind', () => {
    expect(first('T | join withsource=x S on a').message).toBe(
      'line: 1, col: 10: parameter `withsource` of `join` is not a parameter of this operator',
    )
    expect(first('T | join kind=inner kind=inner S on a').message).toContain('is given more than once')
    expect(first('T | join kind="inner" S on a').message).toContain('takes a name, not a literal')
  })

  it('refuses non-text input without throwing (APL0100)', () => {
    for (const bad of [undefined, null, 42, { q: 'T' }]) {
      const r = parseApl(bad as unknown as string)
      expect(r.diagnostics?.[0]).toMatchObject({ code: 'APL0100', span: { start: 0, length: 0 } })
    }
  })

  it('bracket pairing in deep queries (APL0105/APL0112) and stray closers', () => {
    const deep = `print ${'('.repeat(40)}1`
    const d = first(deep)
    expect(d).toMatchObject({ code: 'APL0105', span: { start: deep.length, length: 0 } })
    expect(d.notes[0].message).toBe('line: 1, col: 46: `(` opened here')
    expect(first(`print ${'('.repeat(40)}1${')'.repeat(39)}]`).code).toBe('APL0112')
    expect(first('print 1)').code).toBe('APL0104')
  })
})
