// test/unit/storage/ingest/normalize.test.ts: the per-event rules of api-contract.md §3: flatten,
// value rules, reserved renames, labels and `_time` derivation.
import { describe, expect, it } from 'vitest'
import { type NormalizeOptions, normalizeEvent } from '../../../../src/storage/ingest/index.ts'
import type { FlatEvent } from '../../../../src/storage/types.ts'

const RECEIVE = 1_700_000_000_000_000_000n
const SYS = 1_700_000_000_500_000_000n
const opts: NormalizeOptions = { receiveTime: RECEIVE, sysTime: SYS }

function ok(raw: unknown, o: Partial<NormalizeOptions> = {}): FlatEvent {
  const res = normalizeEvent(raw, { ...opts, ...o })
  if (!res.ok) throw new Error(`expected success, got: ${res.error}`)
  return res.event
}

function fail(raw: unknown, o: Partial<NormalizeOptions> = {}): { error: string; time: bigint } {
  const res = normalizeEvent(raw, { ...opts, ...o })
  if (res.ok) throw new Error('expected failure')
  return res
}

/** Fields as a plain object for deep equality. */
const fieldsOf = (raw: unknown, o: Partial<NormalizeOptions> = {}) => ({ ...ok(raw, o).fields })

describe('normalizeEvent: flattening and values', () => {
  it('flattens nested objects into dotted names and drops empty ones', () => {
    expect(fieldsOf({ a: { b: 1, c: { d: 'x' } }, e: {}, f: { g: {} }, h: true })).toEqual({
      'a.b': 1,
      'a.c.d': 'x',
      h: true,
    })
  })

  it('keeps arrays whole as JSON values', () => {
    expect(fieldsOf({ tags: ['a', 1, { k: [true, null] }], empty: [] })).toEqual({
      tags: ['a', 1, { k: [true, null] }],
      empty: [],
    })
  })

  it('drops null, undefined, NaN, ±Infinity, functions and symbols', () => {
    const f = fieldsOf({
      a: null,
      b: undefined,
      c: Number.NaN,
      d: Number.POSITIVE_INFINITY,
      e: Number.NEGATIVE_INFINITY,
      g: () => 1,
      h: Symbol('s'),
      keep: 0,
    })
    expect(f).toEqual({ keep: 0 })
  })

  it('turns Dates into ISO strings and invalid Dates into nothing', () => {
    expect(fieldsOf({ d: new Date('2024-08-14T22:26:25.123Z'), bad: new Date(Number.NaN) })).toEqual({
      d: '2024-08-14T22:26:25.123Z',
    })
  })

  it('keeps bigints only outside the safe range and within int64', () => {
    const f = fieldsOf({
      small: 42n,
      big: 2n ** 60n,
      negBig: -(2n ** 63n),
      huge: 2n ** 64n,
    })
    expect(f.small).toBe(42)
    expect(f.big).toBe(2n ** 60n)
    expect(f.negBig).toBe(-(2n ** 63n))
    expect(f.huge).toBe(2 ** 64)
  })

  it('makes array contents JSON-safe', () => {
    const f = fieldsOf({
      arr: [
        1n,
        2n ** 60n,
        new Date(0),
        undefined,
        () => 1,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        { u: undefined, n: null },
      ],
    })
    expect(f.arr).toEqual([
      1,
      '1152921504606846976',
      '1970-01-01T00:00:00.000Z',
      null,
      null,
      null,
      null,
      { n: null },
    ])
  })

  it('replaces binary values with <invalid data>', () => {
    expect(fieldsOf({ b: new Uint8Array([1, 2]), a: [Buffer.from('x')] })).toEqual({
      b: '<invalid data>',
      a: ['<invalid data>'],
    })
  })

  it('lets a later key win when two flatten to the same name', () => {
    expect(fieldsOf({ 'a.b': 1, a: { b: 2 } })).toEqual({ 'a.b': 2 })
  })

  it('accepts null-prototype objects and class instances; refuses non-objects', () => {
    const np = Object.assign(Object.create(null), { x: 1 })
    expect(fieldsOf(np)).toEqual({ x: 1 })
    class Ev {
      y = 2
    }
    expect(fieldsOf(new Ev())).toEqual({ y: 2 })
    for (const bad of [null, undefined, 1, 'x', true, [], [{}], new Date(), new Map()]) {
      const r = fail(bad)
      expect(r.error).toMatch(/must be a JSON object/)
      expect(r.time).toBe(RECEIVE)
    }
  })

  it('ignores inherited enumerable properties', () => {
    const proto = { inherited: 1 }
    const ev = Object.create(proto) as Record<string, unknown>
    ev.own = 2
    expect(fieldsOf(ev)).toEqual({ own: 2 })
  })

  it('sets sysTime', () => {
    expect(ok({}).sysTime).toBe(SYS)
  })
})

describe('normalizeEvent: reserved names', () => {
  it('renames the reserved names to _user_<name>', () => {
    expect(
      fieldsOf({ _blockInfo: 1, _cursor: 2, _rowID: 3, _source: 4, _sysTime: 5, _other: 6, _rowId: 7 }),
    ).toEqual({
      _user_blockInfo: 1,
      _user_cursor: 2,
      _user_rowID: 3,
      _user_source: 4,
      _user_sysTime: 5,
      _other: 6,
      _rowId: 7,
    })
  })

  it('applies renames on the final dotted name only', () => {
    expect(fieldsOf({ a: { _sysTime: 1 }, _source: { x: 2 } })).toEqual({ 'a._sysTime': 1, '_source.x': 2 })
  })

  it('renames an event _time when another field is the timestamp', () => {
    const e = ok({ ts: '2024-08-14T22:26:25Z', _time: 'mine' }, { timestampField: 'ts' })
    expect({ ...e.fields }).toEqual({ _user_time: 'mine' })
    expect(e.time).toBe(1_723_674_385_000_000_000n)
  })
})

describe('normalizeEvent: timestamps', () => {
  const T = 1_723_674_385_123_456_789n

  it('uses receiveTime when the timestamp field is absent or null', () => {
    expect(ok({ a: 1 }).time).toBe(RECEIVE)
    expect(ok({ _time: null }).time).toBe(RECEIVE)
  })

  it('reads RFC3339 strings to the ns and removes the field', () => {
    const e = ok({ _time: '2024-08-14T22:26:25.123456789Z', a: 1 })
    expect(e.time).toBe(T)
    expect({ ...e.fields }).toEqual({ a: 1 })
  })

  it('reads epoch numbers, numeric strings, bigints and Dates', () => {
    expect(ok({ _time: 1_723_674_385 }).time).toBe(1_723_674_385_000_000_000n)
    expect(ok({ _time: 1_723_674_385_123 }).time).toBe(1_723_674_385_123_000_000n)
    expect(ok({ _time: '1723674385123456789' }).time).toBe(T)
    expect(ok({ _time: T }).time).toBe(T)
    expect(ok({ _time: new Date(1_723_674_385_123) }).time).toBe(1_723_674_385_123_000_000n)
  })

  it('uses a Go layout when timestampFormat is given', () => {
    const e = ok(
      { ts: '17/Aug/2024:10:00:00 +0000' },
      { timestampField: 'ts', timestampFormat: '2/Jan/2006:15:04:05 -0700' },
    )
    expect(e.time).toBe(BigInt(Date.parse('2024-08-17T10:00:00Z')) * 1_000_000n)
    const r = fail({ _time: '2024-08-17T10:00:00Z' }, { timestampFormat: '2/Jan/2006:15:04:05 -0700' })
    expect(r.error).toContain('does not match timestamp-format "2/Jan/2006:15:04:05 -0700"')
  })

  it('takes a dotted timestampField from the flattened fields', () => {
    const e = ok({ meta: { at: '2024-08-14T22:26:25.123456789Z', who: 'x' } }, { timestampField: 'meta.at' })
    expect(e.time).toBe(T)
    expect({ ...e.fields }).toEqual({ 'meta.who': 'x' })
  })

  it('leaves a field named time alone unless it is the timestamp field', () => {
    const e = ok({ time: '2024-08-14T22:26:25Z' })
    expect(e.time).toBe(RECEIVE)
    expect({ ...e.fields }).toEqual({ time: '2024-08-14T22:26:25Z' })
  })

  it('fails an unparseable timestamp with the field and a truncated value', () => {
    const r = fail({ _time: 'not a time' })
    expect(r.error).toContain('"_time"')
    expect(r.error).toContain('"not a time"')
    expect(r.time).toBe(RECEIVE)
    const long = fail({ _time: 'x'.repeat(10_000) })
    expect(long.error.length).toBeLessThan(300)
    expect(long.error).toContain('…')
    expect(fail({ _time: true }).error).toContain('boolean')
    expect(fail({ _time: [1] }).error).toContain('array')
    expect(fail({ _time: new Date(Number.NaN) }).error).toContain('Invalid Date')
  })

  it('fails timestamps outside int64 ns', () => {
    expect(fail({ _time: '9999-01-01T00:00:00Z' }).error).toMatch(/out of range/)
    expect(fail({ _time: '1600-01-01' }).error).toMatch(/out of range/)
    expect(ok({ _time: '2262-04-11T23:47:16.854775807Z' }).time).toBe(2n ** 63n - 1n)
    expect(ok({ _time: '1677-09-21T00:12:43.145224192Z' }).time).toBe(-(2n ** 63n))
  })

  it('treats an empty timestampField or timestampFormat as absent', () => {
    expect(
      ok({ _time: '2024-08-14T22:26:25.123456789Z' }, { timestampField: '', timestampFormat: '' }).time,
    ).toBe(T)
  })
})

describe('normalizeEvent: labels', () => {
  it('merges labels into every event, flattened, with label values winning', () => {
    const labels = { region: 'eu-west-1', instance: 1, nested: { k: 'v' } }
    expect(fieldsOf({ region: 'us', a: 1 }, { labels })).toEqual({
      region: 'eu-west-1',
      instance: 1,
      'nested.k': 'v',
      a: 1,
    })
  })

  it('fails every event when labels are not an object', () => {
    const r = fail({ a: 1 }, { labels: ['x'] as unknown as Record<string, unknown> })
    expect(r.error).toBe('labels must be a JSON object, not an array')
  })

  it('applies reserved renames to labels too', () => {
    expect(fieldsOf({}, { labels: { _source: 'x' } })).toEqual({ _user_source: 'x' })
  })
})
