// test/reference/aggregates.test.ts: every T1/T2 aggregation by name, computed exactly over the
// fixture (values worked out by hand from fixture.ts), with nulls ignored and the empty-input rules.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cell, type Fixture, ns, openFixture, rows, run } from './fixture.ts'

let fx: Fixture
beforeAll(async () => {
  fx = await openFixture()
})
afterAll(async () => {
  await fx.close()
})

/** The single row of `logs | <pipeline>`. */
async function one(pipeline: string): Promise<Record<string, unknown>> {
  const out = rows(await run(fx.snap, `logs | ${pipeline}`))
  expect(out).toHaveLength(1)
  return out[0]
}

/** duration_ms of the 18 events that have one, sorted. */
const DURATIONS = [
  0.0625, 0.125, 0.25, 0.5, 0.5, 0.75, 0.75, 1, 1.25, 1.5, 2, 2.5, 3.5, 4.5, 12.25, 100.75, 250, 300.5,
]

describe('T1 aggregations', () => {
  it('count: rows per group', async () => {
    const r = rows(await run(fx.snap, 'logs | summarize count() by method'))
    expect(r).toEqual([
      { method: 'GET', count_: 11 },
      { method: 'POST', count_: 3 },
      { method: 'DELETE', count_: 2 },
      { method: 'get', count_: 1 },
      { method: 'PUT', count_: 1 },
      { method: 'PATCH', count_: 1 },
      { method: 'HEAD', count_: 1 },
    ])
  })
  it('dcount: exact distinct non-null values ("" is a value)', async () => {
    expect(await one('summarize dcount(user), dcount(city)')).toEqual({ dcount_user: 9, dcount_city: 9 })
  })
  it('avg: exact sum / count, nulls ignored', async () => {
    expect(await one('summarize avg(duration_ms)')).toEqual({ avg_duration_ms: 682.6875 / 18 })
  })
  it('min / max: by value; strings by code point', async () => {
    expect(
      await one('summarize min(duration_ms), max(duration_ms), min(city), max(city), min(_time)'),
    ).toEqual({
      min_duration_ms: 0.0625,
      max_duration_ms: 300.5,
      min_city: '',
      max_city: '東京',
      min__time: ns('2026-01-01T00:00:00Z'),
    })
  })
  it('percentile: nearest rank, ceil(p/100 · n), in the input type', async () => {
    expect(
      await one(
        'summarize percentile(duration_ms, 50), percentile(duration_ms, 95), percentile(duration_ms, 0), percentile(bytes, 50)',
      ),
    ).toEqual({
      percentile_duration_ms_50: DURATIONS[8],
      percentile_duration_ms_95: DURATIONS[17],
      percentile_duration_ms_0: DURATIONS[0],
      percentile_bytes_50: 800,
    })
  })
  it('topk: exact counts, highest first, ties by value (code point order)', async () => {
    expect(await one('summarize topk(method, 2), t4 = topk(method, 4)')).toEqual({
      topk_method: [
        { key: 'GET', count: 11, error: 0 },
        { key: 'POST', count: 3, error: 0 },
      ],
      t4: [
        { key: 'GET', count: 11, error: 0 },
        { key: 'POST', count: 3, error: 0 },
        { key: 'DELETE', count: 2, error: 0 },
        { key: 'HEAD', count: 1, error: 0 },
      ],
    })
  })
})

describe('T2 aggregations', () => {
  it('sum: long for longs, an exact real for reals', async () => {
    expect(await one('summarize sum(bytes), sum(duration_ms)')).toEqual({
      sum_bytes: 19130,
      sum_duration_ms: 682.6875,
    })
  })
  it('countif', async () => {
    expect(await one('summarize countif(is_tls)')).toEqual({ countif_: 12 })
  })
  it('sumif', async () => {
    expect(await one("summarize sumif(bytes, method == 'GET')")).toEqual({ sumif_bytes: 6880 })
  })
  it('avgif', async () => {
    expect(await one("summarize avgif(duration_ms, method == 'POST')")).toEqual({
      avgif_duration_ms: 562.75 / 3,
    })
  })
  it('minif / maxif', async () => {
    expect(
      await one(
        'summarize minif(duration_ms, is_tls), maxif(duration_ms, is_tls), maxif(bytes, not(is_tls))',
      ),
    ).toEqual({
      minif_duration_ms: 0.0625,
      maxif_duration_ms: 4.5,
      maxif_bytes: 4200,
    })
  })
  it('dcountif', async () => {
    expect(await one("summarize dcountif(user, method == 'GET')")).toEqual({ dcountif_user: 4 })
  })
  it('make_list: non-null values in input order, optional max size', async () => {
    expect(await one("where status == '500' | summarize make_list(method), l = make_list(city, 1)")).toEqual({
      make_list_method: ['DELETE', 'POST', 'POST'],
      l: ['東京'],
    })
  })
  it('make_set: distinct values in first-seen order', async () => {
    expect(await one("where status == '500' | summarize make_set(method)")).toEqual({
      make_set_method: ['DELETE', 'POST'],
    })
  })
  it('percentiles_array: one nearest-rank value per percentage', async () => {
    expect(await one('summarize p = percentiles_array(duration_ms, 50, 95)')).toEqual({ p: [1.25, 300.5] })
  })
})

describe('T3 *if forms that share the base kernels', () => {
  it('make_list_if, make_set_if, topkif, percentileif', async () => {
    expect(
      await one(
        "summarize a = make_list_if(user, method == 'DELETE'), b = make_set_if(user, method == 'DELETE'), c = topkif(user, 1, is_tls), d = percentileif(bytes, 100, is_tls)",
      ),
    ).toEqual({ a: ['u4', 'u4'], b: ['u4'], c: [{ key: 'u1', count: 5, error: 0 }], d: 1500 })
  })
})

describe('T3 arg_min / arg_max (rule 63: the first row with the extreme value)', () => {
  it('the value, then the returned columns of that row, per group', async () => {
    expect(rows(await run(fx.snap, 'logs | summarize arg_max(duration_ms, uri, user) by is_tls'))).toEqual([
      { is_tls: true, duration_ms: 4.5, uri: '/api/v1/users/patch', user: 'u8' },
      { is_tls: false, duration_ms: 300.5, uri: '/api/v1/orders/create', user: 'u6' },
    ])
  })
  it('ties keep the first row in input order', async () => {
    // GET uris: '/api/v1/users/list' (max) first at 01-01, '/api/v1/missing' (min) first at 01-02.
    const r = await run(
      fx.snap,
      "logs | where method == 'GET' | summarize arg_max(uri, hi = _time), arg_min(uri, lo = _time)",
    )
    expect(rows(r)).toEqual([
      {
        uri: '/api/v1/users/list',
        hi: ns('2026-01-01T00:00:00Z'),
        uri_1: '/api/v1/missing',
        lo: ns('2026-01-02T00:00:00Z'),
      },
    ])
  })
  it('nulls are skipped; a group without a value, or no rows at all, gives nulls', async () => {
    expect(await one("where method == 'PUT' | summarize arg_max(bytes, uri)")).toEqual({
      bytes: null,
      uri: null,
    })
    expect(await one("where method == 'NOPE' | summarize arg_min(bytes, uri)")).toEqual({
      bytes: null,
      uri: null,
    })
  })
  it('mixed values by the total order (numbers below strings); dynamic payloads', async () => {
    expect(
      await one('summarize hi = arg_max(status, u1 = user), lo = arg_min(status, u2 = user, tags)'),
    ).toEqual({ hi: '500', u1: 'u4', lo: 200, u2: 'u3', tags: null })
    expect(await one('summarize arg_max(_time, tags)')).toEqual({
      _time: ns('2026-01-09T23:00:00Z'),
      tags: [],
    })
  })
  it('`*`: every other input column, without the keys or the value column', async () => {
    const r = rows(
      await run(fx.snap, "logs | where method == 'HEAD' | summarize arg_min(duration_ms, *) by method"),
    )
    expect(Object.keys(r[0]).sort()).toEqual([
      '_sysTime',
      '_time',
      'bytes',
      'city',
      'duration_ms',
      'is_tls',
      'method',
      'msg',
      'status',
      'tags',
      'uri',
      'user',
    ])
    expect(r[0]).toMatchObject({ method: 'HEAD', duration_ms: 0.0625, user: 'u9', bytes: 0, city: null })
  })
})

describe('empty input and wrapped aggregations', () => {
  it('no by, no rows: one row; count/sum/dcount 0, list [], others null', async () => {
    expect(
      await one(
        "where method == 'NOPE' | summarize count(), sum(bytes), avg(bytes), make_list(user), dcount(user), max(city)",
      ),
    ).toEqual({
      count_: 0,
      sum_bytes: 0,
      avg_bytes: null,
      make_list_user: [],
      dcount_user: 0,
      max_city: null,
    })
  })
  it('with by, no rows: no rows', async () => {
    expect(rows(await run(fx.snap, "logs | where method == 'NOPE' | summarize count() by method"))).toEqual(
      [],
    )
  })
  it('*if with nothing passing: sumif 0, avgif null', async () => {
    expect(await one("summarize sumif(bytes, method == 'NOPE'), avgif(bytes, method == 'NOPE')")).toEqual({
      sumif_bytes: 0,
      avgif_bytes: null,
    })
  })
  it('an aggregation inside a scalar expression', async () => {
    // avg(bytes) = 19130 / 18 = 1062.77…
    expect(cell(await run(fx.snap, 'logs | summarize x = toint(avg(bytes))'))).toBe(1062)
  })
})
