// Contract: one table-driven case per applicable quirk of api-contract.md "Surprises" (numbered as
// there). Not applicable here: 24 (block deletion: deletion.test.ts), 26 (legacy Go bodies:
// legacy.test.ts), 27 (we serve at the root), 29 (retries are the client's), 31 (the engine rounds
// longs past 2^53 before the wire; bigint cells are written exactly: test/unit/http), 32–33 (notes).
import { gzipSync, zstdCompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RawResponse, startServer, type TestServer } from './server.ts'

let t: TestServer
const T0 = Date.now() - 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

beforeAll(async () => {
  t = await startServer()
  await t.call('POST', '/v2/datasets', { body: { name: 'q' } })
  const events = [
    { _time: iso(T0 + 1000), name: 'bar', n: 1, ip: '1.1.1.1', nested: { a: { b: 1 } } },
    { _time: iso(T0 + 2000), name: 'baz', n: 2, ip: '1.1.1.1', nested: { a: { b: 2 } } },
    { _time: iso(T0 + 3000), name: 'buz', n: 3, ip: '2.2.2.2', nested: { a: { b: 3 } } },
  ]
  await t.call('POST', '/v1/datasets/q/ingest', { body: events })
})
afterAll(() => t.close())

const apl = (query: string, extra: Record<string, unknown> = {}, qs = 'format=tabular') =>
  t.call('POST', `/v1/datasets/_apl?${qs}`, { body: { apl: query, ...extra } })

function column(r: RawResponse, name: string, table = 0): unknown[] {
  const tb = r.json.tables[table]
  return tb.columns[tb.fields.findIndex((f: { name: string }) => f.name === name)]
}

async function ingestRaw(ds: string, body: Uint8Array | string, headers: Record<string, string>, qs = '') {
  return t.call('POST', `/v1/datasets/${ds}/ingest${qs}`, { body, headers })
}

const QUIRKS: { n: number; title: string; run: () => Promise<void> }[] = [
  {
    n: 1,
    title: 'both formats are served; a missing format means legacy',
    run: async () => {
      expect((await apl("['q']")).json.format).toBe('tabular')
      expect((await apl("['q']", {}, 'format=legacy')).json.format).toBe('legacy')
      const none = await apl("['q']", {}, '')
      expect(none.json.format).toBe('legacy')
      expect(none.json.matches).toHaveLength(3)
    },
  },
  {
    n: 2,
    title: 'the cursor is read from the query string (JS) and from the body (Go, with includeCursor)',
    run: async () => {
      const first = await apl("['q'] | project _time, name | take 1")
      expect(column(first, 'name')).toEqual(['buz'])
      const cursor = first.json.status.minCursor
      const viaQuery = await apl("['q'] | project _time, name", {}, `format=tabular&cursor=${cursor}`)
      const viaBody = await apl("['q'] | project _time, name", { cursor })
      expect(column(viaQuery, 'name')).toEqual(['baz', 'bar'])
      expect(column(viaBody, 'name')).toEqual(['baz', 'bar'])
      const inclusive = await apl("['q'] | project _time, name", { cursor, includeCursor: true })
      expect(column(inclusive, 'name')).toEqual(['buz', 'baz', 'bar'])
      // An ascending sort pages forward from maxCursor.
      const asc = await apl("['q'] | sort by _time asc | project _time, name | take 1")
      const next = await apl("['q'] | sort by _time asc | project _time, name", {
        cursor: asc.json.status.maxCursor,
      })
      expect(column(next, 'name')).toEqual(['baz', 'buz'])
    },
  },
  {
    n: 3,
    title: 'aggregation names on the wire are canonical',
    run: async () => {
      const r = await apl(
        "['q'] | summarize dcount(ip), percentile(n, 50), make_set(name), make_list(name), count()",
      )
      expect(r.json.tables[0].fields.map((f: { agg?: { name: string } }) => f.agg?.name)).toEqual([
        'distinct',
        'percentiles',
        'makeset',
        'makelist',
        'count',
      ])
    },
  },
  {
    n: 4,
    title: 'legacy messages use only the priorities and codes Go decodes',
    run: async () => {
      const r = await apl("['q'] | where n > 0", {}, 'format=legacy')
      for (const m of r.json.status.messages) {
        expect(['', 'trace', 'debug', 'info', 'warn', 'error', 'fatal']).toContain(m.priority)
        expect(
          m.code === '' ||
            m.code.startsWith('apl_') ||
            ['default_limit_warning', 'missing_column'].includes(m.code),
        ).toBe(true)
      }
    },
  },
  {
    n: 5,
    title: 'elapsedTime is an integer (µs) in both formats',
    run: async () => {
      for (const qs of ['format=tabular', 'format=legacy']) {
        const r = await apl("['q'] | count", {}, qs)
        expect(Number.isInteger(r.json.status.elapsedTime)).toBe(true)
        expect(r.text).not.toMatch(/"elapsedTime":\d+\./)
      }
    },
  },
  {
    n: 6,
    title: 'order entries use `field`, not `name`',
    run: async () => {
      const r = await apl("['q'] | sort by n asc")
      expect(r.json.tables[0].order).toEqual([{ field: 'n', desc: false }])
    },
  },
  {
    n: 7,
    title: 'DELETE and trim answer 204 without a body; other successes carry JSON',
    run: async () => {
      await t.call('POST', '/v2/datasets', { body: { name: 'q7' } })
      const trim = await t.call('POST', '/v2/datasets/q7/trim', { body: { maxDuration: '1h' } })
      const del = await t.call('DELETE', '/v2/datasets/q7')
      expect([trim.status, trim.text, del.status, del.text]).toEqual([204, '', 204, ''])
      const upd = await t.call('PUT', '/v2/datasets/q', { body: { description: 'x' } })
      expect(upd.status).toBe(200)
      expect(upd.json.name).toBe('q')
    },
  },
  {
    n: 8,
    title: 'error bodies are non-empty JSON with a message',
    run: async () => {
      const r = await t.call('GET', '/v2/datasets/missing')
      expect(r.headers.get('content-type')).toMatch(/^application\/json/)
      expect(r.json).toMatchObject({ code: 404, message: expect.stringMatching(/missing/) })
    },
  },
  {
    n: 9,
    title: 'a bad, missing or expired token is 401; a valid one without the capability is 403',
    run: async () => {
      const expired = await t.token({
        orgCapabilities: { datasets: ['read'] },
        expiresAt: '2020-01-01T00:00:00Z',
      })
      const weak = await t.token({ orgCapabilities: { annotations: ['read'] } })
      const statuses = []
      for (const token of [null, 'xapt-123', expired, weak])
        statuses.push((await t.call('GET', '/v2/datasets', { token })).status)
      expect(statuses).toEqual([401, 401, 401, 403])
    },
  },
  {
    n: 10,
    title: 'a 429 carries X-RateLimit-Scope/Limit/Remaining/Reset',
    run: async () => {
      const s = await startServer({ http: { rateLimit: { limit: 1 } } })
      try {
        await s.call('GET', '/v2/user')
        const r = await s.call('GET', '/v2/user')
        expect(r.status).toBe(429)
        for (const h of ['scope', 'limit', 'remaining', 'reset'])
          expect(r.headers.has(`x-ratelimit-${h}`)).toBe(true)
      } finally {
        await s.close()
      }
    },
  },
  {
    n: 11,
    title: 'minted tokens start xaat-; X-Axiom-Org-Id is ignored for API tokens',
    run: async () => {
      const secret = await t.token({ orgCapabilities: { datasets: ['read'] } })
      expect(secret.startsWith('xaat-')).toBe(true)
      const r = await t.call('GET', '/v2/datasets', {
        token: secret,
        headers: { 'x-axiom-org-id': 'some-org' },
      })
      expect(r.status).toBe(200)
    },
  },
  {
    n: 12,
    title: "Go's zero expiresAt means never expires",
    run: async () => {
      const c = await t.call('POST', '/v2/tokens', { body: { name: 'z', expiresAt: '0001-01-01T00:00:00Z' } })
      expect(c.json.expiresAt).toBeUndefined()
      expect((await t.call('GET', '/v2/user', { token: c.json.token })).status).toBe(200)
    },
  },
  {
    n: 13,
    title: "annotation lists accept Go's form: repeated datasets, start twice, zero times",
    run: async () => {
      const a = await t.call('POST', '/v2/annotations', {
        body: { type: 'go', datasets: ['g1'], time: '2024-05-01T00:00:00Z' },
      })
      const b = await t.call('POST', '/v2/annotations', {
        body: { type: 'go', datasets: ['g2'], time: '2024-07-01T00:00:00Z' },
      })
      const ids = async (qs: string) =>
        (await t.call('GET', `/v2/annotations?${qs}`)).json.map((x: { id: string }) => x.id)
      const zero = encodeURIComponent('0001-01-01T00:00:00Z')
      expect(await ids(`datasets=g1&datasets=g2&start=${zero}&start=${zero}`)).toEqual([a.json.id, b.json.id])
      expect(await ids(`datasets=g1,g2&start=2024-06-01T00:00:00Z&start=2024-08-01T00:00:00Z`)).toEqual([
        b.json.id,
      ])
      expect(await ids(`datasets=g1%2Cg2&start=2024-04-01T00:00:00Z&end=2024-06-01T00:00:00Z`)).toEqual([
        a.json.id,
      ])
    },
  },
  {
    n: 14,
    title: "Go's full dataset update (retentionDays 0 switches retention off); annotation PUT merges",
    run: async () => {
      await t.call('POST', '/v2/datasets', {
        body: { name: 'q14', retentionDays: 30, useRetentionPeriod: true },
      })
      const go = await t.call('PUT', '/v2/datasets/q14', {
        body: { description: 'go', useRetentionPeriod: true, retentionDays: 0 },
      })
      expect(go.json).toMatchObject({ description: 'go', retentionDays: 0, useRetentionPeriod: false })
      const js = await t.call('PUT', '/v2/datasets/q14', { body: { description: 'js' } })
      expect(js.json).toMatchObject({ description: 'js', retentionDays: 0 })
      const a = await t.call('POST', '/v2/annotations', {
        body: { type: 'm', datasets: ['x'], title: 't', url: 'https://u' },
      })
      const u = await t.call('PUT', `/v2/annotations/${a.json.id}`, { body: { title: 'T', url: null } })
      expect(u.json).toEqual({ id: a.json.id, type: 'm', datasets: ['x'], time: a.json.time, title: 'T' })
    },
  },
  {
    n: 15,
    title: 'trim takes Go durations (1h0m0s, 1.5s, 300ms) and d/w',
    run: async () => {
      await t.call('POST', '/v2/datasets', { body: { name: 'q15' } })
      for (const d of ['1h0m0s', '1.5s', '300ms', '7d', '1w', '30m']) {
        expect((await t.call('POST', '/v2/datasets/q15/trim', { body: { maxDuration: d } })).status).toBe(204)
      }
    },
  },
  {
    n: 16,
    title: 'an empty Content-Encoding, an empty X-Axiom-CSV-Fields and zstd bodies are accepted',
    run: async () => {
      await t.call('POST', '/v2/datasets', { body: { name: 'q16' } })
      const csv = await ingestRaw('q16', 'a,b\n1,2', {
        'content-type': 'text/csv',
        'content-encoding': '',
        'x-axiom-csv-fields': '',
      })
      expect(csv.json).toMatchObject({ ingested: 1, failed: 0 })
      const noHeader = await ingestRaw('q16', '3,4\n5,6', {
        'content-type': 'text/csv',
        'x-axiom-csv-fields': 'a,b',
      })
      expect(noHeader.json).toMatchObject({ ingested: 2 })
      const z = await ingestRaw('q16', zstdCompressSync('{"a":7}\n{"a":8}\n'), {
        'content-type': 'application/x-ndjson',
        'content-encoding': 'zstd',
      })
      expect(z.json).toMatchObject({ ingested: 2, processedBytes: 16 })
      const r = await apl("['q16'] | summarize s = sum(a)")
      expect(column(r, 's')).toEqual([1 + 3 + 5 + 7 + 8])
    },
  },
  {
    n: 17,
    title: 'NDJSON sent as application/json or application/nd-json is sniffed',
    run: async () => {
      await t.call('POST', '/v2/datasets', { body: { name: 'q17' } })
      for (const type of ['application/json', 'application/nd-json', 'application/x-ndjson']) {
        const r = await ingestRaw('q17', '{"x":1}\n{"x":2}', { 'content-type': type })
        expect(r.json.ingested).toBe(2)
      }
      expect(
        (await ingestRaw('q17', '[{"x":1}]', { 'content-type': 'application/x-ndjson' })).json.ingested,
      ).toBe(1)
    },
  },
  {
    n: 18,
    title: 'processedBytes = decompressed body bytes + the event-labels header length',
    run: async () => {
      await t.call('POST', '/v2/datasets', { body: { name: 'q18' } })
      const body = '[{"foo":"bar"},{"bar":"baz"}]'
      const labels = '{"region":"eu-west-1"}'
      const plain = await ingestRaw('q18', body, {
        'content-type': 'application/json',
        'x-axiom-event-labels': labels,
      })
      expect(plain.json.processedBytes).toBe(body.length + 22)
      const gz = await ingestRaw('q18', gzipSync(body), {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      })
      expect(gz.json.processedBytes).toBe(body.length)
      const csv = 'a,b\n1,2\n'
      expect((await ingestRaw('q18', csv, { 'content-type': 'text/csv' })).json.processedBytes).toBe(
        csv.length,
      )
    },
  },
  {
    n: 19,
    title: 'event labels are merged into every event and become fields',
    run: async () => {
      await t.call('POST', '/v2/datasets', { body: { name: 'q19' } })
      await ingestRaw('q19', '{"a":1}\n{"a":2}', {
        'content-type': 'application/x-ndjson',
        'x-axiom-event-labels': '{"region":"eu-west-1","instance":1}',
      })
      const r = await apl("['q19'] | project region, instance")
      expect(column(r, 'region')).toEqual(['eu-west-1', 'eu-west-1'])
      expect(column(r, 'instance')).toEqual([1, 1])
    },
  },
  {
    n: 20,
    title: 'nested objects are flattened to dotted names; tabular results have no _rowId',
    run: async () => {
      const r = await apl("['q']")
      const names = r.json.tables[0].fields.map((f: { name: string }) => f.name)
      expect(names).toContain('nested.a.b')
      expect(names).not.toContain('_rowId')
    },
  },
  {
    n: 21,
    title: 'the default order is _time descending, and so is a bare sort by _time',
    run: async () => {
      expect(column(await apl("['q'] | project _time, name"), 'name')).toEqual(['buz', 'baz', 'bar'])
      expect(column(await apl("['q'] | sort by _time | project _time, name"), 'name')).toEqual([
        'buz',
        'baz',
        'bar',
      ])
    },
  },
  {
    n: 22,
    title: 'summarize by bin(_time) appends a _totals table',
    run: async () => {
      const r = await apl("['q'] | summarize count() by bin(_time, 1h), ip")
      expect(r.json.tables.map((x: { name: string }) => x.name)).toEqual(['0', '_totals'])
      expect(r.json.tables[0].buckets.field).toBe('_time')
    },
  },
  {
    n: 23,
    title: 'tables are always present and columns are never ragged or a bare []',
    run: async () => {
      const empty = await apl("['q'] | where n > 100")
      expect(Array.isArray(empty.json.tables)).toBe(true)
      for (const tb of empty.json.tables) {
        if (tb.columns !== undefined) {
          expect(tb.columns.length).toBe(tb.fields.length)
          expect(new Set(tb.columns.map((c: unknown[]) => c.length)).size).toBeLessThanOrEqual(1)
        }
      }
    },
  },
  {
    n: 25,
    title: 'dataset names: the SDK superset is accepted; ids are URL-encoded in paths; id == name',
    run: async () => {
      for (const name of ['test-axiom-go-datasets-local', 'a.b_c', 'X9']) {
        const c = await t.call('POST', '/v2/datasets', { body: { name } })
        expect(c.status).toBe(200)
        expect(c.json.id).toBe(name)
        expect((await t.call('GET', `/v2/datasets/${encodeURIComponent(name)}`)).json.name).toBe(name)
      }
      expect((await t.call('GET', '/v2/datasets/a%2Eb_c')).json.name).toBe('a.b_c')
    },
  },
  {
    n: 28,
    title: 'edge routes /v1/ingest/{id} and /v1/query/_apl are served',
    run: async () => {
      await t.call('POST', '/v2/datasets', { body: { name: 'q28' } })
      expect((await t.call('POST', '/v1/ingest/q28', { body: [{ a: 1 }] })).json.ingested).toBe(1)
      const r = await t.call('POST', '/v1/query/_apl?format=tabular', { body: { apl: "['q28'] | count" } })
      expect(r.json.tables[0].columns).toEqual([[1]])
    },
  },
  {
    n: 30,
    title: 'annotation create is 201; every success body is application/json',
    run: async () => {
      const a = await t.call('POST', '/v2/annotations', { body: { type: 'x', datasets: ['q'] } })
      expect(a.status).toBe(201)
      for (const p of [
        '/v2/datasets',
        '/v2/annotations',
        '/v2/tokens',
        '/v2/user',
        '/v2/datasets/q/fields',
      ]) {
        expect((await t.call('GET', p)).headers.get('content-type')).toMatch(/^application\/json/)
      }
    },
  },
]

describe('api-contract.md Surprises', () => {
  it.each(QUIRKS.map((q) => [q.n, q.title, q] as const))('#%i %s', async (_n, _title, q) => {
    await q.run()
  })
})
