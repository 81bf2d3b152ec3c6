// test/reference/scalar.test.ts: every T1/T2 scalar function by name, with the conversion rules of
// §7 (tostring(null) = "", Go float text, strict toint) and null propagation; expectations by hand.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cell, col, type Fixture, NOW, ns, openFixture, rows, run } from './fixture.ts'

let fx: Fixture
beforeAll(async () => {
  fx = await openFixture()
})
afterAll(async () => {
  await fx.close()
})

async function print(columns: string): Promise<Record<string, unknown>> {
  return rows(await run(fx.snap, `print ${columns}`))[0]
}

const H = 3_600_000_000_000n
const D = 24n * H

describe('binning (T1: bin, bin_auto; T2: floor, ceiling)', () => {
  it('bin: floor to a multiple, in the input type, epoch-aligned', async () => {
    expect(
      await print(
        'a = bin(7, 5), b = bin(-7, 5), c = bin(7.5, 2), d = bin(datetime(2026-01-01T10:37:00Z), 1h), e = bin(90m, 1h)',
      ),
    ).toEqual({ a: 5, b: -10, c: 6, d: ns('2026-01-01T10:00:00Z'), e: H })
  })
  it('bin_auto: the step the window implies (9 days → 15m)', async () => {
    const r = await run(fx.snap, 'logs | summarize count() by bin_auto(_time)', {
      startTime: '2026-01-01T00:00:00Z',
      endTime: '2026-01-10T00:00:00Z',
    })
    expect(r.tables[0].buckets).toEqual({ field: '_time', size: 15n * 60_000_000_000n })
    // The 6th-of-January events 1 ns apart share a bucket: 19 buckets for 20 events.
    expect(col(r, '_time')).toHaveLength(19)
    expect(rows(r).find((x) => x._time === ns('2026-01-06T00:00:00Z'))?.count_).toBe(2)
  })
  it('floor and ceiling keep the type', async () => {
    expect(await print('a = floor(2.7), b = ceiling(2.1), c = floor(-2.5), d = ceiling(3)')).toEqual({
      a: 2,
      b: 3,
      c: -3,
      d: 3,
    })
  })
})

describe('conversion', () => {
  it('todouble / toreal (T1): Go float syntax, bool 1/0, failure null', async () => {
    expect(
      await print('a = todouble("1e3"), b = toreal(true), c = todouble("abc"), d = todouble(5)'),
    ).toEqual({
      a: 1000,
      b: 1,
      c: null,
      d: 5,
    })
  })
  it('toint / tolong (T2): reals truncate, strings must be strict digits', async () => {
    expect(
      await print('a = toint(3.9), b = toint("0x10"), c = tolong("42"), d = toint(-3.9), e = toint("3.9")'),
    ).toEqual({ a: 3, b: null, c: 42, d: -3, e: null })
  })
  it('tostring (T2): null → "", Go shortest float text, Go durations, RFC3339Nano', async () => {
    expect(
      await print(
        'a = tostring(int(null)), b = tostring(1.5), c = tostring(1234567.0), d = tostring(80s), e = tostring(datetime(2026-01-01T00:00:00.5Z)), f = tostring(0.00001), g = tostring(true), h = tostring(dynamic([1, "a"]))',
      ),
    ).toEqual({
      a: '',
      b: '1.5',
      c: '1.234567e+06',
      d: '1m20s',
      e: '2026-01-01T00:00:00.5Z',
      f: '1e-05',
      g: 'true',
      h: '[1,"a"]',
    })
  })
  it('todatetime (T2): text, ns since the epoch, failure null', async () => {
    expect(
      await print('a = todatetime("2026-01-02 03:04:05"), b = todatetime(0), c = todatetime("nope")'),
    ).toEqual({ a: ns('2026-01-02T03:04:05Z'), b: 0n, c: null })
  })
})

describe('string functions (T2)', () => {
  it('strlen counts code points', async () => {
    expect(await print('a = strlen("São"), b = strlen("東京"), c = strlen("😀"), d = strlen("")')).toEqual({
      a: 3,
      b: 2,
      c: 1,
      d: 0,
    })
  })
  it('substring: 0-based code points, optional length, past the end is empty', async () => {
    expect(
      await print(
        'a = substring("abcdef", 2, 3), b = substring("abcdef", 4), c = substring("abc", 10), d = substring("São Paulo", 1, 2)',
      ),
    ).toEqual({ a: 'cde', b: 'ef', c: '', d: 'ão' })
  })
  it('tolower / toupper map each code point 1:1', async () => {
    expect(await print('a = tolower("ÀBC"), b = toupper("straße")')).toEqual({ a: 'àbc', b: 'STRAßE' })
  })
  it('strcat: tostring of each argument (null → "")', async () => {
    expect(await print('a = strcat("a", 1, true, int(null), 1.5)')).toEqual({ a: 'a1true1.5' })
  })
  it('strcat_delim: delimiter first', async () => {
    expect(await print('a = strcat_delim("-", "a", 2, "c")')).toEqual({ a: 'a-2-c' })
  })
  it('split: a dynamic array of strings', async () => {
    expect(await print('a = split("a,b,,c", ",")')).toEqual({ a: ['a', 'b', '', 'c'] })
  })
  it('indexof: start, length, occurrence; -1 when absent', async () => {
    expect(
      await print(
        'a = indexof("abcabc", "c"), b = indexof("abcabc", "c", 3), c = indexof("abcabc", "x"), d = indexof("abcabc", "c", 0, -1, 2), e = indexof("abcabc", "c", 0, 2), f = indexof("東京東京", "京", 2)',
      ),
    ).toEqual({ a: 2, b: 5, c: -1, d: 5, e: -1, f: 3 })
  })
  it('extract: a capture group of the first match; null when none', async () => {
    expect(
      await print(
        'a = extract(@"(\\d+)", 1, "user-42 patched"), b = extract("x(y)?z", 1, "xz"), c = extract("q", 0, "abc")',
      ),
    ).toEqual({ a: '42', b: null, c: null })
    expect(
      col(await run(fx.snap, "logs | where user == 'u8' | project n = extract(@'-(\\d+)', 1, msg)"), 'n'),
    ).toEqual(['42'])
  })
  it('isempty / isnotempty / isnull / isnotnull: "" is empty but not null', async () => {
    const r = await run(
      fx.snap,
      'logs | summarize a = countif(isnull(city)), b = countif(isnotnull(city)), c = countif(isempty(city)), d = countif(isnotempty(city))',
    )
    expect(rows(r)).toEqual([{ a: 2, b: 18, c: 3, d: 17 }])
  })
  it('parse_json: JSON to dynamic; invalid JSON gives the input string (§10.7)', async () => {
    expect(
      await print(
        'a = parse_json(\'{"a":1,"b":[true]}\'), b = parse_json("nope"), c = parse_json(\'{"a":{"b":2}}\').a.b',
      ),
    ).toEqual({ a: { a: 1, b: [true] }, b: 'nope', c: 2 })
  })
  it('coalesce: the first non-null (for strings non-empty) argument', async () => {
    expect(
      await print('a = coalesce(int(null), 5), b = coalesce("", "x"), c = coalesce(int(null), int(null))'),
    ).toEqual({
      a: 5,
      b: 'x',
      c: null,
    })
  })
})

describe('math (T2)', () => {
  it('abs keeps the type', async () => {
    expect(await print('a = abs(-3), b = abs(-2.5), c = abs(-1h)')).toEqual({ a: 3, b: 2.5, c: H })
  })
  it('log: natural log, null for x <= 0', async () => {
    expect(await print('a = log(1), b = log(0), c = log(-1), d = log(2.718281828459045)')).toEqual({
      a: 0,
      b: null,
      c: null,
      d: 1,
    })
  })
  it('round: halves away from zero, optional precision (negative allowed)', async () => {
    expect(await print('a = round(2.5), b = round(-2.5), c = round(1.2345, 2), d = round(1234, -2)')).toEqual(
      {
        a: 3,
        b: -3,
        c: 1.23,
        d: 1200,
      },
    )
  })
  it('not', async () => {
    expect(await print('a = not(true), b = not(1 > 2)')).toEqual({ a: false, b: true })
  })
})

describe('datetime (T2)', () => {
  it('now: the query clock, plus an offset', async () => {
    expect(await print('a = now(), b = now(-1h)')).toEqual({ a: NOW, b: NOW - H })
  })
  it('ago: now minus a timespan', async () => {
    expect(await print('a = ago(1d)')).toEqual({ a: NOW - D })
    expect(cell(await run(fx.snap, 'logs | where _time > ago(1d) | count'))).toBe(2)
  })
  it('datetime_diff: part boundaries crossed from the second to the first (weeks start Sunday)', async () => {
    expect(
      await print(
        "a = datetime_diff('day', datetime(2026-01-03T01:00:00Z), datetime(2026-01-01T23:00:00Z)), b = datetime_diff('hour', datetime(2026-01-01T02:59:00Z), datetime(2026-01-01T01:01:00Z)), c = datetime_diff('month', datetime(2026-03-01), datetime(2025-12-31)), d = datetime_diff('year', datetime(2025-12-31), datetime(2026-01-01)), e = datetime_diff('week', datetime(2026-01-04), datetime(2026-01-03))",
      ),
    ).toEqual({ a: 2, b: 1, c: 3, d: -1, e: 1 })
  })
})

describe('conditional (T2)', () => {
  it('iff: the common type of the branches; a null predicate takes ifFalse', async () => {
    const r = await run(
      fx.snap,
      'print a = iff(1 > 2, 1, 2.5), b = iff(bool(null), "y", "n"), c = iff(true, 1, 2.5)',
    )
    expect(rows(r)).toEqual([{ a: 2.5, b: 'n', c: 1 }])
    expect(r.tables[0].fields.map((f) => f.type)).toEqual(['real', 'string', 'real'])
  })
  it('case: the first true condition, else the default', async () => {
    expect(await print("a = case(1 > 2, 'a', 2 > 1, 'b', 'c'), b = case(false, 1, 0)")).toEqual({
      a: 'b',
      b: 0,
    })
  })
})

describe('dynamic (T2)', () => {
  it('array_length: elements of an array, null otherwise', async () => {
    expect(await print('a = array_length(dynamic([1, 2, 3])), b = array_length(dynamic({}))')).toEqual({
      a: 3,
      b: null,
    })
    expect(cell(await run(fx.snap, 'logs | summarize sum(array_length(tags))'))).toBe(4)
  })
  it('bag_pack and its alias pack', async () => {
    expect(await print('a = bag_pack("k", 1, "s", "v"), b = pack("x", true)')).toEqual({
      a: { k: 1, s: 'v' },
      b: { x: true },
    })
  })
  it('pack_array', async () => {
    expect(await print('a = pack_array(1, "a", 2.5, int(null), datetime(2026-01-01))')).toEqual({
      a: [1, 'a', 2.5, null, '2026-01-01T00:00:00Z'],
    })
  })
})
