// test/unit/storage/ingest/normalize-perf.test.ts: a coarse guard on the cost of normalizing
// sample-http-logs-shaped events (15 fields, one nested `geo`), one at a time (normalizeEvent) and
// into WAL-ready columns (ChunkBuilder, the ingest path). Prints the figures; the bounds are loose
// (shared 2-core machines) and only catch order-of-magnitude regressions. Under vitest the figures
// are ~2x plain Node's (its module transform turns every imported binding into a property read).
import { describe, expect, it } from 'vitest'
import { ChunkBuilder, normalizeEvent, parseInput } from '../../../../src/storage/ingest/index.ts'

const METHODS = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE']
const CITIES = ['Seattle', 'Camaquã', 'Nevers', 'Okayama', 'London']

function sampleNdjson(n: number): string {
  const lines: string[] = []
  for (let i = 0; i < n; i++) {
    lines.push(
      JSON.stringify({
        _time: new Date(1_723_674_385_000 + i * 137).toISOString(),
        status: i % 17 === 0 ? '500' : '200',
        method: METHODS[i % METHODS.length],
        uri: `/api/v1/buy/commit/id/${i % 50}`,
        req_duration_ms: (i % 997) / 311,
        resp_body_size_bytes: 1000 + (i % 4000),
        resp_header_size_bytes: 20 + (i % 70),
        id: `8af366cf-6f25-42e6-bbb4-${String(i % 1000).padStart(12, '0')}`,
        geo: { city: CITIES[i % CITIES.length], country: 'United States' },
        content_type: 'text/html',
        server_datacenter: 'DCA',
        is_tls: i % 2 === 0,
        user_agent: 'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; AS; rv:11.0) like Gecko',
        message: 'QCD permutations were not solvable in linear time, expected compressed time',
      }),
    )
  }
  return lines.join('\n')
}

describe('normalizeEvent cost', () => {
  it('stays far below 1 µs per field on sample-http-logs events', () => {
    const { events } = parseInput(sampleNdjson(20_000))
    const opts = { receiveTime: 1n, sysTime: 2n }
    let best = Number.POSITIVE_INFINITY
    for (let round = 0; round < 10; round++) {
      const t0 = process.hrtime.bigint()
      let ok = 0
      for (const e of events) if (normalizeEvent(e, opts).ok) ok++
      const ns = Number(process.hrtime.bigint() - t0) / events.length
      expect(ok).toBe(events.length)
      best = Math.min(best, ns)
    }
    const perField = best / 15
    console.log(
      `normalizeEvent: ${best.toFixed(0)} ns/event, ${perField.toFixed(0)} ns/field (best of 10 rounds)`,
    )
    expect(perField).toBeLessThan(1000)
  })
})

describe('ChunkBuilder cost', () => {
  it('stays far below 1 µs per field on sample-http-logs events', () => {
    const { events } = parseInput(sampleNdjson(20_000))
    const opts = { receiveTime: 1n, sysTime: 2n }
    let best = Number.POSITIVE_INFINITY
    for (let round = 0; round < 10; round++) {
      const t0 = process.hrtime.bigint()
      let rows = 0
      const b = new ChunkBuilder(opts, events.length, (c) => {
        rows += c.rows
      })
      for (const e of events) b.add(e)
      b.finish()
      const ns = Number(process.hrtime.bigint() - t0) / events.length
      expect(rows).toBe(events.length)
      best = Math.min(best, ns)
    }
    console.log(
      `ChunkBuilder: ${best.toFixed(0)} ns/event, ${(best / 15).toFixed(0)} ns/field (best of 10 rounds)`,
    )
    expect(best / 15).toBeLessThan(1000)
  })
})
