// test/unit/syntax/text-helpers.test.ts: spans, datetime and timespan text, string literal decoding.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clampSpan, coverSpans, lineColumn } from '../../../src/diagnostics/span.ts'
import { formatDatetime, parseDatetimeText } from '../../../src/syntax/datetime-text.ts'
import { decodeStringLiteral, quoteString } from '../../../src/syntax/string-literal.ts'
import {
  formatTimespanAmount,
  parseTimespanAmount,
  parseTimespanContent,
} from '../../../src/syntax/timespan-text.ts'
import { daysFromCivil } from '../../../src/util/time/index.ts'

describe('span helpers', () => {
  it('lineColumn is 1-based and handles all line breaks', () => {
    expect(lineColumn('abc', 0)).toEqual({ line: 1, column: 1 })
    expect(lineColumn('a\nbc', 3)).toEqual({ line: 2, column: 2 })
    expect(lineColumn('a\r\nb', 3)).toEqual({ line: 2, column: 1 })
    expect(lineColumn('a\rb', 2)).toEqual({ line: 2, column: 1 })
    expect(lineColumn('ab', 99)).toEqual({ line: 1, column: 3 })
    expect(lineColumn('ab', Number.NaN)).toEqual({ line: 1, column: 3 })
  })

  it('clampSpan and coverSpans stay in range', () => {
    expect(clampSpan(-5, 2, 10)).toEqual({ start: 10, length: 0 })
    expect(clampSpan(8, 5, 10)).toEqual({ start: 8, length: 2 })
    expect(clampSpan(3.7, 1.2, 10)).toEqual({ start: 3, length: 1 })
    expect(coverSpans({ start: 5, length: 2 }, { start: 1, length: 1 })).toEqual({ start: 1, length: 6 })
  })
})

describe('datetime text', () => {
  it('format then parse is the identity on ns (years 0000–9999)', () => {
    const max = BigInt(daysFromCivil(10000, 1, 1)) * 86_400_000_000_000n - 1n
    const min = BigInt(daysFromCivil(0, 1, 1)) * 86_400_000_000_000n
    fc.assert(
      fc.property(fc.bigInt({ min, max }), (ns) => {
        expect(parseDatetimeText(formatDatetime(ns))).toBe(ns)
      }),
      { numRuns: 500, seed: 11 },
    )
  })

  it('rejects out-of-range instants and bad offsets', () => {
    expect(parseDatetimeText('10000-01-01T00:00:00Z')).toMatchObject({ reason: expect.any(String) })
    expect(parseDatetimeText('2020-01-01T00:00:00+24:00')).toMatchObject({ reason: expect.any(String) })
    expect(parseDatetimeText('2020-02-30')).toMatchObject({ reason: expect.any(String) })
  })
})

describe('timespan text', () => {
  it('amount ⇄ ns round-trips through the shortest unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), (ns) => {
        expect(parseTimespanAmount(formatTimespanAmount(ns))).toBe(ns)
      }),
      { numRuns: 500, seed: 3 },
    )
    expect(formatTimespanAmount(0n)).toBe('0d')
    expect(formatTimespanAmount(90n * 60_000_000_000n)).toBe('90m')
  })

  it('truncates fractions below one nanosecond', () => {
    expect(parseTimespanAmount('0.5nanoseconds')).toBe(0n)
    expect(parseTimespanAmount('1.5tick')).toBe(150n)
  })

  it('reads clock forms and signs', () => {
    expect(parseTimespanContent('-00:01')).toBe(-60_000_000_000n)
    expect(parseTimespanContent('1.00:00:00.000000001')).toBe(86_400_000_000_001n)
    expect(parseTimespanContent('24:00')).toBe(86_400_000_000_000n)
    expect(parseTimespanContent('1.24:00')).toMatchObject({ reason: expect.any(String) })
  })
})

describe('string literal text', () => {
  it('quoteString output decodes back to the same string, for any UTF-16 content', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
        expect(decodeStringLiteral(quoteString(s))).toEqual({ value: s })
      }),
      { numRuns: 500, seed: 5 },
    )
  })

  it('reports the first invalid escape with its offset in the token', () => {
    expect(decodeStringLiteral(`'ab\\qc'`)).toEqual({ sequence: '\\q', offset: 3 })
    expect(decodeStringLiteral(`'\\U00110000'`)).toMatchObject({ sequence: '\\U00110000' })
  })
})
