// Block building: Arrow layout per storage type, column order, dictionary encoding, and the
// row-wise inverse (batchToEvents, columnValue).
import type * as arrow from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { batchToEvents, buildBatch, columnValue } from '../../../../src/storage/block/build.ts'
import { comparable, ev } from './helpers.ts'

const layout = (events: Parameters<typeof buildBatch>[0]) =>
  buildBatch(events).columns.map((c) => `${c.field}/${c.type}/${String(c.vector.type)}`)

describe('buildBatch layout', () => {
  it('maps every storage type to its Arrow type, in _time, _sysTime, name, FIELD_TYPES order', () => {
    const events = [
      ev(1, { z: 'a', b: 1, a: true, m: 1.5, arr: [1, { x: 2 }] }),
      ev(2, { b: 'two', m: 2n ** 62n, a: false }),
    ]
    expect(layout(events)).toEqual([
      '_time/datetime/Timestamp<NANOSECOND, UTC>',
      '_sysTime/datetime/Timestamp<NANOSECOND, UTC>',
      'a/boolean/Bool',
      'arr/array/Utf8',
      'b/string/Dictionary<Int32, Utf8>',
      'b/integer/Int64',
      'm/integer/Int64',
      'm/float/Float64',
      'z/string/Dictionary<Int32, Utf8>',
    ])
  })

  it('gives a mixed-type field one column per type, each null where the other type is', () => {
    const batch = buildBatch([ev(1, { s: 404 }), ev(2, { s: 'err' }), ev(3, {}), ev(4, { s: 500 })])
    const str = batch.columns.find((c) => c.field === 's' && c.type === 'string')!
    const int = batch.columns.find((c) => c.field === 's' && c.type === 'integer')!
    expect([0, 1, 2, 3].map((r) => columnValue(str, r))).toEqual([null, 'err', null, null])
    expect([0, 1, 2, 3].map((r) => columnValue(int, r))).toEqual([404, null, null, 500])
    expect(str.vector.nullCount).toBe(3)
    expect(int.vector.nullCount).toBe(2)
  })

  it('classifies numbers like typeOfValue: -0 and non-safe integers are floats', () => {
    const batch = buildBatch([ev(1, { n: -0 }), ev(2, { n: 2 ** 53 }), ev(3, { n: -(2 ** 53 - 1) })])
    const types = batch.columns.filter((c) => c.field === 'n').map((c) => c.type)
    expect(types).toEqual(['integer', 'float'])
    const float = batch.columns.find((c) => c.field === 'n' && c.type === 'float')!
    expect(Object.is(columnValue(float, 0), -0)).toBe(true)
    expect(columnValue(float, 1)).toBe(2 ** 53)
  })

  it('keeps _time/_sysTime as non-null nanosecond columns', () => {
    const batch = buildBatch([ev(1_700_000_000_123_456_789n), ev(-5n)])
    const [time, sys] = batch.columns
    expect(time.vector.data[0].values).toEqual(new BigInt64Array([1_700_000_000_123_456_789n, -5n]))
    expect(sys.vector.data[0].values).toEqual(new BigInt64Array([1_700_000_000_123_456_790n, -4n]))
    expect(time.vector.nullCount).toBe(0)
  })

  it('marks array columns as JSON text in the Arrow field metadata', async () => {
    const { arrowFieldFor } = await import('../../../../src/storage/block/arrow-types.ts')
    expect(arrowFieldFor('x', 'array', 0).metadata.get('ARROW:extension:name')).toBe('arrow.json')
    expect(arrowFieldFor('x', 'integer', 0).metadata.size).toBe(0)
  })

  it('rejects reserved names and integers outside int64', () => {
    expect(() => buildBatch([ev(1, { _time: 'x' })])).toThrow(/reserved/)
    expect(() => buildBatch([ev(1, { big: 2n ** 63n })])).toThrow(/int64/)
  })

  it('builds an empty batch with only the time columns', () => {
    const batch = buildBatch([])
    expect(batch.rowCount).toBe(0)
    expect(batch.columns.map((c) => c.field)).toEqual(['_time', '_sysTime'])
  })
})

describe('dictionary encoding', () => {
  it('dedupes the dictionary and keeps codes dense in first-seen order', () => {
    const values = ['b', 'a', 'b', 'c', 'a', 'a', 'b']
    const batch = buildBatch(values.map((v, i) => ev(i, { s: v })))
    const data = batch.columns[2].vector.data[0]
    expect(data.dictionary?.toArray()).toEqual(['b', 'a', 'c'])
    expect(Array.from(data.values as Int32Array)).toEqual([0, 1, 0, 2, 1, 1, 0])
  })

  it('folds lone surrogates into U+FFFD without duplicating dictionary entries', () => {
    const batch = buildBatch([ev(1, { s: '\ud800x' }), ev(2, { s: '\ufffdx' }), ev(3, { s: '\udc00x' })])
    const data = batch.columns[2].vector.data[0]
    expect(data.dictionary?.toArray()).toEqual(['\ufffdx'])
    expect(Array.from(data.values as Int32Array)).toEqual([0, 0, 0])
  })

  it('stores unicode and empty strings byte-exactly', () => {
    const values = ['', 'ünï', '日本', '😀 emoji', 'a\u0000b']
    const batch = buildBatch(values.map((v, i) => ev(i, { s: v })))
    expect([0, 1, 2, 3, 4].map((r) => columnValue(batch.columns[2], r))).toEqual(values)
  })

  it('gives each dictionary column of a batch its own dictionary id', () => {
    const batch = buildBatch([ev(1, { a: 'x', b: 'y' })])
    const ids = batch.columns.slice(2).map((c) => (c.vector.type as arrow.Dictionary).id)
    expect(new Set(ids).size).toBe(2)
  })
})

describe('batchToEvents and columnValue', () => {
  const events = [
    ev(10, { a: 'x', n: 1, big: -(2n ** 63n), f: 0.5, b: true, arr: ['q', null, { k: [1] }] }),
    ev(11, { a: 'y', n: 2 ** 53 - 1, big: 2n ** 63n - 1n }),
    ev(12, JSON.parse('{"b": false, "__proto__": "p"}')),
  ]
  const batch = buildBatch(events)

  it('inverts buildBatch (bigints outside the safe range stay bigint)', () => {
    expect(comparable(batchToEvents(batch))).toEqual(comparable(events))
  })

  it('returns prototype-less field objects and honours [start, end)', () => {
    const out = batchToEvents(batch, 1, 3)
    expect(out.map((e) => e.time)).toEqual([11n, 12n])
    expect(Object.getPrototypeOf(out[0].fields)).toBeNull()
    expect(Object.getOwnPropertyDescriptor(out[1].fields, '__proto__')?.value).toBe('p')
  })

  it('reads datetime cells as bigint ns', () => {
    expect(columnValue(batch.columns[0], 2)).toBe(12n)
  })

  it('needs the time columns', () => {
    expect(() => batchToEvents({ rowCount: 3, columns: batch.columns.slice(2) })).toThrow(/_time/)
  })
})
