// test/reference/tabular.test.ts: every T1/T2 tabular operator by name (plus print, datatable and
// every join kind), evaluated over the fixture; expected rows worked out by hand from fixture.ts.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cell, col, type Fixture, LOGS, openFixture, rows, run } from './fixture.ts'

let fx: Fixture
beforeAll(async () => {
  fx = await openFixture()
})
afterAll(async () => {
  await fx.close()
})

const q = (apl: string) => run(fx.snap, apl)

/** duration_ms of the 18 events that have one, sorted ascending. */
const DURATIONS = [
  0.0625, 0.125, 0.25, 0.5, 0.5, 0.75, 0.75, 1, 1.25, 1.5, 2, 2.5, 3.5, 4.5, 12.25, 100.75, 250, 300.5,
]

describe('T1 tabular operators', () => {
  it('where: keeps rows whose predicate is true', async () => {
    expect(col(await q("logs | where user == 'u3' | project uri"), 'uri')).toEqual([
      '/api/v1/users/list',
      '/api/v1/ping',
      '/api/v1/users/list',
    ])
  })
  it('summarize … by: keys then aggregates, named outputs and keys', async () => {
    const r = await q('logs | summarize n = count(), b = sum(bytes) by m = tolower(method), is_tls')
    expect(r.tables[0].fields.map((f) => f.name)).toEqual(['m', 'is_tls', 'n', 'b'])
    expect(rows(r).find((x) => x.m === 'get' && x.is_tls === true)).toEqual({
      m: 'get',
      is_tls: true,
      n: 10,
      b: 6510,
    })
  })
  it('top N by … (default desc, nulls last)', async () => {
    expect(col(await q('logs | top 3 by duration_ms'), 'duration_ms')).toEqual([300.5, 250, 100.75])
  })
  it('top N by … asc puts nulls first', async () => {
    expect(col(await q('logs | top 3 by duration_ms asc'), 'duration_ms')).toEqual([null, null, 0.0625])
  })
  it('search: a bare term is `* has`, wildcards pick prefix/suffix/contains, field:"x"', async () => {
    expect(cell(await q('logs | search "timed" | count'))).toBe(3)
    expect(cell(await q('logs | search "Seat*" | count'))).toBe(5)
    expect(cell(await q('logs | search city:"tokyo" | count'))).toBe(2)
    expect(cell(await q('search in (logs) "boson" | count'))).toBe(1)
    expect(cell(await q('search kind=case_sensitive "seattle" | count'))).toBe(0)
  })
})

describe('T2 tabular operators', () => {
  it('extend: assignments see the input only; a replaced column moves to the end', async () => {
    const r = await q('datatable(a:long, b:long)[1, 2] | extend a = a * 10, c = a + b')
    expect(r.tables[0].fields.map((f) => f.name)).toEqual(['b', 'a', 'c'])
    expect(rows(r)).toEqual([{ b: 2, a: 10, c: 3 }])
  })
  it('project: exactly these columns, computed ones included', async () => {
    expect(rows(await q("logs | where user == 'u8' | project method, d = duration_ms * 2"))).toEqual([
      { method: 'PATCH', d: 9 },
    ])
  })
  it('project-away: drops names and wildcards', async () => {
    const r = await q('logs | project-away _sysTime, msg, tags, is_*')
    expect(r.tables[0].fields.map((f) => f.name)).toEqual([
      '_time',
      'bytes',
      'city',
      'duration_ms',
      'method',
      'status',
      'uri',
      'user',
    ])
  })
  it('project-keep: keeps matching names in input order', async () => {
    expect((await q('logs | project-keep u*')).tables[0].fields.map((f) => f.name)).toEqual(['uri', 'user'])
  })
  it('project-rename', async () => {
    expect(rows(await q("logs | where user == 'u8' | project-rename who = user | project who"))).toEqual([
      { who: 'u8' },
    ])
  })
  it('take: without a sort anywhere, the newest N by _time (rule 52), in the default order', async () => {
    const newest = [...LOGS]
      .sort((a, b) => Date.parse(String(b._time)) - Date.parse(String(a._time)))
      .slice(0, 3)
      .map((e) => e.user)
    expect(col(await q('logs | take 3 | project _time, user'), 'user')).toEqual(newest)
  })
  it('take: in a query that sorts, the first N rows of its input (scan order)', async () => {
    expect(col(await q('logs | take 3 | sort by user asc | project user'), 'user')).toEqual([
      'u1',
      'u1',
      'u2',
    ])
  })
  it('limit: an alias of take', async () => {
    expect(col(await q('logs | limit 2'), 'user')).toHaveLength(2)
  })
  it('sort: desc by default, nulls last for desc', async () => {
    expect(col(await q('logs | sort by duration_ms | project duration_ms'), 'duration_ms')).toEqual([
      ...[...DURATIONS].reverse(),
      null,
      null,
    ])
  })
  it('order: an alias of sort; several keys, stable', async () => {
    expect(rows(await q('logs | order by user asc, _time desc | take 3 | project user, uri'))).toEqual([
      { user: 'u1', uri: '/api/v1/users/list' },
      { user: 'u1', uri: '/api/v1/users/list' },
      { user: 'u1', uri: '/api/v1/missing' },
    ])
  })
  it('count: one row, one count_ column', async () => {
    const r = await q('logs | where is_tls | count')
    expect(rows(r)).toEqual([{ count_: 12 }])
  })
  it('distinct: unique combinations in first-seen order', async () => {
    expect(col(await q('logs | distinct method'), 'method')).toEqual([
      'GET',
      'POST',
      'DELETE',
      'get',
      'PUT',
      'PATCH',
      'HEAD',
    ])
    expect(rows(await q("logs | where user == 'u2' | distinct user, is_tls"))).toEqual([
      { user: 'u2', is_tls: false },
      { user: 'u2', is_tls: true },
    ])
  })
  it('union: rows of both, columns merged by name; withsource names the dataset', async () => {
    expect(cell(await q('logs | union users | count'))).toBe(25)
    expect(rows(await q('union withsource=ds logs, users | summarize count() by ds'))).toEqual([
      { ds: 'logs', count_: 20 },
      { ds: 'users', count_: 5 },
    ])
    expect(cell(await q("logs | union users | where name == 'Ada' | project method"))).toBeNull()
  })
  it('make-series: arrays per group over from..to, empty buckets filled with default', async () => {
    const r = await q(
      'logs | make-series n = count() default = 0 on _time from datetime(2026-01-01) to datetime(2026-01-04) step 1d by is_tls',
    )
    const days = ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-03T00:00:00Z']
    expect(rows(r)).toEqual([
      { is_tls: true, n: [1, 2, 1], _time: days },
      { is_tls: false, n: [1, 0, 1], _time: days },
    ])
  })
  it('make-series without from/to: from the bin of the first value through the bin of the last', async () => {
    const r = await q('logs | make-series avg(duration_ms) on _time step 1d')
    expect(rows(r)).toEqual([
      {
        avg_duration_ms: [6.875, 1.25, 50.5, 3.5, 125.0625, 0.875, 2.5, 301.8125 / 3, 1.625],
        _time: Array.from({ length: 9 }, (_, i) => `2026-01-0${i + 1}T00:00:00Z`),
      },
    ])
  })
})

describe('join', () => {
  const L = 'logs | project user, uri'
  const R = '(users | project user, name)'
  const n = async (kind: string) => cell(await q(`${L} | join ${kind} ${R} on user | count`))

  it('inner (the default kind): every matching pair; right duplicates get a suffix', async () => {
    expect(await n('kind=inner')).toBe(15)
    expect(await n('')).toBe(15)
    expect((await q(`${L} | join ${R} on user | take 1`)).tables[0].fields.map((f) => f.name)).toEqual([
      'user',
      'uri',
      'user1',
      'name',
    ])
  })
  it('innerunique: the first left row of each key, then inner', async () => {
    expect(rows(await q(`${L} | join kind=innerunique ${R} on user | project user, uri, name`))).toEqual([
      { user: 'u1', uri: '/api/v1/users/list', name: 'Ada' },
      { user: 'u2', uri: '/api/v1/users/create', name: 'Bob' },
      { user: 'u3', uri: '/api/v1/users/list', name: 'Cy' },
      { user: 'u3', uri: '/api/v1/users/list', name: 'Cyd' },
    ])
  })
  it('leftouter: unmatched left rows with null right columns', async () => {
    expect(await n('kind=leftouter')).toBe(23)
    expect(cell(await q(`${L} | join kind=leftouter ${R} on user | where isnull(name) | count`))).toBe(8)
  })
  it('rightouter, fullouter, leftanti, leftsemi, rightanti, rightsemi', async () => {
    expect(await n('kind=rightouter')).toBe(16)
    expect(await n('kind=fullouter')).toBe(24)
    expect(await n('kind=leftanti')).toBe(8)
    expect(await n('kind=leftsemi')).toBe(12)
    expect(await n('kind=rightanti')).toBe(1)
    expect(await n('kind=rightsemi')).toBe(4)
  })
  it('$left.a == $right.b keys', async () => {
    const r = await q(
      `${L} | join (users | project uid = user, name) on $left.user == $right.uid | where user == 'u3' | project name`,
    )
    expect(col(r, 'name')).toEqual(['Cy', 'Cyd', 'Cy', 'Cyd', 'Cy', 'Cyd'])
  })
})

describe('sources without a dataset (T3)', () => {
  it('print: one row of constants', async () => {
    const r = await q("print x = 1, y = 'a', 2.5")
    expect(rows(r)).toEqual([{ x: 1, y: 'a', print_0: 2.5 }])
    expect(r.tables[0].range).toBeUndefined()
  })
  it('datatable: an inline table', async () => {
    expect(rows(await q('datatable(a:long, b:string)[1, "x", 2, "y"] | where a > 1'))).toEqual([
      { a: 2, b: 'y' },
    ])
  })
})
