// test/reference/result.test.ts: what a result says besides its cells (api-contract §1.3–1.5,
// decisions §10.3–§10.4): the query window and `range`, default order, the row cap and its message,
// `fields[].agg`, `groups`, `buckets`, the `_totals` table, `sources` and `status`.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cell, col, type Fixture, NOW, ns, openFixture, rows, run } from './fixture.ts'
import { WindowError } from './time-window.ts'

let fx: Fixture
beforeAll(async () => {
  fx = await openFixture()
})
afterAll(async () => {
  await fx.close()
})

const q = (apl: string, opts = {}) => run(fx.snap, apl, opts)
const D = 86_400_000_000_000n

describe('query window (§8)', () => {
  it('filters _time to [startTime, endTime) and echoes it as range', async () => {
    const r = await q('logs | count', { startTime: '2026-01-05T00:00:00Z', endTime: '2026-01-06T00:00:00Z' })
    expect(cell(r)).toBe(2)
    expect(r.tables[0].range).toEqual({
      field: '_time',
      start: ns('2026-01-05T00:00:00Z'),
      end: ns('2026-01-06T00:00:00Z'),
    })
  })
  it('relative bounds resolve against the query clock; no start = unbounded (epoch), no end = now', async () => {
    expect(cell(await q('logs | count', { startTime: 'now-1d' }))).toBe(3)
    expect((await q('logs | count')).tables[0].range).toEqual({ field: '_time', start: 0n, end: NOW })
  })
  it('applies to every scan of a dataset', async () => {
    expect(cell(await q('logs | union users | count', { startTime: '2026-01-01T00:00:02Z' }))).toBe(22)
  })
  it('sources without _time have no range and are not filtered', async () => {
    const r = await q('print x = 1', { startTime: 'now-1h' })
    expect(rows(r)).toEqual([{ x: 1 }])
    expect(r.tables[0].range).toBeUndefined()
    expect(r.tables[0].sources).toEqual([])
  })
  it('a bound that is neither RFC 3339 nor now-relative is an error', async () => {
    await expect(q('logs', { startTime: 'yesterday' })).rejects.toThrow(WindowError)
  })
})

describe('order (decision §10.4)', () => {
  it('a query that does not sort returns newest _time first', async () => {
    const r = await q('logs | project _time, user')
    expect(r.tables[0].order).toEqual([{ field: '_time', desc: true }])
    expect(col(r, 'user').slice(0, 3)).toEqual(['u4', 'u1', 'u3'])
  })
  it('a query that sorts last reports its keys', async () => {
    const r = await q('logs | sort by bytes asc | project user, bytes')
    expect(r.tables[0].order).toEqual([{ field: 'bytes', desc: false }])
    expect(col(r, 'bytes').slice(0, 2)).toEqual([null, null])
  })
  it('no sort and no _time: no order', async () => {
    expect((await q('logs | summarize count() by method')).tables[0].order).toEqual([])
  })
})

describe('row cap (decision §10.4)', () => {
  it('the request limit caps a non-aggregating result, with default_limit_warning', async () => {
    const r = await q('logs', { limit: 5 })
    expect(col(r, '_time')).toEqual([
      ns('2026-01-09T23:00:00Z'),
      ns('2026-01-09T12:00:00Z'),
      ns('2026-01-09T00:00:00Z'),
      ns('2026-01-08T18:00:00Z'),
      ns('2026-01-08T06:00:00Z'),
    ])
    expect(r.status.messages).toEqual([
      expect.objectContaining({ priority: 'warn', code: 'default_limit_warning', count: 1 }),
    ])
  })
  it('no message when nothing was cut', async () => {
    expect((await q('logs')).status.messages).toEqual([])
  })
  it('a query that limits itself is not capped by the request', async () => {
    const r = await q('logs | take 10', { limit: 5 })
    expect(col(r, 'user')).toHaveLength(10)
    expect(r.status.messages).toEqual([])
  })
  it('aggregating results are not capped', async () => {
    expect(col(await q('logs | summarize count() by user', { limit: 3 }), 'user')).toHaveLength(9)
  })
  it('a limit that is not a positive integer is refused', async () => {
    await expect(q('logs', { limit: 0 })).rejects.toThrow(RangeError)
  })
})

describe('summarize metadata', () => {
  it('fields[].agg: wire name, field args, constant args; computed for wrapped expressions', async () => {
    const r = await q(
      'logs | summarize count(), avg(duration_ms), percentile(duration_ms, 95), topk(method, 2), countif(is_tls), x = toint(avg(bytes)), dcount(user), make_set(city)',
    )
    expect(r.tables[0].fields).toEqual([
      { name: 'count_', type: 'long', agg: { name: 'count' } },
      { name: 'avg_duration_ms', type: 'real', agg: { name: 'avg', fields: ['duration_ms'] } },
      {
        name: 'percentile_duration_ms_95',
        type: 'real',
        agg: { name: 'percentiles', fields: ['duration_ms'], args: [95] },
      },
      { name: 'topk_method', type: 'dynamic', agg: { name: 'topk', fields: ['method'], args: [2] } },
      { name: 'countif_', type: 'long', agg: { name: 'countif', fields: ['is_tls'] } },
      { name: 'x', type: 'long', agg: { name: 'computed' } },
      { name: 'dcount_user', type: 'long', agg: { name: 'distinct', fields: ['user'] } },
      { name: 'make_set_city', type: 'dynamic', agg: { name: 'makeset', fields: ['city'] } },
    ])
    expect(r.tables[0].groups).toEqual([])
  })
  it('by bin(_time, 1d): groups, buckets (ns), newest first, and a _totals table', async () => {
    const r = await q('logs | summarize count() by bin(_time, 1d)')
    const [t, totals] = r.tables
    expect(t.groups).toEqual([{ name: '_time' }])
    expect(t.buckets).toEqual({ field: '_time', size: D })
    expect(t.order).toEqual([{ field: '_time', desc: true }])
    expect(col(r, 'count_')).toEqual([3, 3, 2, 2, 2, 2, 2, 2, 2])
    expect(col(r, '_time')[0]).toBe(ns('2026-01-09T00:00:00Z'))
    expect(totals.name).toBe('_totals')
    expect(totals.buckets).toBeUndefined()
    expect(totals.fields).toEqual([{ name: 'count_', type: 'long', agg: { name: 'count' } }])
    expect(rows(r, 1)).toEqual([{ count_: 20 }])
    expect(totals.range).toEqual(t.range)
  })
  it('_totals keeps the other keys', async () => {
    const r = await q('logs | summarize count() by bin(_time, 1d), is_tls')
    expect(r.tables[1].groups).toEqual([{ name: 'is_tls' }])
    expect(rows(r, 1).sort((a, b) => Number(a.count_) - Number(b.count_))).toEqual([
      { is_tls: false, count_: 8 },
      { is_tls: true, count_: 12 },
    ])
  })
  it('no _totals without a time bin; bin_auto reports its step (unbounded window → 30d)', async () => {
    expect((await q('logs | summarize count() by method')).tables).toHaveLength(1)
    expect((await q('logs | summarize count() by bin_auto(_time)')).tables[0].buckets).toEqual({
      field: '_time',
      size: 30n * D,
    })
  })
  it('metadata survives a sort, filter or limit after the summarize', async () => {
    const r = await q('logs | summarize n = count() by method | where n > 1 | sort by n desc')
    expect(r.tables[0].groups).toEqual([{ name: 'method' }])
    expect(r.tables[0].fields[1].agg).toEqual({ name: 'count' })
    expect(r.tables[0].order).toEqual([{ field: 'n', desc: true }])
  })
})

describe('status and sources', () => {
  it('rowsExamined counts events read, rowsMatched rows past the window and filters', async () => {
    const r = await q("logs | where method == 'GET' | count")
    expect(r.status).toMatchObject({ rowsExamined: 20, rowsMatched: 11, numGroups: 0, isPartial: false })
    expect(r.datasetNames).toEqual(['logs'])
    const w = await q('logs', { startTime: '2026-01-09T00:00:00Z' })
    expect(w.status).toMatchObject({ rowsExamined: 20, rowsMatched: 3 })
  })
  it('numGroups of a summarize', async () => {
    expect((await q('logs | summarize count() by method')).status.numGroups).toBe(7)
  })
  it('sources and datasetNames list every dataset read', async () => {
    const r = await run(fx.snap, 'logs | join kind=inner (users) on user | count')
    expect(r.tables[0].sources).toEqual(['logs', 'users'])
    expect(r.datasetNames).toEqual(['logs', 'users'])
    expect(r.status.rowsExamined).toBe(25)
  })
})
