// test/reference/operators.test.ts: every T1/T2 scalar operator by name (plus the `_cs`, term and
// range T3 rows the oracle implements), with the null rules of §3 and the string/number rule of
// §10.5, over the fixture (counts worked out by hand from fixture.ts) and `print` constants.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StrictTypesError } from './compare.ts'
import { cell, type Fixture, ns, openFixture, rows, run } from './fixture.ts'

let fx: Fixture
beforeAll(async () => {
  fx = await openFixture()
})
afterAll(async () => {
  await fx.close()
})

/** Rows of `logs` where `predicate` holds (T3 operators allowed). */
async function count(predicate: string): Promise<unknown> {
  return cell(await run(fx.snap, `logs | where ${predicate} | count`))
}

/** The single row of a `print`. */
async function print(columns: string): Promise<Record<string, unknown>> {
  return rows(await run(fx.snap, `print ${columns}`))[0]
}

describe('comparison (T1)', () => {
  it('== is case-sensitive on strings', async () => {
    expect(await print('a = "aBc" == "aBc", b = "abc" == "ABC"')).toEqual({ a: true, b: false })
    expect(await count("method == 'GET'")).toBe(11)
  })
  it('!= (and <>)', async () => {
    expect(await print('a = "abc" != "ABC", b = 1 <> 1')).toEqual({ a: true, b: false })
  })
  it('null == x is false, null != x is true, null == null is null', async () => {
    expect(await print('a = int(null) == 1, b = int(null) != 1, c = int(null) == int(null)')).toEqual({
      a: false,
      b: true,
      c: null,
    })
    // Two events lack duration_ms; they are != 1.
    expect(await count('duration_ms != 1')).toBe(19)
    expect(await count('duration_ms == 1')).toBe(1)
  })
  it('< <= > >= on reals; null compares as null (the row is dropped)', async () => {
    expect(await count('duration_ms < 1')).toBe(7)
    expect(await count('duration_ms <= 1')).toBe(8)
    expect(await count('duration_ms > 100')).toBe(3)
    expect(await count('duration_ms >= 250')).toBe(2)
    expect(await print('a = int(null) < 1, b = int(null) >= int(null)')).toEqual({ a: null, b: null })
  })
  it('datetimes, timespans and strings order', async () => {
    expect(await count("_time >= datetime(2026-01-08) and _time < datetime('2026-01-09')")).toBe(3)
    expect(await print('a = 1h > 59m, b = "b" > "a", c = "é" > "z"')).toEqual({ a: true, b: true, c: true })
  })
})

describe('string against number (decision §10.5)', () => {
  it('numeric when the string parses, else false (!= true)', async () => {
    expect(
      await print('a = "abc" == 1, b = "abc" != 1, c = "1e3" == 1000, d = "10" > 9, e = "x" < 1'),
    ).toEqual({
      a: false,
      b: true,
      c: true,
      d: true,
      e: false,
    })
  })
  it('a mixed column (strings and integers) compares per value', async () => {
    // '200' ×8 parse to 200, plus the integer 200 of the 4th event.
    expect(await count('status == 200')).toBe(9)
    expect(await count('status >= 500')).toBe(4)
    expect(await count("status == '503'")).toBe(1)
  })
  it('set stricttypes refuses a per-value comparison of two kinds', async () => {
    await expect(run(fx.snap, 'set stricttypes; logs | where status == 200')).rejects.toThrow(
      StrictTypesError,
    )
  })
})

describe('logical', () => {
  it('and (T1)', async () => {
    expect(await count("method == 'GET' and is_tls")).toBe(9)
  })
  it('or (T1)', async () => {
    expect(await count("method == 'PUT' or method == 'PATCH'")).toBe(2)
  })
  it('three-valued and/or: false and true win over null', async () => {
    expect(await print('a = bool(null) and false, b = bool(null) or true, c = bool(null) and true')).toEqual({
      a: false,
      b: true,
      c: null,
    })
  })
  it('not (T2)', async () => {
    expect(await count('not(is_tls)')).toBe(8)
    expect(await print('a = not(bool(null))')).toEqual({ a: null })
  })
})

describe('arithmetic (T2)', () => {
  it('+ and *: long stays long, precedence', async () => {
    expect(await print('a = 2 + 3 * 4, b = 2 + 0.5')).toEqual({ a: 14, b: 2.5 })
  })
  it('- and unary minus', async () => {
    expect(await print('a = 3 - 5, b = -(2.5), c = -(1h)')).toEqual({
      a: -2,
      b: -2.5,
      c: -3_600_000_000_000n,
    })
  })
  it('/: long / long truncates toward zero; a real makes a real', async () => {
    expect(await print('a = 7 / 2, b = -7 / 2, c = 7.0 / 2, d = 1 / toint(0)')).toEqual({
      a: 3,
      b: -3,
      c: 3.5,
      d: null,
    })
  })
  it('%: the sign of the divisor (Kusto: -14 % 12 == 10)', async () => {
    expect(await print('a = -14 % 12, b = 14 % -12, c = 7 % 3, d = 7.5 % 2')).toEqual({
      a: 10,
      b: -10,
      c: 1,
      d: 1.5,
    })
  })
  it('datetime and timespan rows', async () => {
    const r = await print(
      'a = datetime(2026-01-02) - datetime(2026-01-01), b = datetime(2026-01-01) + 1h, c = 1h / 1m, d = 2 * 1h, e = 1h * 1.5, f = 1d - 1h, g = 1h / 2',
    )
    expect(r).toEqual({
      a: 86_400_000_000_000n,
      b: ns('2026-01-01T01:00:00Z'),
      c: 60,
      d: 7_200_000_000_000n,
      e: 5_400_000_000_000n,
      f: 82_800_000_000_000n,
      g: 1_800_000_000_000n,
    })
  })
  it('null operands give null; long overflow wraps at 64 bits', async () => {
    expect(await print('a = int(null) + 1, b = 9223372036854775807 + 1')).toEqual({
      a: null,
      b: -(2n ** 63n),
    })
  })
})

describe('string operators', () => {
  it('=~ (T2) and !~ (T1) ignore case', async () => {
    expect(await count("method =~ 'get'")).toBe(12)
    expect(await count("method !~ 'get'")).toBe(8)
  })
  it('contains (T2), !contains (T2), contains_cs / !contains_cs (T3)', async () => {
    expect(await count("msg contains 'TIMED'")).toBe(3)
    expect(await count("msg !contains 'timed'")).toBe(17)
    expect(await count("msg contains_cs 'Timed'")).toBe(0)
    expect(await count("msg !contains_cs 'Timed'")).toBe(20)
  })
  it('startswith (T1), !startswith (T2), startswith_cs (T3)', async () => {
    expect(await count("uri startswith '/API/V1/ORDERS'")).toBe(3)
    expect(await count("uri !startswith '/api/v1/users'")).toBe(9)
    expect(await count("uri startswith_cs '/API'")).toBe(0)
  })
  it('endswith (T1), !endswith (T1), endswith_cs (T3)', async () => {
    expect(await count("uri endswith 'LIST'")).toBe(6)
    expect(await count("uri !endswith 'list'")).toBe(14)
    expect(await count("uri endswith_cs 'LIST'")).toBe(0)
  })
  it('a null left operand: positive forms false, negated forms true', async () => {
    expect(await count("city contains 'x'")).toBe(0)
    // city is absent in 2 events: they pass !contains.
    expect(await count("city !contains 'seattle'")).toBe(15)
  })
})

describe('has: whole terms of letters and digits', () => {
  it('has (T2) matches a term, ignoring case; _ . / - separate terms', async () => {
    expect(await count("msg has 'america'")).toBe(1)
    expect(await count("msg has 'foo'")).toBe(1)
    expect(await count("msg has 'Span'")).toBe(0)
    expect(await count("msg has 'CAFÉ'")).toBe(1)
    expect(await count("uri has 'orders'")).toBe(3)
  })
  it('a phrase with separators matches aligned to term boundaries', async () => {
    expect(await count("msg has 'timed out'")).toBe(3)
    expect(await count("msg has 'imed ou'")).toBe(0)
  })
  it('!has (T2), has_cs / !has_cs (T3)', async () => {
    expect(await count("msg !has 'served'")).toBe(16)
    expect(await count("msg has_cs 'America'")).toBe(1)
    expect(await count("msg has_cs 'america'")).toBe(0)
    expect(await count("msg !has_cs 'america'")).toBe(20)
  })
  it('hasprefix / hassuffix (T3) and has_any (T3)', async () => {
    expect(await count("msg hasprefix 'admin'")).toBe(1)
    expect(await count("msg hasprefix 'dmin'")).toBe(0)
    expect(await count("msg hassuffix '.docx'")).toBe(1)
    expect(await count("msg hassuffix 'ation'")).toBe(1)
    expect(await count("msg has_any ('america', 'boson')")).toBe(2)
  })
})

describe('matches regex (T2, RE2 syntax run through JS RegExp)', () => {
  it('unanchored, case-sensitive', async () => {
    expect(await count("uri matches regex @'^/api/v1/orders/\\w+$'")).toBe(2)
    expect(await count("msg matches regex 'error'")).toBe(1)
    expect(await count("msg matches regex '(?i)error'")).toBe(2)
  })
  it('!matches regex (T3)', async () => {
    expect(await count("uri !matches regex @'\\d$'")).toBe(19)
  })
  it('RE2-rejected constructs are errors (decision §10.9), refused when the query binds (APL0311)', async () => {
    await expect(run(fx.snap, "logs | where msg matches regex @'(a)\\1'")).rejects.toThrow(
      /invalid regular expression/,
    )
  })
})

describe('set membership', () => {
  it('in (T2) and !in (T2), case-sensitive', async () => {
    expect(await count("method in ('PUT', 'PATCH', 'put')")).toBe(2)
    expect(await count("method !in ('GET', 'POST')")).toBe(6)
  })
  it('a dynamic array in the list contributes its elements', async () => {
    expect(
      cell(await run(fx.snap, "let m = dynamic(['PUT', 'HEAD']); logs | where method in (m) | count")),
    ).toBe(2)
  })
  it('values compare like == (string against number per §10.5)', async () => {
    expect(await count("status in ('200', '503')")).toBe(10)
  })
  it('in~ / !in~ (T3) ignore case', async () => {
    expect(await count("method in~ ('get')")).toBe(12)
    expect(await count("method !in~ ('get', 'post')")).toBe(5)
  })
})

describe('between (T3, the documented `_time between` idiom)', () => {
  it('inclusive at both ends; null is null (dropped) for both forms', async () => {
    expect(await count('duration_ms between (1 .. 3.5)')).toBe(6)
    expect(await count('duration_ms !between (1 .. 3.5)')).toBe(12)
    expect(await count('_time between (datetime(2026-01-09) .. now())')).toBe(3)
  })
})
