// Unit tests: toLegacy — listings become matches (lifted system fields, _rowId real or synthetic), a binned
// summarize becomes series + totals with shared group ids, an unbinned one becomes totals, empty shapes.
import { describe, expect, it } from 'vitest'
import type { QueryResult } from '../../../src/exec/result.ts'
import { stringifyWire, syntheticRowId, toLegacy } from '../../../src/wire/index.ts'
import {
  binnedCount,
  emptyTables,
  groupedNoBin,
  listing,
  noTables,
  ns,
  status,
  table,
  topk,
} from './fixtures.ts'

function onWire(r: QueryResult) {
  return JSON.parse(stringifyWire(toLegacy(r)))
}

describe('toLegacy: matches', () => {
  it('one Entry per row with _time/_sysTime/_rowId lifted and the rest in data', () => {
    const w = onWire(listing())
    expect(Object.keys(w)).toEqual(['status', 'matches', 'buckets', 'format'])
    expect(w.format).toBe('legacy')
    expect(w.buckets).toEqual({ series: [], totals: [] })
    expect(w.matches[0]).toEqual({
      _time: '2025-03-26T12:12:42.68112905Z',
      _sysTime: '2024-08-14T22:26:26.691450448Z',
      _rowId: 'c776x1uafkpu-4918f6cb9000095-0',
      data: {
        status_int: 301,
        bytes: Number('12345678901234567891'),
        req_duration_ms: 1.5,
        elapsed: '1h2m3.004s',
        simplified_agent: 'Mozilla/5.0',
        is_tls: true,
        tags: { a: [1, 'x'] },
      },
    })
  })

  it('leaves null cells out of data; a null _sysTime becomes Go zero time', () => {
    const m = onWire(listing()).matches[1]
    expect(m._sysTime).toBe('0001-01-01T00:00:00Z')
    expect(Object.keys(m.data).sort()).toEqual(['bytes', 'elapsed', 'is_tls'])
    expect(m.data.is_tls).toBe(false)
  })

  it('writes big longs in data as exact digits', () => {
    expect(stringifyWire(toLegacy(listing()))).toContain('"bytes":12345678901234567891')
  })

  it('without a _rowId column, ids are synthetic: time hex + row index, unique and repeatable', () => {
    const r = listing()
    const t = r.tables[0]
    const keep = t.fields.map((_, i) => i).filter((i) => t.fields[i].name !== '_rowId')
    const noIds: QueryResult = {
      ...r,
      tables: [{ ...t, fields: keep.map((i) => t.fields[i]), columns: keep.map((i) => t.columns[i]) }],
    }
    const ids = toLegacy(noIds).matches.map((m) => m._rowId)
    expect(ids).toEqual([
      syntheticRowId(ns('2025-03-26T12:12:42.68112905Z'), 0),
      syntheticRowId(ns('2024-08-14T22:26:25Z'), 1),
    ])
    expect(ids[0]).toBe(ns('2025-03-26T12:12:42.68112905Z').toString(16).padStart(16, '0') + '-0')
    expect(toLegacy(noIds).matches.map((m) => m._rowId)).toEqual(ids)
    expect(syntheticRowId(null, 3)).toBe('0000000000000000-3')
  })

  it('a projection without _time gets Go zero times and keeps a non-datetime _time in data', () => {
    const r: QueryResult = {
      tables: [
        table({
          fields: [
            { name: '_time', type: 'string' },
            { name: '__proto__', type: 'long' },
          ],
          columns: [['not a time'], [7]],
        }),
      ],
      status: status(),
      datasetNames: [],
    }
    const [m] = onWire(r).matches
    expect(m._time).toBe('0001-01-01T00:00:00Z')
    expect(m.data).toEqual(JSON.parse('{"_time":"not a time","__proto__":7}'))
    expect(Object.keys(m.data)).toEqual(['_time', '__proto__'])
  })
})

describe('toLegacy: buckets', () => {
  it('binned summarize: one interval per bucket, ascending, [start, start + size)', () => {
    const { series } = onWire(binnedCount()).buckets
    expect(series.map((s: { startTime: string; endTime: string }) => [s.startTime, s.endTime])).toEqual([
      ['2020-12-19T00:00:00Z', '2021-12-19T00:00:00Z'],
      ['2021-12-19T00:00:00Z', '2022-12-19T00:00:00Z'],
    ])
  })

  it('totals come from _totals; group ids follow the totals and agree with the series', () => {
    const { series, totals } = onWire(binnedCount()).buckets
    expect(totals).toEqual([
      { id: 1, group: { 'request.method': 'GET' }, aggregations: [{ op: 'count_', value: 139760181 }] },
      { id: 2, group: { 'request.method': null }, aggregations: [{ op: 'count_', value: 17569825 }] },
      { id: 3, group: { 'request.method': 'POST' }, aggregations: [{ op: 'count_', value: 6456722 }] },
    ])
    expect(series[0].groups).toEqual([
      { id: 1, group: { 'request.method': 'GET' }, aggregations: [{ op: 'count_', value: 397262 }] },
      { id: 2, group: { 'request.method': null }, aggregations: [{ op: 'count_', value: 2753 }] },
    ])
    expect(series[1].groups).toEqual([
      { id: 1, group: { 'request.method': 'GET' }, aggregations: [{ op: 'count_', value: 20591383 }] },
    ])
  })

  it('binned without a _totals table: series only, totals empty', () => {
    const r = binnedCount()
    const w = onWire({ ...r, tables: [r.tables[0]] })
    expect(w.buckets.totals).toEqual([])
    expect(w.buckets.series).toHaveLength(2)
  })

  it('ids are new for groups seen only in the series', () => {
    const r = binnedCount()
    const totals = r.tables[1]
    const onlyPost = { ...totals, columns: [['POST'], [1]] }
    const w = onWire({ ...r, tables: [r.tables[0], onlyPost] })
    expect(w.buckets.totals[0].id).toBe(1)
    expect(w.buckets.series[0].groups.map((g: { id: number }) => g.id)).toEqual([2, 3])
    expect(w.buckets.series[1].groups[0].id).toBe(2)
  })

  it('unbinned summarize: rows are totals, values on the wire (Infinity → null)', () => {
    const w = onWire(groupedNoBin())
    expect(w.matches).toEqual([])
    expect(w.buckets.series).toEqual([])
    expect(w.buckets.totals).toEqual([
      {
        id: 1,
        group: { host: 'a' },
        aggregations: [
          { op: 'count_', value: 2 },
          { op: 'avg_x', value: 1.25 },
        ],
      },
      {
        id: 2,
        group: { host: 'b' },
        aggregations: [
          { op: 'count_', value: 1 },
          { op: 'avg_x', value: null },
        ],
      },
    ])
  })

  it('topk without groups: one total whose value is the array', () => {
    expect(onWire(topk()).buckets.totals).toEqual([
      {
        id: 1,
        group: {},
        aggregations: [{ op: 'topk_remote_ip', value: [{ key: '93.180.71.1', count: 7, error: 0 }] }],
      },
    ])
  })

  it('group values of time and timespan type are wire text', () => {
    const r: QueryResult = {
      tables: [
        table({
          fields: [
            { name: 'day', type: 'datetime' },
            { name: 'span', type: 'timespan' },
            { name: 'c', type: 'long', agg: { name: 'count' } },
          ],
          groups: [{ name: 'day' }, { name: 'span' }],
          columns: [[ns('2024-01-01T00:00:00Z')], [60_000_000_000n], [2n ** 63n - 1n]],
        }),
      ],
      status: status(),
      datasetNames: [],
    }
    expect(stringifyWire(toLegacy(r).buckets.totals)).toBe(
      '[{"id":1,"group":{"day":"2024-01-01T00:00:00Z","span":"1m0s"},"aggregations":[{"op":"c","value":9223372036854775807}]}]',
    )
  })
})

describe('toLegacy: empty results and extra tables', () => {
  it('no tables: empty matches and buckets', () => {
    const w = onWire(noTables())
    expect(w.matches).toEqual([])
    expect(w.buckets).toEqual({ series: [], totals: [] })
  })

  it('a zero-row listing has no matches; a further table is dropped with a Go-valid warning', () => {
    const w = onWire(emptyTables())
    expect(w.matches).toEqual([])
    expect(w.status.messages).toEqual([
      {
        priority: 'warn',
        count: 1,
        code: 'apl_legacyformatdroppedtables_1',
        msg: 'the legacy format holds one result table; 1 more left out (use format=tabular)',
      },
    ])
  })

  it('fieldsMeta only when given', () => {
    const meta = [{ name: 'x', type: 'integer', unit: '', hidden: false, description: '' }]
    expect(toLegacy(noTables())).not.toHaveProperty('fieldsMeta')
    expect(toLegacy(noTables(), { fieldsMeta: meta }).fieldsMeta).toEqual(meta)
  })
})
