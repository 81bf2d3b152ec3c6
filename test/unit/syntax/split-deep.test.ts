// test/unit/syntax/split-deep.test.ts: deep groups parsed on their own give the same AST as a normal
// parse, in every context a group can be cut from; unbalanced deep input gets a bracket diagnostic.
import { describe, expect, it } from 'vitest'
import { tokenize } from '../../../grammar/lexer.ts'
import { printApl } from '../../../src/syntax/print.ts'
import { CUT_DEPTH, splitDeep } from '../../../src/syntax/split-deep.ts'
import { stripSpans } from '../../../src/syntax/strip-spans.ts'
import { parseFails, parseOk } from './helpers.ts'

/** `((…(x)…))` with `depth` levels. */
const wrapParens = (x: string, depth: number) => `${'('.repeat(depth)}${x}${')'.repeat(depth)}`

/** Kinds of the cuts `splitDeep` makes for `text` (the parse callback records them). */
function cuts(text: string): string[] {
  const kinds: string[] = []
  splitDeep(text, tokenize(text).tokens, new Map(), (_content, kind) => {
    kinds.push(kind)
    return { value: { kind: 'Star', span: { start: 0, length: 0 } } }
  })
  return kinds
}

describe('splitDeep', () => {
  it('leaves shallow queries alone', () => {
    expect(cuts(`print ${wrapParens('1', CUT_DEPTH - 1)}`)).toEqual([])
    expect(cuts(`print ${wrapParens('1', CUT_DEPTH)}`)).toEqual(['expression'])
  })

  const nest = (open: string, inner: string, close: string, d: number) =>
    `${open.repeat(d)}${inner}${close.repeat(d)}`
  it.each([
    ['grouping parens', (d: number) => `print ${wrapParens('a + 1', d)}`, () => 'print a + 1'],
    [
      'call arguments',
      (d: number) => `print ${nest('f(1, ', 'x', ')', d)}`,
      (d: number) => `print ${nest('f(1, ', 'x', ')', d)}`,
    ],
    [
      'in-lists',
      (d: number) => `print ${nest('a in (1, ', 'x', ')', d)}`,
      (d: number) => `print ${nest('a in (1, ', 'x', ')', d)}`,
    ],
    [
      'index',
      (d: number) => `print ${nest('a[', '0', ']', d)}`,
      (d: number) => `print ${nest('a[', '0', ']', d)}`,
    ],
    [
      'dynamic',
      (d: number) => `print dynamic(${nest('[1, ', '{"k": null}', ']', d)})`,
      (d: number) => `print dynamic(${nest('[1, ', '{"k": null}', ']', d)})`,
    ],
    [
      'join sub-query',
      (d: number) => `T | join kind=inner ${wrapParens('S | where x', d)} on id`,
      () => 'T | join kind=inner (S | where x) on id',
    ],
    [
      'union operand',
      (d: number) => `union a, ${wrapParens('S | take 1', d)}`,
      () => 'union a, (S | take 1)',
    ],
    [
      'make-series range',
      (d: number) => `T | make-series count() on t in range(${wrapParens('1', d)}, 2, 3)`,
      () => 'T | make-series count() on t from 1 to 2 step 3',
    ],
    [
      'between bound',
      (d: number) => `print x between (${wrapParens('1', d)} .. 2)`,
      () => 'print x between (1 .. 2)',
    ],
    ['where', (d: number) => `T | where ${wrapParens('x', d)} | count`, () => 'T | where x | count'],
  ])('%s: cut groups build the same tree as a plain parse', (_label, make, canonical) => {
    // CUT_DEPTH - 2 leaves room for one enclosing bracket (dynamic(…), range(…)): no cut there.
    for (const depth of [CUT_DEPTH - 2, CUT_DEPTH + 3, 3 * CUT_DEPTH]) {
      const text = make(depth)
      expect(cuts(text).length > 0, `cut at depth ${depth}`).toBe(depth >= CUT_DEPTH)
      expect(printApl(parseOk(text))).toBe(canonical(depth))
    }
  })

  it('cut and uncut parses of the same text agree exactly (cut forced by nesting elsewhere)', () => {
    // The right operand nests 20 deep (cut); the left one is compared with a shallow parse.
    const left = "f(a, 'x', -b)[0].c"
    const deep = parseOk(`print ${left} + ${wrapParens('1', 20)}`).body as unknown as {
      columns: { left: never }[]
    }
    const shallow = parseOk(`print ${left} + 1`).body as unknown as { columns: { left: never }[] }
    expect(stripSpans(deep.columns[0].left)).toEqual(stripSpans(shallow.columns[0].left))
  })

  it('keeps spans absolute inside cut groups', () => {
    const text = `print ${wrapParens('abc', 20)}`
    const body = parseOk(text).body as unknown as { columns: { span: unknown }[] }
    expect(body.columns[0].span).toEqual({ start: text.indexOf('abc'), length: 3 })
  })

  it('does not cut groups whose role is unsure, e.g. after a parameter value', () => {
    expect(cuts(`T | join kind=inner ${wrapParens('S', 20)} on x`)).not.toContain('arguments')
    expect(cuts(`print datatable(a:long)[1]`)).toEqual([])
  })

  it('reports errors inside a cut group against the closing bracket', () => {
    const text = `print ${wrapParens('1 +', 20)}`
    const [d] = parseFails(text)
    expect(d.code).toBe('APL0101')
    expect(d.message).toContain('expected an expression but found `)`')
  })

  it('reports unbalanced deep input with a bracket diagnostic', () => {
    expect(parseFails(`print ${'('.repeat(60)}1`)[0].code).toBe('APL0105')
    expect(parseFails(`print ${'('.repeat(60)}1]`)[0].code).toBe('APL0112')
  })
})
