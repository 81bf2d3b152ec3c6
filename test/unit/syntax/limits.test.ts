// test/unit/syntax/limits.test.ts: RELIABILITY B2 — every declared limit at the boundary and one past
// it, each case's code and time printed, and no RangeError ever (nested deeper than the stack allows).
import { afterAll, describe, expect, it } from 'vitest'
import { tokenize } from '../../../grammar/lexer.ts'
import {
  MAX_NESTING_DEPTH,
  MAX_PIPE_STAGES,
  MAX_QUERY_BYTES,
  MAX_TOKENS,
  nestingDepth,
} from '../../../src/syntax/limits.ts'
import { type ParseResult, parseApl } from '../../../src/syntax/parse.ts'
import { printApl } from '../../../src/syntax/print.ts'

const figures: string[] = []
let rangeErrors = 0

/** Parses, timing the best of `runs` (limit checks are measured warm), and records the figure. */
function run(label: string, text: string, runs = 3): { result: ParseResult; ms: number } {
  let result: ParseResult | undefined
  let ms = Number.POSITIVE_INFINITY
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    try {
      result = parseApl(text)
    } catch (error) {
      if (error instanceof RangeError) rangeErrors++
      throw error
    }
    ms = Math.min(ms, performance.now() - t0)
  }
  const r = result as ParseResult
  const outcome = r.ast === undefined ? r.diagnostics[0].code : 'ok'
  figures.push(`${label}: ${outcome} ${ms.toFixed(1)}ms`)
  return { result: r, ms }
}

const parens = (n: number) => `print ${'('.repeat(n)}1${')'.repeat(n)}`
const nots = (n: number) => `T | where ${'not '.repeat(n)}x`

/** A valid `print` query of exactly `bytes` UTF-8 bytes (one long string literal). */
function queryOfBytes(bytes: number): string {
  const head = 'print s = "'
  return `${head}${'a'.repeat(bytes - head.length - 1)}"`
}

afterAll(() => {
  console.log(`B2 limits\n  ${figures.join('\n  ')}\n  RangeError=${rangeErrors}`)
})

describe('nesting depth', () => {
  it.each([999, 1000])('(((…))) at depth %i parses', (depth) => {
    const { result } = run(`parens ${depth}`, parens(depth))
    expect(result.ast).toBeDefined()
  })

  it.each([1001, 100_000])('(((…))) at depth %i is APL0202 at the first level past the limit', (depth) => {
    const { result } = run(`parens ${depth}`, parens(depth))
    expect(result.diagnostics?.[0]).toMatchObject({
      code: 'APL0202',
      span: { start: 6 + MAX_NESTING_DEPTH, length: 1 },
    })
  })

  it.each([999, 1000])('not not … x at depth %i parses', (depth) => {
    expect(run(`not ${depth}`, nots(depth)).result.ast).toBeDefined()
  })

  it('not not … x at depth 1001 is APL0202', () => {
    const { result } = run('not 1001', nots(1001))
    expect(result.diagnostics?.[0].code).toBe('APL0202')
  })

  it('not not … x at depth 100000 (400 KB) is stopped by the length limit before lexing', () => {
    const { result } = run('not 100000', nots(100_000))
    expect(result.diagnostics?.[0].code).toBe('APL0201')
    // Within the length limit, the same flood is a depth error.
    expect(run('not 60000', nots(60_000)).result.diagnostics?.[0].code).toBe('APL0202')
  })

  it.each([
    ['nested calls', (n: number) => `print ${'f('.repeat(n)}1${')'.repeat(n)}`],
    ['nested index', (n: number) => `print ${'a['.repeat(n)}0${']'.repeat(n)}`],
    ['index chain', (n: number) => `print a${'[0]'.repeat(n)}`],
    ['in-lists', (n: number) => `print ${'a in ('.repeat(n / 2)}1${')'.repeat(n / 2)}`],
    ['operator chain', (n: number) => `print 1${'+1'.repeat(n)}`],
    ['dynamic arrays', (n: number) => `print dynamic(${'['.repeat(n - 1)}${']'.repeat(n - 1)})`],
    ['sub-queries', (n: number) => `T${' | join (T'.repeat(n)}${') on x'.repeat(n)}`],
    ['mixed', (n: number) => `print ${'-(not ('.repeat(n / 4)}x${'))'.repeat(n / 4)}`],
  ])('%s: parses at depth 1000 (no stack overflow inside the limit), APL0202 past it', (label, make) => {
    const atLimit = make(MAX_NESTING_DEPTH)
    expect(nestingDepth(tokenize(atLimit).tokens).depth).toBe(MAX_NESTING_DEPTH)
    const ok = run(`${label} 1000`, atLimit, 1).result
    expect(ok.diagnostics).toBeUndefined()
    expect(() => printApl(ok.ast as never)).not.toThrow()
    // 1004 is a whole number of repeated units for every shape above (1, 2 or 4 levels each).
    const over = make(MAX_NESTING_DEPTH + 4)
    expect(nestingDepth(tokenize(over).tokens).depth).toBeGreaterThan(MAX_NESTING_DEPTH)
    expect(run(`${label} 1004`, over, 1).result.diagnostics?.[0].code).toBe('APL0202')
  })
})

describe('query length', () => {
  it('a query of exactly 256 KiB parses', () => {
    const text = queryOfBytes(MAX_QUERY_BYTES)
    expect(Buffer.byteLength(text)).toBe(MAX_QUERY_BYTES)
    expect(run('bytes 262144', text).result.ast).toBeDefined()
  })

  it('256 KiB + 1 is APL0201 pointing at the first byte past the limit', () => {
    const text = queryOfBytes(MAX_QUERY_BYTES + 1)
    const { result } = run('bytes 262145', text)
    expect(result.diagnostics?.[0]).toMatchObject({
      code: 'APL0201',
      span: { start: MAX_QUERY_BYTES, length: 1 },
    })
  })

  it('counts UTF-8 bytes, not UTF-16 units', () => {
    const head = 'print s = "'
    const text = `${head}${'é'.repeat((MAX_QUERY_BYTES - head.length - 1) / 2)}x"`
    expect(Buffer.byteLength(text)).toBe(MAX_QUERY_BYTES + 1)
    expect(run('bytes utf8', text, 1).result.diagnostics?.[0].code).toBe('APL0201')
  })
})

describe('pipe stages and tokens', () => {
  it(`${MAX_PIPE_STAGES} pipe stages parse`, () => {
    const { result } = run('pipes 10000', `T${' | take 1'.repeat(MAX_PIPE_STAGES)}`, 1)
    expect(result.ast?.body).toMatchObject({ kind: 'Pipe' })
  })

  it(`${MAX_PIPE_STAGES + 1} pipe stages are APL0204 at the extra pipe`, () => {
    const text = `T${' | take 1'.repeat(MAX_PIPE_STAGES + 1)}`
    const { result } = run('pipes 10001', text)
    expect(result.diagnostics?.[0]).toMatchObject({
      code: 'APL0204',
      span: { start: 1 + 9 * MAX_PIPE_STAGES + 1 },
    })
  })

  it(`${MAX_TOKENS} tokens parse and one more is APL0203`, () => {
    const items = (MAX_TOKENS - 2) / 2
    const exact = `print 1${',1'.repeat(items)}`
    expect(tokenize(exact).tokens.length).toBe(MAX_TOKENS)
    expect(run('tokens 65536', exact, 1).result.ast).toBeDefined()
    const { result } = run('tokens 65537', `${exact};`)
    expect(result.diagnostics?.[0].code).toBe('APL0203')
  })
})
