// test/reference/rules.prop.test.ts: the oracle's own building blocks checked against independent
// definitions: exact arithmetic against IEEE operations, code-point order against UTF-8 bytes, Go
// float text against known Go output, term matching and RE2 translation on hand-picked cases.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareStrings, equals, totalOrder } from './compare.ts'
import { formatReal, parseNumber } from './convert.ts'
import {
  addExact,
  decimalFraction,
  doubleToScaled,
  exactQuotient,
  exactSum,
  ratioToDouble,
  SCALE,
} from './exact.ts'
import { fold, hasTerm, RegexError, translateRegex } from './strings.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`rules.prop.test.ts seed ${SEED} (set FC_SEED to replay)`)
const PARAMS = { seed: SEED, numRuns: 300, interruptAfterTimeLimit: 5_000 }

const finite = fc.double({ noNaN: true, noDefaultInfinity: true })

describe('exact arithmetic', () => {
  it('a double round-trips through its scaled integer', () => {
    fc.assert(
      fc.property(finite, (x) => Object.is(ratioToDouble(doubleToScaled(x), SCALE), x === 0 ? 0 : x)),
      PARAMS,
    )
  })
  it('p / q of safe integers rounds exactly like IEEE division', () => {
    const safe = fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 })
    fc.assert(
      fc.property(
        safe,
        safe.filter((q) => q > 0),
        (p, q) => ratioToDouble(BigInt(p), BigInt(q)) === p / q,
      ),
      PARAMS,
    )
  })
  it('the exact sum of two doubles equals IEEE addition (one rounding)', () => {
    fc.assert(
      fc.property(finite, finite, (a, b) => {
        const s = exactSum()
        addExact(s, a)
        addExact(s, b)
        const ieee = a + b
        return !Number.isFinite(ieee) || exactQuotient(s, 1n) === ieee
      }),
      PARAMS,
    )
  })
  it('the exact sum does not depend on order; subnormals and cancellation are exact', () => {
    const s = exactSum()
    for (const x of [1e308, 1, -1e308, 5e-324]) addExact(s, x)
    expect(exactQuotient(s, 1n)).toBe(1)
    const t = exactSum()
    for (const x of [0.1, 0.2, 0.3]) addExact(t, x)
    expect(exactQuotient(t, 3n)).toBe(0.2)
  })
  it('decimalFraction reads the shortest decimal text', () => {
    expect(decimalFraction(99.9)).toEqual({ num: 999n, den: 10n })
    expect(decimalFraction(-0.001)).toEqual({ num: -1n, den: 1000n })
    expect(decimalFraction(1e21)).toEqual({ num: 10n ** 21n, den: 1n })
  })
})

describe('order and equality', () => {
  it('strings order by code point, as their UTF-8 bytes do', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const bytes = Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
        return Math.sign(compareStrings(a, b)) === bytes
      }),
      PARAMS,
    )
  })
  it('longs and reals compare exactly, beyond 2^53 too', () => {
    expect(equals(2n ** 53n + 1n, 2 ** 53, false)).toBe(false)
    expect(equals(3n, 3, false)).toBe(true)
    expect(totalOrder(Number.NaN, Number.NEGATIVE_INFINITY)).toBeLessThan(0)
    expect(totalOrder(true, 0n)).toBeLessThan(0)
  })
})

describe('conversions', () => {
  it('formatReal matches Go strconv.FormatFloat(x, g, -1, 64)', () => {
    const cases: [number, string][] = [
      [1.5, '1.5'],
      [100, '100'],
      [123456, '123456'],
      [1234567, '1.234567e+06'],
      [1e6, '1e+06'],
      [0.0001, '0.0001'],
      [0.00001, '1e-05'],
      [-2.5e-7, '-2.5e-07'],
      [1e21, '1e+21'],
      [0.1 + 0.2, '0.30000000000000004'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, '+Inf'],
      [-0, '-0'],
    ]
    for (const [x, text] of cases) expect(formatReal(x), String(x)).toBe(text)
  })
  it('parseNumber: Go ParseFloat syntax; integers stay exact longs', () => {
    expect(parseNumber('1e3')).toBe(1000)
    expect(parseNumber('-42')).toBe(-42n)
    expect(parseNumber('9223372036854775807')).toBe(2n ** 63n - 1n)
    expect(parseNumber('.5')).toBe(0.5)
    expect(parseNumber('Inf')).toBe(Number.POSITIVE_INFINITY)
    for (const bad of ['', ' 1', '0x10', '1e400', 'abc', '1,5']) expect(parseNumber(bad), bad).toBeNull()
  })
})

describe('text rules', () => {
  it('terms: letters and digits; the needle may not extend a term', () => {
    expect(hasTerm('foo_bar baz', 'bar', 'whole')).toBe(true)
    expect(hasTerm('parentSpanId', 'Span', 'whole')).toBe(false)
    expect(hasTerm('Admin_User', 'Admin', 'prefix')).toBe(true)
    expect(hasTerm('documentation.docx', '.docx', 'suffix')).toBe(true)
    expect(hasTerm('a-b', '', 'whole')).toBe(false)
    expect(hasTerm('東京タワー', '東京タワー', 'whole')).toBe(true)
  })
  it('case folding is per code point and 1:1', () => {
    expect(fold('ſ')).toBe(fold('S'))
    expect(fold('\u212A')).toBe('k')
    expect(fold('ß')).toBe('ß')
  })
  it('RE2 → JS: flags, named groups, \\z, escaped punctuation; lookaround and backreferences refused', () => {
    expect(translateRegex('(?i)a.b')).toEqual({ source: 'a[^\\n]b', flags: 'ui' })
    expect(translateRegex('(?P<n>x)\\z')).toEqual({ source: '(?<n>x)(?![\\s\\S])', flags: 'u' })
    expect(translateRegex('a\\#[]x]\\s')).toEqual({ source: 'a#[\\]x][\\t\\n\\f\\r ]', flags: 'u' })
    expect(() => translateRegex('a(?=b)')).toThrow(RegexError)
    expect(() => translateRegex('(a)\\1')).toThrow(RegexError)
  })
})
