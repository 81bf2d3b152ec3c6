// test/unit/exec/run.test.ts: end to end over httpLogs(20_000) in a store with small blocks: the T1
// benchmark queries through runQuery, each with the optimizer on and off, against plain JS
// computations over the same events; plus result shape (order, cap, range, buckets, _totals, status).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../bench/data-gen.ts'
import { ExecError } from '../../../src/exec/context.ts'
import type { QueryResult } from '../../../src/exec/result.ts'
import { runQuery } from '../../../src/exec/run.ts'
import type { Apldb as Store } from '../../../src/index.ts'
import { openStore } from '../../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../../src/plan/index.ts'
import { runPlan } from '../../../src/query/run-apl.ts'
import type { Snapshot } from '../../../src/storage/snapshot.ts'

type Event = Record<string, unknown> & {
  _time: string
  status: string | number
  method: string
  uri: string
  req_duration_ms: number
  id: string
  server_datacenter: string
  geo: { city: string; country: string }
}

const N = 20_000
const events = httpLogs(N) as Event[]
const NOW = BigInt(Date.UTC(2026, 2, 1)) * 1_000_000n
let store: Store
let snap: Snapshot

beforeAll(async () => {
  store = await openStore({ durability: 'none', blockRows: 1500 })
  await store.datasets.create({ name: 'http' })
  await store.ingest('http', events)
  await store.settle()
  snap = store.snapshot()
})

afterAll(async () => {
  snap.release()
  await store.close()
})

async function run(
  q: string,
  optimize: boolean,
  extra: { startTime?: string; limit?: number } = {},
): Promise<QueryResult> {
  const r = compileApl(q, schemaFromSnapshot(snap))
  if (r.plan === undefined) throw new Error(r.diagnostics[0].message)
  return runPlan(snap, r.plan, { now: NOW, optimize, ...extra })
}

/** Rows of table 0 as objects keyed by field name. */
function rows(res: QueryResult, table = 0): Record<string, unknown>[] {
  const t = res.tables[table]
  const n = t.columns[0]?.length ?? 0
  return Array.from({ length: n }, (_, i) =>
    Object.fromEntries(t.fields.map((f, c) => [f.name, t.columns[c][i]])),
  )
}

function countBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, number> {
  const m = new Map<string, number>()
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1)
  return m
}

const nearestRank = (xs: number[], p: number) => {
  const v = [...xs].sort((a, b) => a - b)
  return v[Math.min(v.length, Math.max(1, Math.ceil((p * v.length) / 100 - 1e-9))) - 1]
}

const ms = (e: Event) => Date.parse(e._time)

describe.each([true, false])('T1 benchmark queries (optimize=%s)', (optimize) => {
  it("count where status == '500'", async () => {
    const res = await run("http | where status == '500' | count", optimize)
    expect(rows(res)).toEqual([{ count_: events.filter((e) => String(e.status) === '500').length }])
    expect(res.status.rowsExamined).toBe(N)
  })

  it('count by status (mixed integer|string field: groups per value and type)', async () => {
    const res = await run('http | summarize count() by status', optimize)
    const got = new Map(rows(res).map((r) => [`${typeof r.status}:${r.status}`, r.count_]))
    expect(got).toEqual(countBy(events, (e) => `${typeof e.status}:${e.status}`))
    expect(res.status.numGroups).toBe(got.size)
    expect(res.tables[0].groups).toEqual([{ name: 'status' }])
  })

  it('avg and max req_duration_ms by method', async () => {
    const res = await run('http | summarize avg(req_duration_ms), max(req_duration_ms) by method', optimize)
    const got = rows(res)
    const methods = [...new Set(events.map((e) => e.method))]
    expect(got.length).toBe(methods.length)
    for (const r of got) {
      const ds = events.filter((e) => e.method === r.method).map((e) => e.req_duration_ms)
      expect(r.avg_req_duration_ms as number).toBeCloseTo(ds.reduce((a, b) => a + b, 0) / ds.length, 9)
      expect(r.max_req_duration_ms).toBe(Math.max(...ds))
    }
    expect(res.tables[0].fields[1].agg).toEqual({ name: 'avg', fields: ['req_duration_ms'] })
  })

  it('count by bin(_time, 1h): buckets, _totals, _time desc', async () => {
    const res = await run('http | summarize count() by bin(_time, 1h)', optimize)
    const expected = countBy(events, (e) =>
      String(BigInt(Math.floor(ms(e) / 3_600_000) * 3_600_000) * 1_000_000n),
    )
    const got = rows(res)
    expect(new Map(got.map((r) => [String(r._time), r.count_]))).toEqual(expected)
    const times = got.map((r) => r._time as bigint)
    expect(times).toEqual([...times].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)))
    expect(res.tables[0].buckets).toEqual({ field: '_time', size: 3_600_000_000_000n })
    expect(res.tables[0].order).toEqual([{ field: '_time', desc: true }])
    expect(res.tables[1].name).toBe('_totals')
    expect(rows(res, 1)).toEqual([{ count_: N }])
  })

  it("percentile 95 and 99 by server_datacenter (exact nearest rank past 4,096 values: the summarize's exact budget holds them)", async () => {
    const res = await run(
      'http | summarize percentile(req_duration_ms, 95), percentile(req_duration_ms, 99) by server_datacenter',
      optimize,
    )
    let largest = 0
    for (const r of rows(res)) {
      const ds = events
        .filter((e) => e.server_datacenter === r.server_datacenter)
        .map((e) => e.req_duration_ms)
      largest = Math.max(largest, ds.length)
      for (const p of [95, 99]) expect(r[`percentile_req_duration_ms_${p}`]).toBe(nearestRank(ds, p))
    }
    expect(largest).toBeGreaterThan(4096)
    expect(res.status.isEstimate).toBe(false)
    expect(res.tables[0].fields[1].agg).toEqual({
      name: 'percentiles',
      fields: ['req_duration_ms'],
      args: [95],
    })
  })

  it('dcount(id), and by geo.country', async () => {
    // 20,000 distinct ids: past the exact limit (4,096), a HyperLogLog estimate (≈ 0.4 % error).
    const all = await run('http | summarize dcount(id)', optimize)
    const distinct = new Set(events.map((e) => e.id)).size
    const [{ dcount_id }] = rows(all) as { dcount_id: number }[]
    expect(Math.abs(dcount_id - distinct) / distinct).toBeLessThan(0.02)
    expect(all.status.isEstimate).toBe(true)
    // Each country holds fewer distinct ids than the exact limit: exact counts.
    const res = await run("http | summarize dcount(id) by ['geo.country']", optimize)
    for (const r of rows(res)) {
      const ids = new Set(events.filter((e) => e.geo.country === r['geo.country']).map((e) => e.id))
      expect(r.dcount_id).toBe(ids.size)
    }
    expect(res.status.isEstimate).toBe(false)
  })

  it('top 10 uri by count', async () => {
    const res = await run('http | summarize count() by uri | top 10 by count_', optimize)
    const expected = countBy(events, (e) => e.uri)
    const got = rows(res)
    const counts = [...expected.values()].sort((a, b) => b - a).slice(0, 10)
    expect(got.map((r) => r.count_)).toEqual(counts)
    for (const r of got) expect(r.count_).toBe(expected.get(r.uri as string))
    expect(res.tables[0].order).toEqual([{ field: 'count_', desc: true }])
  })

  it("uri startswith '/api' and method !~ 'get', count by geo.country, top 5", async () => {
    const q =
      "http | where uri startswith '/api' and method !~ 'get' | summarize count() by ['geo.country'] | top 5 by count_"
    const res = await run(q, optimize)
    const kept = events.filter(
      (e) => e.uri.toLowerCase().startsWith('/api') && e.method.toLowerCase() !== 'get',
    )
    const expected = countBy(kept, (e) => e.geo.country)
    const got = rows(res)
    expect(got.map((r) => r.count_)).toEqual([...expected.values()].sort((a, b) => b - a).slice(0, 5))
    for (const r of got) expect(r.count_).toBe(expected.get(r['geo.country'] as string))
    expect(res.status.rowsMatched).toBe(kept.length)
  })

  it('req_duration_ms > 500 sorted desc, take 100', async () => {
    const res = await run(
      'http | where req_duration_ms > 500 | sort by req_duration_ms desc | take 100',
      optimize,
    )
    const expected = events
      .map((e) => e.req_duration_ms)
      .filter((d) => d > 500)
      .sort((a, b) => b - a)
      .slice(0, 100)
    expect(rows(res).map((r) => r.req_duration_ms)).toEqual(expected)
    expect(res.status.messages).toEqual([])
  })
})

describe('results', () => {
  it('non-aggregating queries: newest _time first, capped at 1,000 with a warning', async () => {
    const res = await run("http | where method == 'GET'", true)
    const t = res.tables[0]
    const times = t.columns[t.fields.findIndex((f) => f.name === '_time')] as bigint[]
    expect(times.length).toBe(1000)
    const all = events.filter((e) => e.method === 'GET').map((e) => BigInt(ms(e)) * 1_000_000n)
    all.sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))
    expect(times).toEqual(all.slice(0, 1000))
    expect(t.order).toEqual([{ field: '_time', desc: true }])
    expect(res.status.messages.map((m) => m.code)).toEqual(['default_limit_warning'])
    expect(res.status.rowsMatched).toBe(all.length)
  })

  it('a request limit replaces the default cap; take keeps the newest rows', async () => {
    const res = await run('http', true, { limit: 5 })
    expect(res.tables[0].columns[0].length).toBe(5)
    const take = await run('http | take 3 | project _time', true)
    const newest = events.map((e) => BigInt(ms(e)) * 1_000_000n).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))
    expect(take.tables[0].columns[0]).toEqual(newest.slice(0, 3))
    expect(take.status.messages).toEqual([])
    await expect(run('http', true, { limit: 50_001 })).rejects.toBeInstanceOf(ExecError)
  })

  it('the window restricts _time and prunes blocks; range echoes it', async () => {
    const start = '2026-01-20T00:00:00Z'
    const res = await run('http | count', true, { startTime: start })
    const startMs = Date.parse(start)
    expect(rows(res)).toEqual([{ count_: events.filter((e) => ms(e) >= startMs).length }])
    expect(res.status.blocksPruned).toBeGreaterThan(0)
    expect(res.tables[0].range).toEqual({ field: '_time', start: BigInt(startMs) * 1_000_000n, end: NOW })
  })

  it('pushed-down predicates prune blocks only with the optimizer, same answer', async () => {
    const q = 'http | where _time >= datetime(2026-01-25) | count'
    const on = await run(q, true)
    const off = await run(q, false)
    expect(rows(on)).toEqual(rows(off))
    expect(rows(on)).toEqual([{ count_: events.filter((e) => ms(e) >= Date.UTC(2026, 0, 25)).length }])
    expect(on.status.blocksPruned).toBeGreaterThan(0)
    expect(off.status.blocksPruned).toBe(0)
  })

  it('ago() runs unfolded without the optimizer and folded with it, same count', async () => {
    const q = 'http | where _time > ago(40d) | count'
    const cut = Date.UTC(2026, 2, 1) - 40 * 86_400_000
    const expected = [{ count_: events.filter((e) => ms(e) > cut).length }]
    expect(rows(await run(q, false))).toEqual(expected)
    const on = await run(q, true)
    expect(rows(on)).toEqual(expected)
    expect(on.status.blocksPruned).toBeGreaterThan(0)
  })

  it('bin_auto picks the step from the window (decision §10.3)', async () => {
    const res = await run('http | summarize count() by bin_auto(_time)', true, {
      startTime: '2026-01-01T00:00:00Z',
    })
    // 59 days to NOW: 1h gives 1,416 buckets (> 1,000), 3h gives 472.
    expect(res.tables[0].buckets).toEqual({ field: '_time', size: 3n * 3_600_000_000_000n })
    expect(rows(res, 1)).toEqual([{ count_: N }])
  })

  it('an aborted signal and a passed deadline stop the query with a coded error', async () => {
    const ac = new AbortController()
    ac.abort()
    const r = compileApl('http | count', schemaFromSnapshot(snap))
    if (!r.plan) throw new Error('bind')
    await expect(runQuery(snap, r.plan, { now: NOW, signal: ac.signal })).rejects.toThrow()
    await expect(runQuery(snap, r.plan, { now: NOW, deadlineMs: -1 })).rejects.toMatchObject({
      code: 'deadline_exceeded',
    })
  })
})
