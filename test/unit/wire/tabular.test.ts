// Unit tests: toTabular against the captured server response (§1.3), plain listings (cells of every type,
// hidden _rowId, big longs), topk dynamic cells, empty shapes, and the guards against malformed results.
import { describe, expect, it } from 'vitest'
import type { QueryResult } from '../../../src/exec/result.ts'
import { FormatError, stringifyWire, toTabular } from '../../../src/wire/index.ts'
import {
  BINNED_COUNT_TABLES,
  binnedCount,
  emptyTables,
  groupedNoBin,
  listing,
  noTables,
  status,
  table,
  topk,
} from './fixtures.ts'

/** The response as a client sees it: serialized and parsed back. */
function onWire(r: QueryResult) {
  return JSON.parse(stringifyWire(toTabular(r)))
}

describe('toTabular: the aggregated capture (summarize by bin(_time, 365d))', () => {
  it('reproduces the real server tables byte for byte, _totals included', () => {
    expect(onWire(binnedCount()).tables).toEqual(BINNED_COUNT_TABLES)
  })

  it('has exactly the top-level keys of §1.3, in order, with fieldsMetaMap {}', () => {
    const w = onWire(binnedCount())
    expect(Object.keys(w)).toEqual(['format', 'status', 'tables', 'datasetNames', 'fieldsMetaMap'])
    expect(w.format).toBe('tabular')
    expect(w.datasetNames).toEqual(['vercel'])
    expect(w.fieldsMetaMap).toEqual({})
  })

  it('writes the 365 d bucket size as exact nanoseconds', () => {
    expect(stringifyWire(toTabular(binnedCount()))).toContain('"size":31536000000000000')
  })

  it('passes fieldsMetaMap through from the options', () => {
    const meta = { vercel: [{ name: 'd', type: 'float', unit: 'ms', hidden: false, description: '' }] }
    expect(toTabular(binnedCount(), { fieldsMetaMap: meta }).fieldsMetaMap).toEqual(meta)
  })
})

describe('toTabular: a plain listing', () => {
  const w = onWire(listing())
  const t = w.tables[0]
  const col = (name: string) => t.columns[t.fields.findIndex((f: { name: string }) => f.name === name)]

  it('drops the hidden _rowId column and keeps field/column order', () => {
    expect(t.fields.map((f: { name: string }) => f.name)).toEqual([
      '_time',
      '_sysTime',
      'status_int',
      'bytes',
      'req_duration_ms',
      'elapsed',
      'simplified_agent',
      'is_tls',
      'tags',
    ])
    expect(t.columns).toHaveLength(t.fields.length)
  })

  it('maps APL types to wire type names', () => {
    expect(t.fields.map((f: { type: string }) => f.type)).toEqual([
      'datetime',
      'datetime',
      'integer',
      'integer',
      'float',
      'timespan',
      'string',
      'boolean',
      'array',
    ])
    expect(t.fields.every((f: object) => !('agg' in f))).toBe(true)
  })

  it('writes datetimes as RFC3339Nano UTC with trailing zeros trimmed', () => {
    expect(col('_time')).toEqual(['2025-03-26T12:12:42.68112905Z', '2024-08-14T22:26:25Z'])
    expect(col('_sysTime')).toEqual(['2024-08-14T22:26:26.691450448Z', null])
    expect(t.range).toEqual({
      field: '_time',
      start: '2024-08-14T22:26:24.091Z',
      end: '2024-08-29T22:26:24.091Z',
    })
  })

  it('writes timespans as Go duration text, NaN reals as null, bools and dynamic as JSON', () => {
    expect(col('elapsed')).toEqual(['1h2m3.004s', '-1.5s'])
    expect(col('req_duration_ms')).toEqual([1.5, null])
    expect(col('is_tls')).toEqual([true, false])
    expect(col('tags')).toEqual([{ a: [1, 'x'] }, null])
  })

  it('writes longs beyond 2^53 as their exact digits (a JSON number, not a string)', () => {
    const text = stringifyWire(toTabular(listing()))
    expect(text).toContain('[12345678901234567891,-9223372036854775808]')
    expect(col('status_int')).toEqual([301, null])
  })

  it('sends no buckets for an unbinned table and the status of §1.5', () => {
    expect('buckets' in t).toBe(false)
    expect(w.status.cacheStatus).toBe(1)
    expect('minBlockTime' in w.status).toBe(false)
  })
})

describe('toTabular: topk, grouped, empty', () => {
  it('topk: a one-row column whose cell is an array, agg with fields and args', () => {
    const t = onWire(topk()).tables[0]
    expect(t.fields[0]).toEqual({
      name: 'topk_remote_ip',
      type: 'array',
      agg: { name: 'topk', fields: ['remote_ip'], args: [1] },
    })
    expect(t.columns).toEqual([[[{ key: '93.180.71.1', count: 7, error: 0 }]]])
  })

  it('omits empty agg args, and Infinity becomes null', () => {
    const t = onWire(groupedNoBin()).tables[0]
    expect(t.fields[2]).toEqual({ name: 'avg_x', type: 'float', agg: { name: 'avg', fields: ['x'] } })
    expect(t.columns[2]).toEqual([1.25, null])
    expect(t.groups).toEqual([{ name: 'host' }])
  })

  it('no tables: tables is present and empty', () => {
    expect(onWire(noTables()).tables).toEqual([])
  })

  it('zero rows keep one empty column per field; zero fields leave columns out (never [])', () => {
    const [rows0, fields0] = onWire(emptyTables()).tables
    expect(rows0.columns).toEqual([[]])
    expect(fields0.fields).toEqual([])
    expect('columns' in fields0).toBe(false)
  })

  it('a table holding only _rowId leaves columns out too', () => {
    const r: QueryResult = {
      tables: [table({ fields: [{ name: '_rowId', type: 'string' }], columns: [['a']] })],
      status: status(),
      datasetNames: [],
    }
    expect(toTabular(r).tables[0]).not.toHaveProperty('columns')
  })

  it('an unknown (mixed) column gets the composite type of its cells', () => {
    const r: QueryResult = {
      tables: [
        table({
          fields: [
            { name: 'm', type: 'unknown' },
            { name: 'n', type: 'unknown' },
          ],
          columns: [
            [1, 2.5, null, 2n ** 60n],
            [null, null, null, null],
          ],
        }),
      ],
      status: status(),
      datasetNames: [],
    }
    const t = toTabular(r).tables[0]
    expect(t.fields.map((f) => f.type)).toEqual(['integer|float', 'unknown'])
    expect(stringifyWire(t.columns)).toBe('[[1,2.5,null,1152921504606846976],[null,null,null,null]]')
  })
})

describe('toTabular: malformed results are refused, not sent', () => {
  it('ragged columns', () => {
    const r: QueryResult = {
      tables: [
        table({
          fields: [
            { name: 'a', type: 'long' },
            { name: 'b', type: 'long' },
          ],
          columns: [[1, 2], [1]],
        }),
      ],
      status: status(),
      datasetNames: [],
    }
    expect(() => toTabular(r)).toThrowError(expect.objectContaining({ code: 'ragged_columns' }))
  })

  it('more fields than columns', () => {
    const r: QueryResult = {
      tables: [table({ fields: [{ name: 'a', type: 'long' }], columns: [] })],
      status: status(),
      datasetNames: [],
    }
    expect(() => toTabular(r)).toThrow(FormatError)
  })

  it('a non-canonical aggregation name (Go would fail the whole response)', () => {
    const r: QueryResult = {
      tables: [
        table({
          fields: [{ name: 'd', type: 'long', agg: { name: 'dcount' as 'distinct' } }],
          columns: [[1]],
        }),
      ],
      status: status(),
      datasetNames: [],
    }
    expect(() => toTabular(r)).toThrowError(/'dcount' is not canonical/)
  })
})
