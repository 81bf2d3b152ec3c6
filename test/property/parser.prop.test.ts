// test/property/parser.prop.test.ts: RELIABILITY B1 parser fuzz — 20,000 inputs from three generators;
// nothing thrown, located coded diagnostics only, fast; valid queries round-trip through the printer.
// Seed: APL_FUZZ_SEED, else random; printed first.

import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { tokenize } from '../../grammar/lexer.ts'
import { isCode } from '../../src/diagnostics/codes.ts'
import { type ParseResult, parseApl } from '../../src/syntax/parse.ts'
import { printApl } from '../../src/syntax/print.ts'
import { stripSpans } from '../../src/syntax/strip-spans.ts'
import { queryArb } from './apl-arbitrary.ts'

const seed = Number(process.env.APL_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
console.log(`seed=${seed}`)

const stats = {
  inputs: 0,
  runs: 0,
  uncaught: 0,
  positionless: 0,
  badCode: 0,
  internal: 0,
  slow: 0,
  times: [] as number[],
}
const TIME_LIMIT_MS = 40_000

/** Parses with timing; a slow parse is re-timed once so a GC pause is not blamed on the parser. */
function timedParse(text: string): ParseResult {
  let t0 = performance.now()
  let result: ParseResult
  try {
    result = parseApl(text)
  } catch (error) {
    stats.uncaught++
    throw error
  }
  let ms = performance.now() - t0
  const budget = 50 * Math.max(1, text.length / 1024)
  if (ms > budget) {
    t0 = performance.now()
    parseApl(text)
    ms = Math.min(ms, performance.now() - t0)
    if (ms > budget) stats.slow++
  }
  stats.runs++
  stats.times.push(ms)
  return result
}

function spanOk(span: { start: number; length: number }, length: number): boolean {
  return (
    Number.isInteger(span.start) &&
    Number.isInteger(span.length) &&
    span.start >= 0 &&
    span.length >= 0 &&
    span.start + span.length <= length
  )
}

/** The B1 invariants for any input; returns the result for further checks. */
function checkAny(text: string, isInput = true): ParseResult {
  if (isInput) stats.inputs++
  const result = timedParse(text)
  if (result.ast !== undefined) return result
  expect(result.diagnostics.length).toBeGreaterThan(0)
  for (const d of result.diagnostics) {
    const located = spanOk(d.span, text.length) && d.notes.every((n) => spanOk(n.span, text.length))
    if (!located || !/^line: \d+, col: \d+: /.test(d.message)) stats.positionless++
    if (!isCode(d.code)) stats.badCode++
    if (d.code === 'APL0900') stats.internal++
    expect(located, `${d.code} ${JSON.stringify(d.span)} in ${text.length}`).toBe(true)
    expect(isCode(d.code)).toBe(true)
    expect(d.code, d.message).not.toBe('APL0900')
  }
  return result
}

/** Random text built from APL fragments: reaches deep into the parser, unlike uniform noise. */
const tokenSoup = fc
  .array(
    fc.constantFrom(
      ...[
        '(',
        ')',
        '[',
        ']',
        '{',
        '}',
        '|',
        ',',
        ';',
        ':',
        '.',
        '..',
        '=',
        '==',
        '!=',
        '<',
        '>',
        '-',
        '+',
        '*',
      ],
      ...[
        '/',
        '%',
        '"',
        "'",
        '@',
        '!',
        '~',
        '$left',
        'x',
        'T',
        '1',
        '1.5',
        '2h',
        ' ',
        '\n',
        '// c\n',
        'where',
      ],
      ...[
        'summarize',
        'by',
        'count()',
        'project-away',
        'in',
        'not',
        'and',
        'or',
        'has',
        'dynamic(',
        'datetime(',
      ],
      ...[
        'let',
        'set',
        'search',
        'union',
        'join',
        'on',
        'kind=',
        'between',
        'print',
        'datatable',
        'matches regex',
      ],
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''))

type Mutation = 'drop' | 'duplicate' | 'swap' | 'cut' | 'insert'

/** Token-level mutation of a valid query (token images re-joined with spaces; `cut` cuts raw text). */
const mutatedArb = fc
  .tuple(
    queryArb,
    fc.constantFrom<Mutation>('drop', 'duplicate', 'swap', 'cut', 'insert'),
    fc.nat(),
    fc.nat(),
    fc.string(),
  )
  .map(([text, mutation, a, b, insert]) => {
    if (mutation === 'cut') return text.slice(0, a % (text.length + 1))
    const tokens = tokenize(text).tokens.map((t) => t.image)
    if (tokens.length === 0) return text
    const i = a % tokens.length
    const j = b % tokens.length
    if (mutation === 'drop') tokens.splice(i, 1)
    else if (mutation === 'duplicate') tokens.splice(i, 0, tokens[i])
    else if (mutation === 'swap') [tokens[i], tokens[j]] = [tokens[j], tokens[i]]
    else tokens.splice(i, 0, insert)
    return tokens.join(' ')
  })

afterAll(() => {
  const sorted = [...stats.times].sort((x, y) => x - y)
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0
  const max = sorted[sorted.length - 1] ?? 0
  console.log(
    `runs=${stats.inputs} parses=${stats.runs} uncaught=${stats.uncaught} positionless=${stats.positionless} bad_codes=${stats.badCode}` +
      ` internal=${stats.internal} slow=${stats.slow} max_ms=${max.toFixed(2)} p99_ms=${p99.toFixed(2)}`,
  )
})

describe('parser fuzz (B1)', () => {
  const options = (numRuns: number, salt: number) => ({
    seed: seed + salt,
    numRuns,
    interruptAfterTimeLimit: TIME_LIMIT_MS,
  })

  it('random binary strings (3,000): diagnostics only, located, coded', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => void checkAny(s)),
      options(3000, 1),
    )
  })

  it('random full-Unicode strings (3,000)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => void checkAny(s)),
      options(3000, 2),
    )
  })

  it('random APL token soup (2,000)', () => {
    fc.assert(
      fc.property(tokenSoup, (s) => void checkAny(s)),
      options(2000, 3),
    )
  })

  it('generated valid queries (6,000) parse, and round-trip through the printer', () => {
    fc.assert(
      fc.property(queryArb, (text) => {
        const result = checkAny(text)
        expect(result.diagnostics, text).toBeUndefined()
        const printed = printApl(result.ast as NonNullable<typeof result.ast>)
        const again = checkAny(printed, false)
        expect(stripSpans(again.ast as never)).toEqual(stripSpans(result.ast as never))
      }),
      options(6000, 4),
    )
  })

  it('mutated valid queries (6,000): drop / duplicate / swap / insert tokens, cut anywhere', () => {
    fc.assert(
      fc.property(mutatedArb, (s) => void checkAny(s)),
      options(6000, 5),
    )
  })

  it('met the invariants on at least 20,000 inputs', () => {
    expect(stats.inputs).toBeGreaterThanOrEqual(20_000)
    expect(stats.uncaught + stats.positionless + stats.badCode + stats.internal).toBe(0)
  })
})
