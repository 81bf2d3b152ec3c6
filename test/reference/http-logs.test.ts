// test/reference/http-logs.test.ts: the oracle over 2,000 seeded sample-http-logs events (bench/data-gen.ts)
// against plain JS computations over the same events: counts by status, averages by method, top uris,
// distinct counts, percentiles, daily bins and the default row cap.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../bench/data-gen.ts'
import { cell, col, type Fixture, openFixture, rows, run } from './fixture.ts'

const EVENTS = httpLogs(2000)
const DS = "['sample-http-logs']"
/** After the generator's 30 days, so every event is inside the default window. */
const NOW = BigInt(Date.UTC(2026, 1, 1)) * 1_000_000n

let fx: Fixture
beforeAll(async () => {
  fx = await openFixture({ 'sample-http-logs': EVENTS }, 512)
})
afterAll(async () => {
  await fx.close()
})

const q = (apl: string, opts = {}) => run(fx.snap, apl, { now: NOW, ...opts })

/** Counts of `key(e)` over the events, in first-seen order. */
function countBy<K>(key: (e: Record<string, unknown>) => K): Map<K, number> {
  const out = new Map<K, number>()
  for (const e of EVENTS) out.set(key(e), (out.get(key(e)) ?? 0) + 1)
  return out
}

describe('sample-http-logs × plain JS', () => {
  it('count by status (string and numeric 200 are different groups)', async () => {
    const expected = countBy((e) => `${typeof e.status}:${e.status}`)
    const got = rows(await q(`${DS} | summarize count() by status`))
    expect(new Map(got.map((r) => [`${typeof r.status}:${r.status}`, r.count_]))).toEqual(expected)
  })
  it('avg(req_duration_ms) by method', async () => {
    const sums = new Map<string, { s: number; n: number }>()
    for (const e of EVENTS) {
      const slot = sums.get(e.method as string) ?? { s: 0, n: 0 }
      slot.s += e.req_duration_ms as number
      slot.n++
      sums.set(e.method as string, slot)
    }
    const got = rows(await q(`${DS} | summarize avg(req_duration_ms) by method`))
    expect(got).toHaveLength(sums.size)
    for (const r of got) {
      const { s, n } = sums.get(r.method as string) as { s: number; n: number }
      // The oracle's sum is exact; a naive JS sum differs only in the last bits.
      expect(r.avg_req_duration_ms as number).toBeCloseTo(s / n, 9)
    }
  })
  it('top 5 uri by count', async () => {
    const counts = countBy((e) => e.uri as string)
    const got = rows(await q(`${DS} | summarize c = count() by uri | top 5 by c`))
    expect(got.map((r) => r.c)).toEqual([...counts.values()].sort((a, b) => b - a).slice(0, 5))
    for (const r of got) expect(r.c).toBe(counts.get(r.uri as string))
  })
  it('topk(uri, 5): exact, ties by key', async () => {
    const counts = countBy((e) => e.uri as string)
    const expected = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 5)
      .map(([key, count]) => ({ key, count, error: 0 }))
    expect(cell(await q(`${DS} | summarize topk(uri, 5)`))).toEqual(expected)
  })
  it('dcount(id) and percentile(req_duration_ms, 95) are exact', async () => {
    const durations = EVENTS.map((e) => e.req_duration_ms as number).sort((a, b) => a - b)
    const r = rows(await q(`${DS} | summarize dcount(id), percentile(req_duration_ms, 95)`))[0]
    expect(r.dcount_id).toBe(new Set(EVENTS.map((e) => e.id)).size)
    expect(r.percentile_req_duration_ms_95).toBe(durations[Math.ceil(0.95 * durations.length) - 1])
  })
  it('where on strings, numbers and bools; flattened geo fields', async () => {
    const n = (p: (e: Record<string, unknown>) => boolean) => EVENTS.filter(p).length
    expect(cell(await q(`${DS} | where status == '500' | count`))).toBe(n((e) => e.status === '500'))
    expect(cell(await q(`${DS} | where method == 'GET' and req_duration_ms > 1 and is_tls | count`))).toBe(
      n((e) => e.method === 'GET' && (e.req_duration_ms as number) > 1 && e.is_tls === true),
    )
    expect(cell(await q(`${DS} | where ['geo.country'] == 'Japan' | count`))).toBe(
      n((e) => (e.geo as { country: string }).country === 'Japan'),
    )
  })
  it('summarize by bin(_time, 1d) matches a JS day count, with _totals', async () => {
    const days = countBy((e) => (e._time as string).slice(0, 10))
    const r = await q(`${DS} | summarize count() by bin(_time, 1d)`)
    const got = rows(r).map((x) => [
      new Date(Number((x._time as bigint) / 1_000_000n)).toISOString().slice(0, 10),
      x.count_,
    ])
    expect(new Map(got as [string, number][])).toEqual(days)
    expect(rows(r, 1)).toEqual([{ count_: 2000 }])
  })
  it('the default cap keeps the newest 1,000 rows', async () => {
    const r = await q(DS)
    const times = col(r, '_time') as bigint[]
    expect(times).toHaveLength(1000)
    expect(times[0]).toBe(BigInt(Date.parse(EVENTS[1999]._time as string)) * 1_000_000n)
    expect(times.every((t, i) => i === 0 || times[i - 1] >= t)).toBe(true)
    expect(r.status.messages.map((m) => m.code)).toEqual(['default_limit_warning'])
  })
})
