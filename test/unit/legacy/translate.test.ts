// Unit tests: legacy request → APL → plan → rows (STYLE rule 11: the APL/plan text and the rows of the
// same request). The Go integration suite's queries, every filter op's APL, every aggregation's APL,
// missing fields, alias clashes, and the errors only the schema can reveal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Apldb } from '../../../src/index.ts'
import {
  type CompiledLegacy,
  compileLegacy,
  compileLegacyRequest,
  LegacyError,
  type LegacyFilter,
  normalizeRequest,
  type QueryRequest,
  translateLegacy,
} from '../../../src/legacy/index.ts'
import { explainPlan, schemaFromSnapshot } from '../../../src/plan/index.ts'
import { GO_COMPLEX_BODY, GO_EMPTY_BODY, NOW, NOW_MS, openLegacyStore } from './fixtures.ts'

let store: Apldb
beforeAll(async () => {
  store = await openLegacyStore()
})
afterAll(async () => {
  await store.close()
})

function compile(body: unknown): CompiledLegacy {
  const snap = store.snapshot()
  try {
    return compileLegacyRequest(schemaFromSnapshot(snap), 'test', body, { now: NOW }).compiled
  } finally {
    snap.release()
  }
}

/** The APL of a matches request, or the totals APL of an aggregating one. */
function apl(body: unknown): string {
  const c = compile(body)
  return c.kind === 'matches' ? c.matches.apl : c.totals.apl
}

/** The `where` predicate the filter became. */
function where(filter: object): string {
  const m = /\| where (.*?) \| sort by/.exec(apl({ filter }))
  return m ? m[1] : '(no where)'
}

function refused(body: unknown, code: string, text: RegExp, dataset = 'test'): Promise<void> {
  return store.queryLegacy(dataset, body as QueryRequest).then(
    () => expect.unreachable(`expected ${code}`),
    (e: unknown) => {
      expect(e).toBeInstanceOf(LegacyError)
      expect((e as LegacyError).code).toBe(code)
      expect((e as LegacyError).message).toMatch(text)
    },
  )
}

describe('the Go integration suite queries', () => {
  it('the plain query: newest first by `_rowId`, one row past the limit to detect a next page', async () => {
    expect(apl(GO_EMPTY_BODY)).toBe('test | sort by _time desc, _rowId desc | take 1001')
    const r = await store.queryLegacy('test', GO_EMPTY_BODY as QueryRequest)
    expect(r.matches).toHaveLength(14)
    expect(r.status).toMatchObject({ rowsExamined: 14, rowsMatched: 14 })
    expect(r.status.continuationToken).toBeUndefined()
    const ids = r.matches.map((m) => m._rowId)
    expect(ids).toEqual([...ids].sort().reverse())
    expect(new Set(ids).size).toBe(14)
    expect(r.status.minCursor).toBe(ids[13])
    expect(r.status.maxCursor).toBe(ids[0])
    expect(r.matches[0]).toMatchObject({ _time: '2026-01-09T23:59:00Z', _sysTime: '2026-01-10T00:00:00Z' })
    expect(Object.keys(r.matches[0].data).sort()).toEqual([
      'agent',
      'bytes',
      'referrer',
      'remote_ip',
      'remote_user',
      'request',
      'response',
    ])
  })

  it('the complex query: VF + filter + count by two groups + order → two totals of 7, rowsMatched 14', async () => {
    const c = compile(GO_COMPLEX_BODY)
    if (c.kind !== 'aggregate') throw new Error('aggregate expected')
    expect(c.totals.apl).toBe(
      'test | where isnotnull(response) | extend success = toint(response) < 400 | summarize event_count = count() by success, remote_ip | sort by success desc, remote_ip asc | take 1000',
    )
    expect(c.series.apl).toBe(
      'test | where isnotnull(response) | extend success = toint(response) < 400 | summarize event_count = count() by _time = bin(_time, 1s), success, remote_ip | sort by _time asc, success desc, remote_ip asc',
    )
    expect(explainPlan(c.totals.plan)).toBe(
      [
        'Limit: 1000',
        '  Sort: [success desc nulls last, remote_ip asc nulls first]',
        '    Aggregate: by [success:bool, remote_ip:string] aggs [event_count=count():long]',
        '      Extend: [success=(toint(response) < 400):bool]',
        '        Filter: isnotnull(response)',
        '          Scan: test fields [_time, remote_ip, response]',
        '-- datasets [test] order explicit limited',
      ].join('\n'),
    )
    const r = await store.queryLegacy('test', GO_COMPLEX_BODY as QueryRequest)
    expect(r.status).toMatchObject({ rowsExamined: 14, rowsMatched: 14, numGroups: 2 })
    expect(r.buckets.totals).toEqual([
      {
        id: 1,
        group: { success: true, remote_ip: '93.180.71.1' },
        aggregations: [{ op: 'event_count', value: 7 }],
      },
      {
        id: 2,
        group: { success: true, remote_ip: '93.180.71.3' },
        aggregations: [{ op: 'event_count', value: 7 }],
      },
    ])
    // 1 s intervals: each event is its own interval, with the ids of the totals.
    expect(r.buckets.series).toHaveLength(14)
    expect(r.buckets.series[0]).toEqual({
      startTime: '2026-01-09T23:58:47Z',
      endTime: '2026-01-09T23:58:48Z',
      groups: [
        {
          id: 2,
          group: { success: true, remote_ip: '93.180.71.3' },
          aggregations: [{ op: 'event_count', value: 1 }],
        },
      ],
    })
    expect(r.matches).toEqual([])
  })
})

describe('filters → APL predicates', () => {
  it('comparisons: case-insensitive by default, null values, datetime fields, missing fields folded', () => {
    expect(where({ op: 'eq', field: 'request', value: 'get x' })).toBe('request =~ "get x"')
    expect(where({ op: '==', field: 'request', value: 'GET', caseSensitive: true })).toBe('request == "GET"')
    expect(where({ op: 'NE', field: 'request', value: 'x', caseInsensitive: false })).toBe('request != "x"')
    expect(where({ op: '!=', field: 'request', value: 'x' })).toBe('request !~ "x"')
    expect(where({ op: '==', field: 'response', value: 304 })).toBe('response == 304')
    expect(where({ op: '==', field: 'response', value: null })).toBe('isnull(response)')
    expect(where({ op: '!=', field: 'response', value: null })).toBe('isnotnull(response)')
    expect(where({ op: 'gte', field: 'bytes', value: 2.5 })).toBe('bytes >= 2.5')
    expect(where({ op: '<', field: '_time', value: '2026-01-09T23:59:00Z' })).toBe(
      '_time < datetime(2026-01-09T23:59:00Z)',
    )
    expect(where({ op: '==', field: '_time', value: 'now-1m' })).toBe(
      '_time == datetime(2026-01-09T23:59:00Z)',
    )
    expect(where({ op: 'exists', field: 'agent' })).toBe('isnotnull(agent)')
    expect(where({ op: 'not-exists', field: 'agent' })).toBe('isnull(agent)')
    expect(where({ op: 'exists', field: 'nope' })).toBe('false')
    expect(where({ op: 'not-exists', field: 'nope' })).toBe('true')
    expect(where({ op: '==', field: 'nope', value: null })).toBe('true')
    expect(where({ op: 'not-contains', field: 'nope', value: 'x' })).toBe('true')
    expect(where({ op: '>', field: 'nope', value: 1 })).toBe('false')
  })

  it('string ops: _cs when caseSensitive, tostring for datetimes, regexes get (?i) unless case-sensitive', () => {
    expect(where({ op: 'starts-with', field: 'request', value: 'GET' })).toBe('request startswith "GET"')
    expect(where({ op: 'starts-with', field: 'request', value: 'GET', caseSensitive: true })).toBe(
      'request startswith_cs "GET"',
    )
    expect(where({ op: 'not-starts-with', field: 'request', value: 'G' })).toBe('request !startswith "G"')
    expect(where({ op: 'not-starts-with', field: 'request', value: 'G', caseSensitive: true })).toBe(
      'request !startswith_cs "G"',
    )
    expect(where({ op: 'ends-with', field: 'request', value: '1' })).toBe('request endswith "1"')
    expect(where({ op: 'not-ends-with', field: 'request', value: '1', caseSensitive: true })).toBe(
      'request !endswith_cs "1"',
    )
    expect(where({ op: 'contains', field: 'request', value: 'load' })).toBe('request contains "load"')
    expect(where({ op: 'not-contains', field: 'request', value: 'load', caseSensitive: true })).toBe(
      'request !contains_cs "load"',
    )
    expect(where({ op: 'contains', field: 'response', value: 30 })).toBe('response contains "30"')
    expect(where({ op: 'regexp', field: 'request', value: '^get' })).toBe('request matches regex "(?i)^get"')
    expect(where({ op: 'not-regexp', field: 'request', value: '^GET', caseSensitive: true })).toBe(
      'request !matches regex "^GET"',
    )
    expect(where({ op: 'starts-with', field: '_time', value: '2026' })).toBe(
      'tostring(_time) startswith "2026"',
    )
  })

  it('and / or / not, empty logical ops, children of comparisons ignored', () => {
    const a = { op: 'exists', field: 'agent' }
    const b = { op: '==', field: 'response', value: 304 }
    expect(where({ op: 'and', children: [a, b] })).toBe('isnotnull(agent) and response == 304')
    expect(where({ op: 'or', children: [a, { op: 'and', children: [b, a] }] })).toBe(
      'isnotnull(agent) or response == 304 and isnotnull(agent)',
    )
    expect(where({ op: 'not', children: [a, b] })).toBe('not (isnotnull(agent) and response == 304)')
    expect(where({ op: 'and', children: [] })).toBe('true')
    expect(where({ op: 'or', children: null })).toBe('false')
    expect(where({ ...a, children: [{ op: 'exists', field: 'nope' }] })).toBe('isnotnull(agent)')
  })

  it('filters select the rows they say (case folding, regex, missing field)', async () => {
    const count = async (filter: LegacyFilter) => (await store.queryLegacy('test', { filter })).matches.length
    expect(await count({ op: '==', field: 'request', value: 'get /downloads/product_1 http/1.1' })).toBe(5)
    expect(
      await count({
        op: '==',
        field: 'request',
        value: 'get /downloads/product_1 http/1.1',
        caseSensitive: true,
      }),
    ).toBe(0)
    expect(await count({ op: 'regexp', field: 'request', value: 'PRODUCT_[12]' })).toBe(10)
    expect(await count({ op: 'not-exists', field: 'nope' })).toBe(14)
    expect(await count({ op: 'lt', field: 'bytes', value: 300 })).toBe(3)
  })
})

describe('aggregations → APL', () => {
  const totals = (aggregations: object[], extra: object = {}) => apl({ aggregations, ...extra })

  it('each op becomes its APL aggregation, named by its alias (default: the op upper-cased)', () => {
    const cases: [object, string][] = [
      [{ op: 'count', field: '*' }, 'COUNT = count()'],
      [{ op: 'distinct', field: 'remote_ip' }, 'DISTINCT = dcount(remote_ip)'],
      [{ op: 'sum', field: 'bytes', alias: 'total' }, 'total = sum(bytes)'],
      [{ op: 'avg', field: 'bytes' }, 'AVG = avg(bytes)'],
      [{ op: 'min', field: 'bytes' }, 'MIN = min(bytes)'],
      [{ op: 'max', field: 'bytes' }, 'MAX = max(bytes)'],
      [{ op: 'topk', field: 'remote_ip', argument: 1 }, 'TOPK = topk(remote_ip, 1)'],
      [
        { op: 'percentiles', field: 'bytes', argument: [50, 99.9] },
        'PERCENTILES = percentiles_array(bytes, 50, 99.9)',
      ],
      [{ op: 'stdev', field: 'bytes' }, 'STDEV = stdev(bytes)'],
      [{ op: 'variance', field: 'bytes' }, 'VARIANCE = variance(bytes)'],
      [{ op: 'makeset', field: 'remote_ip' }, 'MAKESET = make_set(remote_ip)'],
      [{ op: 'makelist', field: 'remote_ip' }, 'MAKELIST = make_list(remote_ip)'],
      [{ op: 'rate', field: 'bytes' }, 'RATE = sum(bytes) / 120.0'],
      [{ op: 'countif', argument: 'bytes > 500' }, 'COUNTIF = countif(bytes > 500)'],
      [
        { op: 'distinctif', field: 'remote_ip', argument: { op: 'gt', field: 'bytes', value: 500 } },
        'DISTINCTIF = dcountif(remote_ip, bytes > 500)',
      ],
      [
        { op: 'makesetif', field: 'remote_ip', argument: 'bytes > 500' },
        'MAKESETIF = make_set_if(remote_ip, bytes > 500)',
      ],
      [{ op: 'sum', field: 'nope' }, 'SUM = sum(real(null))'],
    ]
    for (const [agg, text] of cases)
      expect(totals([agg], { startTime: 'now-2m', endTime: 'now' })).toContain(`| summarize ${text} |`)
  })

  it('values: the Go suite topk, rate per second of the window, countif', async () => {
    const r = await store.queryLegacy('test', {
      startTime: 'now-2m',
      endTime: 'now',
      aggregations: [
        { op: 'topk', field: 'remote_ip', argument: { k: 1 } },
        { op: 'rate', field: 'bytes', alias: 'r' },
        { op: 'countif', field: '*', argument: { op: '>=', field: 'bytes', value: 1000 } },
      ],
    })
    expect(r.buckets.totals).toEqual([
      {
        id: 1,
        group: {},
        aggregations: [
          // A tie: the smaller key first.
          { op: 'TOPK', value: [{ key: '93.180.71.1', count: 7, error: 0 }] },
          { op: 'r', value: 9100 / 120 },
          { op: 'COUNTIF', value: 4 },
        ],
      },
    ])
  })

  it('clashing aliases get internal column names; the entries still say the alias', async () => {
    const body = {
      aggregations: [{ op: 'count' }, { op: 'COUNT' }, { op: 'max', field: 'bytes', alias: 'remote_ip' }],
      groupBy: ['remote_ip'],
    }
    expect(apl(body)).toBe(
      'test | summarize __agg0 = count(), __agg1 = count(), __agg2 = max(bytes) by remote_ip | sort by __agg0 desc, remote_ip asc | take 1000',
    )
    const r = await store.queryLegacy('test', body)
    expect(r.buckets.totals[0].aggregations).toEqual([
      { op: 'COUNT', value: 7 },
      { op: 'COUNT', value: 7 },
      { op: 'remote_ip', value: 1300 },
    ])
    expect(r.buckets.totals[0].group).toEqual({ remote_ip: '93.180.71.1' })
  })

  it('order by alias or aggregated field; limit cuts the totals and the series keep only their groups', async () => {
    const body = {
      aggregations: [{ op: 'sum', field: 'bytes', alias: 's' }],
      groupBy: ['request'],
      order: [{ field: 'bytes', desc: false }],
      limit: 1,
      resolution: '1h',
    }
    expect(apl(body)).toBe('test | summarize s = sum(bytes) by request | sort by s asc, request asc | take 1')
    const r = await store.queryLegacy('test', body)
    // Sums: product_1 3000, product_2 3500, product_3 2600.
    expect(r.buckets.totals).toEqual([
      {
        id: 1,
        group: { request: 'GET /downloads/product_3 HTTP/1.1' },
        aggregations: [{ op: 's', value: 2600 }],
      },
    ])
    expect(r.buckets.series.flatMap((s) => s.groups)).toEqual(r.buckets.totals)
    expect(r.status.numGroups).toBe(1)
  })

  it('an order on _time is ignored for aggregations (series are by time already)', () => {
    expect(apl({ aggregations: [{ op: 'count' }], order: [{ field: '_time', desc: true }] })).toBe(
      'test | summarize COUNT = count() | sort by COUNT desc | take 1000',
    )
  })

  it('argmin / argmax: arg_min/arg_max with each returned field as its own column (plan and rows)', async () => {
    const body = {
      aggregations: [{ op: 'argmax', field: 'bytes', argument: ['request', 'nope'] }],
      groupBy: ['remote_ip'],
    }
    const c = compile(body)
    expect(c.kind === 'aggregate' && c.totals.apl).toBe(
      'test | summarize ARGMAX = arg_max(bytes, __arg0_0 = request, __arg0_1 = dynamic(null)) by remote_ip | sort by ARGMAX desc, remote_ip asc | take 1000',
    )
    expect(c.kind === 'aggregate' && explainPlan(c.totals.plan)).toContain(
      'aggs [ARGMAX=arg_max(bytes, request, dynamic(null)):long +[__arg0_0:string, __arg0_1:dynamic]]',
    )
    const r = await store.queryLegacy('test', body)
    // The largest bytes per IP: event 13 (.1, product_2), event 12 (.3, product_1); `nope` is null, left out.
    expect(r.buckets.totals).toEqual([
      {
        id: 1,
        group: { remote_ip: '93.180.71.1' },
        aggregations: [
          { op: 'ARGMAX', value: { bytes: 1300, request: 'GET /downloads/product_2 HTTP/1.1' } },
        ],
      },
      {
        id: 2,
        group: { remote_ip: '93.180.71.3' },
        aggregations: [
          { op: 'ARGMAX', value: { bytes: 1200, request: 'GET /downloads/product_1 HTTP/1.1' } },
        ],
      },
    ])
  })

  it('argmin / argmax: ties keep the first event; no list = every field; no value = null', async () => {
    const r = await store.queryLegacy('test', {
      aggregations: [
        { op: 'argmin', field: 'response', alias: 'first', argument: { fields: ['bytes'] } },
        { op: 'ArgMax', field: 'response' },
        { op: 'argmax', field: 'nope', alias: 'none' },
      ],
    })
    const [first, all, none] = r.buckets.totals[0].aggregations
    // Every response is 304: the first of the 14 events (blocks of 4 rows) wins both ways.
    expect(first).toEqual({ op: 'first', value: { response: 304, bytes: 0 } })
    expect(all).toEqual({
      op: 'ARGMAX',
      value: {
        response: 304,
        _time: new Date(NOW_MS - 60_000 - 13_000).toISOString().replace('.000', ''),
        _sysTime: new Date(NOW_MS).toISOString().replace('.000', ''),
        agent: 'Debian APT-HTTP/1.3 (0.8.16~exp12ubuntu10.21)',
        bytes: 0,
        referrer: '-',
        remote_ip: '93.180.71.3',
        remote_user: '-',
        request: 'GET /downloads/product_1 HTTP/1.1',
      },
    })
    expect(none).toEqual({ op: 'none', value: null })
  })

  it('a group-by field the dataset lacks is one null group', async () => {
    const r = await store.queryLegacy('test', { aggregations: [{ op: 'count' }], groupBy: ['nope'] })
    expect(r.buckets.totals).toEqual([
      { id: 1, group: { nope: null }, aggregations: [{ op: 'COUNT', value: 14 }] },
    ])
  })
})

describe('matches: order, limit, project', () => {
  it('ascending `_time`, a limit with a continuation token, project with aliases and missing fields', async () => {
    const body = {
      order: [{ field: '_time', desc: false }],
      limit: 3,
      project: [{ field: 'remote_ip', alias: 'ip' }, { field: 'nope' }, { field: '_time' }],
    }
    expect(apl(body)).toBe(
      'test | sort by _time asc, _rowId asc | take 4 | project _time, _sysTime, _rowId, ip = remote_ip, nope = dynamic(null)',
    )
    const r = await store.queryLegacy('test', body)
    expect(r.matches.map((m) => m._time)).toEqual([
      '2026-01-09T23:58:47Z',
      '2026-01-09T23:58:48Z',
      '2026-01-09T23:58:49Z',
    ])
    expect(r.matches[0].data).toEqual({ ip: '93.180.71.3' })
    expect(r.status.continuationToken).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it('virtual fields are columns of the matches and can be filtered on', async () => {
    const r = await store.queryLegacy('test', {
      virtualFields: [{ alias: 'kb', expr: 'bytes / 1000.0' }],
      filter: { op: '>', field: 'kb', value: 1.1 },
    })
    expect(r.matches.map((m) => m.data.kb)).toEqual([1.3, 1.2])
  })
})

describe('errors only the data can reveal', () => {
  it('an unknown dataset', () => refused({}, 'dataset_not_found', /dataset 'nope' not found/, 'nope'))
  it('an order field that is neither a group nor an aggregation', () =>
    refused(
      { aggregations: [{ op: 'count' }], order: [{ field: 'bytes' }] },
      'invalid_order',
      /'bytes' is neither/,
    ))
  it('a virtual field over an unknown column', () =>
    refused(
      { virtualFields: [{ alias: 'x', expr: 'toint(nope) + 1' }] },
      'invalid_virtual_field',
      /virtual field 'x': unknown field `nope`/,
    ))
  it('expressions never read another dataset (sub-queries are refused; the plan check stands guard)', async () => {
    await store.datasets.create({ name: 'secret' })
    await store.ingest('secret', [{ remote_ip: '93.180.71.1' }])
    const sub = "remote_ip in (['secret'] | project remote_ip)"
    await refused({ virtualFields: [{ alias: 'x', expr: sub }] }, 'invalid_virtual_field', /sub-query/)
    const snap = store.snapshot()
    try {
      const schema = schemaFromSnapshot(snap)
      const req = normalizeRequest({}, { now: NOW })
      const t = translateLegacy('secret', schema.fields('secret') ?? [], req, NOW)
      expect(() => compileLegacy(t, schema, 'test')).toThrow(/expressions may read only dataset 'test'/)
    } finally {
      snap.release()
    }
  })
  it('an ordered comparison APL cannot make (bools)', async () => {
    await store.ingest('test', [{ _time: '2026-01-09T00:00:00Z', ok: true }])
    await refused(
      { filter: { op: '<', field: 'ok', value: true } },
      'invalid_filter',
      /filter: operator `<` cannot be applied to bool and bool/,
    )
  })
  it('a countif predicate over an unknown column', () =>
    refused(
      { aggregations: [{ op: 'countif', argument: 'nope > 1' }] },
      'invalid_aggregation',
      /aggregations\[0\]\.argument: unknown field/,
    ))
  it('a projection alias that is a system field; _time as a group', async () => {
    await refused(
      { project: [{ field: 'bytes', alias: '_time' }] },
      'invalid_projection',
      /'_time' is a system field/,
    )
    await refused(
      { aggregations: [{ op: 'count' }], groupBy: ['_time'] },
      'invalid_request',
      /groupBy cannot hold _time/,
    )
  })
})
