// test/unit/syntax/literals.test.ts: every literal form of apl-reference §2.3–2.4, valid and invalid.
import { describe, expect, it } from 'vitest'
import { codeOf, expr, exprWithSpans, NS, n, parseFails } from './helpers.ts'

describe('numbers', () => {
  it('reads integers as 64-bit bigint longs (decimal and hex)', () => {
    expect(expr('42')).toEqual(n.long(42))
    expect(expr('0x1F')).toEqual(n.long(31))
    expect(expr('9223372036854775807')).toEqual(n.long(2n ** 63n - 1n))
  })

  it('rejects integers outside the 64-bit range', () => {
    expect(codeOf('print 9223372036854775808')).toBe('APL0108')
  })

  it('reads reals, with exponents', () => {
    expect(expr('0.23')).toEqual(n.real(0.23))
    expect(expr('1e3')).toEqual(n.real(1000))
    expect(expr('1.5e-3')).toEqual(n.real(0.0015))
    expect(codeOf('print 1e400')).toBe('APL0108')
  })

  it('reads a leading minus as unary minus, and signed typed literals as values', () => {
    expect(expr('-3')).toEqual(n.un('-', n.long(3)))
    expect(expr('long(-3)')).toEqual(n.long(-3))
    expect(expr('int(null)')).toEqual(n.long(null))
    expect(expr('real(1)')).toEqual(n.real(1))
    expect(expr('double(null)')).toEqual(n.real(null))
    expect(expr('real(+inf)')).toEqual(n.real(Number.POSITIVE_INFINITY))
    expect(expr('real(-inf)')).toEqual(n.real(Number.NEGATIVE_INFINITY))
    expect(expr('real(nan)')).toEqual(n.real(Number.NaN))
    expect(codeOf('print long(1.5)')).toBe('APL0108')
    expect(codeOf('print real(x)')).toBe('APL0108')
  })
})

describe('bools and null', () => {
  it('reads true/false in Kusto spellings, typed bools and nulls', () => {
    expect(expr('true')).toEqual(n.bool(true))
    expect(expr('FALSE')).toEqual(n.bool(false))
    expect(expr('True')).toEqual(n.bool(true))
    expect(expr('bool(true)')).toEqual(n.bool(true))
    expect(expr('bool(null)')).toEqual(n.bool(null))
    expect(expr('null')).toEqual({ kind: 'Literal', type: 'null', value: null })
    expect(codeOf('print bool(maybe)')).toBe('APL0108')
  })
})

describe('strings', () => {
  it('decodes escapes in single- and double-quoted strings', () => {
    expect(expr(`'it\\'s'`)).toEqual(n.str("it's"))
    expect(expr(`"say \\"hi\\""`)).toEqual(n.str('say "hi"'))
    expect(expr(`'a\\\\b\\tc\\nd\\re'`)).toEqual(n.str('a\\b\tc\nd\re'))
    expect(expr(`'\\u00e9\\U0001F600\\x41'`)).toEqual(n.str('é😀A'))
  })

  it('keeps backslashes in verbatim strings and doubles quotes to embed them', () => {
    expect(expr(`@'c:\\temp\\d+'`)).toEqual(n.str('c:\\temp\\d+'))
    expect(expr(`@"Windows NT [\\d\\.]+"`)).toEqual(n.str('Windows NT [\\d\\.]+'))
    expect(expr(`@"a""b"`)).toEqual(n.str('a"b'))
    expect(expr(`@'it''s'`)).toEqual(n.str("it's"))
  })

  it('reports an invalid escape at its position', () => {
    const [d] = parseFails(`print 'ab\\qc'`)
    expect(d.code).toBe('APL0004')
    expect(d.span).toEqual({ start: 9, length: 2 })
    expect(codeOf(`print '\\u12'`)).toBe('APL0004')
  })

  it('reports unterminated strings (APL0001)', () => {
    expect(codeOf(`print 'abc`)).toBe('APL0001')
    expect(codeOf(`print "abc\n"`)).toBe('APL0001')
  })
})

describe('timespans', () => {
  it.each([
    ['1d', NS.d],
    ['2h', 2n * NS.h],
    ['1.5h', 90n * NS.m],
    ['10m', 10n * NS.m],
    ['10min', 10n * NS.m],
    ['30s', 30n * NS.s],
    ['1sec', NS.s],
    ['0.1s', 100_000_000n],
    ['100ms', 100_000_000n],
    ['5microsecond', 5_000n],
    ['3tick', 300n],
    ['2days', 2n * NS.d],
    ['1hour', NS.h],
    ['2minutes', 2n * NS.m],
    ['7nanoseconds', 7n],
  ])('%s', (text, ns) => {
    expect(expr(text)).toEqual(n.ts(ns))
  })

  it('reads timespan(...) and time(...) forms', () => {
    expect(expr('timespan(2d)')).toEqual(n.ts(2n * NS.d))
    expect(expr('time(15s)')).toEqual(n.ts(15n * NS.s))
    expect(expr('timespan(0.12:34:56.7)')).toEqual(n.ts(12n * NS.h + 34n * NS.m + 56n * NS.s + 700_000_000n))
    expect(expr('timespan(-1.5h)')).toEqual(n.ts(-90n * NS.m))
    expect(expr('timespan(null)')).toEqual(n.ts(null))
  })

  it('rejects malformed and overflowing timespans', () => {
    expect(codeOf('print timespan(2)')).toBe('APL0107')
    expect(codeOf('print timespan(1.25:61:00)')).toBe('APL0107')
    expect(codeOf('print 99999999999999999999d')).toBe('APL0107')
    expect(codeOf('print 10mins')).toBe('APL0003')
  })
})

describe('datetimes', () => {
  const at = (iso: string) => BigInt(Date.parse(iso)) * 1_000_000n
  it.each([
    ['datetime(2019-11-30 23:59:59.9)', at('2019-11-30T23:59:59.900Z')],
    ['datetime(2015-12-31)', at('2015-12-31T00:00:00Z')],
    ['datetime(2025-07-29T12:00:00Z)', at('2025-07-29T12:00:00Z')],
    ["datetime('2022-09-16')", at('2022-09-16T00:00:00Z')],
    ['datetime(2024-02-29 10:00)', at('2024-02-29T10:00:00Z')],
    ['datetime(2024-01-01T02:00:00+02:00)', at('2024-01-01T00:00:00Z')],
    ['date(1969-12-31T23:59:59Z)', -1_000_000_000n],
  ])('%s', (text, ns) => {
    expect(expr(text)).toEqual(n.dt(ns))
  })

  it('keeps nanosecond precision', () => {
    expect(expr('datetime(1970-01-01T00:00:00.123456789Z)')).toEqual(n.dt(123_456_789n))
  })

  it('reads datetime(null) as a typed null', () => {
    expect(expr('datetime(null)')).toEqual(n.dt(null))
  })

  it('rejects impossible dates and malformed text (APL0106)', () => {
    expect(codeOf('print datetime(2019-13-01)')).toBe('APL0106')
    expect(codeOf('print datetime(2023-02-29)')).toBe('APL0106')
    expect(codeOf('print datetime(2019-01-01 25:00)')).toBe('APL0106')
    expect(codeOf('print datetime(yesterday)')).toBe('APL0106')
  })
})

describe('dynamic', () => {
  it('reads arrays, objects, single-quoted strings, negative numbers and null', () => {
    expect(expr(`dynamic(['GET','POST'])`)).toEqual({
      kind: 'Literal',
      type: 'dynamic',
      value: ['GET', 'POST'],
    })
    const obj = expr(`dynamic({'a':1, "b":{"a":-2.5}, "c": [true, null]})`) as {
      value: Record<string, unknown>
    }
    expect(obj.value).toEqual({ a: 1, b: { a: -2.5 }, c: [true, null] })
    expect(expr('dynamic(null)')).toEqual({ kind: 'Literal', type: 'dynamic', value: null })
    expect(expr('dynamic(6)')).toEqual({ kind: 'Literal', type: 'dynamic', value: 6 })
  })

  it('stores a __proto__ key as data without touching any prototype', () => {
    const lit = expr(`dynamic({"__proto__": {"polluted": 1}})`) as { value: Record<string, unknown> }
    expect(Object.getPrototypeOf(lit.value)).toBe(null)
    expect(Object.keys(lit.value)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('rejects non-JSON content', () => {
    expect(codeOf('print dynamic({a: 1})')).toBe('APL0101')
    expect(codeOf('print dynamic([1,)')).toBe('APL0101')
  })
})

describe('typeof and type names', () => {
  it('reads typeof(T) with canonical types', () => {
    expect(expr('typeof(string)')).toEqual({ kind: 'TypeOf', type: 'string' })
    expect(expr('typeof(int)')).toEqual({ kind: 'TypeOf', type: 'long' })
    expect(expr('typeof(date)')).toEqual({ kind: 'TypeOf', type: 'datetime' })
  })

  it('rejects unknown types with a suggestion', () => {
    const [d] = parseFails('print typeof(strng)')
    expect(d.code).toBe('APL0109')
    expect(d.message).toContain('did you mean `string`?')
  })
})

describe('literal spans', () => {
  it('cover exactly the literal text', () => {
    expect(exprWithSpans(`@'x'`).span).toEqual({ start: 6, length: 4 })
    expect(exprWithSpans('1.5h').span).toEqual({ start: 6, length: 4 })
    expect(exprWithSpans('dynamic([1])').span).toEqual({ start: 6, length: 12 })
  })
})
