// Contract: `POST /v1/datasets/{id}/query` (the legacy structured query, api-contract.md §2) through
// the official client's `queryLegacy`, plus Go's every-key body (Surprise 26) over raw HTTP.
import { AxiomWithoutBatching } from '@axiomhq/js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, startServer, type TestServer } from './server.ts'

let t: TestServer
let ax: AxiomWithoutBatching
const T0 = Date.UTC(2024, 0, 1)

beforeAll(async () => {
  t = await startServer()
  ax = new AxiomWithoutBatching({ token: ROOT, url: t.url })
  await t.call('POST', '/v2/datasets', { body: { name: 'leg' } })
  const events = Array.from({ length: 14 }, (_, i) => ({
    _time: new Date(T0 + i * 60_000).toISOString(),
    remote_ip: i % 2 ? '93.180.71.1' : '93.180.71.2',
    response: i % 3 ? 200 : 404,
    request: 'GET /x',
  }))
  await t.call('POST', '/v1/datasets/leg/ingest', { body: events })
})
afterAll(() => t.close())

const WINDOW = { startTime: '2023-12-31T00:00:00Z', endTime: '2024-01-02T00:00:00Z' }

describe('legacy query', () => {
  it('queryLegacy (JS) counts by group with an alias', async () => {
    const r = (await ax.queryLegacy('leg', {
      ...WINDOW,
      resolution: 'auto',
      aggregations: [{ op: 'count', field: '*', alias: 'event_count' }],
      groupBy: ['remote_ip'],
    } as never)) as unknown as { buckets: { totals: { aggregations: { op: string; value: number }[] }[] } }
    expect(r.buckets.totals).toHaveLength(2)
    expect(r.buckets.totals[0].aggregations[0]).toEqual({ op: 'event_count', value: 7 })
  })

  it("Go's body with every key (empty filter op, limit 0, null aggregations) returns the matches", async () => {
    const r = await t.call(
      'POST',
      '/v1/datasets/leg/query?nocache=true&saveAsKind=analytics&streaming-duration=1s',
      {
        body: {
          ...WINDOW,
          resolution: 'auto',
          aggregations: null,
          groupBy: null,
          filter: { op: '', field: '', value: null, caseSensitive: false, children: null },
          order: null,
          limit: 0,
          virtualFields: null,
          project: null,
          cursor: '',
          includeCursor: false,
          continuationToken: '',
        },
      },
    )
    expect(r.status).toBe(200)
    expect(r.json.matches).toHaveLength(14)
  })

  it('a bad request is a 400 with a stable code; an unknown dataset 404; no capability 403', async () => {
    const bad = await t.call('POST', '/v1/datasets/leg/query', {
      body: { ...WINDOW, filter: { op: 'nope', field: 'x' } },
    })
    expect(bad.status).toBe(400)
    expect(typeof bad.json.error).toBe('string')
    expect((await t.call('POST', '/v1/datasets/nope/query', { body: WINDOW })).status).toBe(404)
    const weak = await t.token({ datasetCapabilities: { other: { query: ['read'] } } })
    expect((await t.call('POST', '/v1/datasets/leg/query', { token: weak, body: WINDOW })).status).toBe(403)
  })
})
