// Declared fields over HTTP (issue 19 items 3, 4, 6): the map-field routes with Axiom's errors
// (duplicate create 409, duplicates in a PUT 400, an invalid name 400, deleting a missing one 404),
// the field endpoint declaring a timespan (numbers read as ns, duration text parsed), what happens to
// events stored before a declaration, and APL errors with spans for a map field used as a scalar and
// a timespan compared with a string.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './server.ts'

let t: TestServer
const NOW = Date.now()
const at = (s: number) => new Date(NOW - s * 1000).toISOString()

beforeAll(async () => {
  t = await startServer({ store: { blockRows: 2 } })
  await t.call('POST', '/v2/datasets', { body: { name: 'ds' } })
})
afterAll(() => t.close())

async function apl(q: string) {
  return t.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: q, startTime: 'now-1h' } })
}

describe('map-field routes', () => {
  it('create, list, replace and delete, with Axiom errors', async () => {
    expect((await t.call('GET', '/v2/datasets/ds/mapfields')).json).toEqual([])
    const created = await t.call('POST', '/v2/datasets/ds/mapfields', { body: { name: 'tags' } })
    expect([created.status, created.json]).toEqual([200, { name: 'tags' }])
    const dup = await t.call('POST', '/v2/datasets/ds/mapfields', { body: { name: 'tags' } })
    expect([dup.status, dup.json.error]).toEqual([409, 'map_field_exists'])
    const twice = await t.call('PUT', '/v2/datasets/ds/mapfields', { body: ['a', 'a'] })
    expect([twice.status, twice.json.error]).toEqual([400, 'invalid_argument'])
    const invalid = await t.call('POST', '/v2/datasets/ds/mapfields', { body: { name: '__invalid__' } })
    expect([invalid.status, invalid.json.error]).toEqual([400, 'invalid_argument'])
    const put = await t.call('PUT', '/v2/datasets/ds/mapfields', { body: ['tags', 'attrs'] })
    expect([put.status, put.json]).toEqual([200, ['tags', 'attrs']])
    expect((await t.call('GET', '/v2/datasets/ds')).json.mapFields).toEqual(['tags', 'attrs'])
    const missing = await t.call('DELETE', '/v2/datasets/ds/mapfields/nope')
    expect([missing.status, missing.json.error]).toEqual([404, 'map_field_not_found'])
    expect((await t.call('DELETE', '/v2/datasets/ds/mapfields/tags')).status).toBe(204)
    expect((await t.call('GET', '/v2/datasets/ds/mapfields')).json).toEqual(['attrs'])
  })

  it('objects ingested after a declaration are stored whole; earlier ones stay flattened', async () => {
    await t.call('POST', '/v1/datasets/ds/ingest', {
      body: [{ _time: at(50), geo: { city: 'Paris', zip: '75001' } }],
    })
    await t.call('POST', '/v2/datasets/ds/mapfields', { body: { name: 'geo' } })
    await t.call('POST', '/v1/datasets/ds/ingest', {
      body: [{ _time: at(40), geo: { city: 'Lyon', 'a.b': 1 } }],
    })
    const fields = (await t.call('GET', '/v2/datasets/ds/fields')).json as { name: string; type: string }[]
    expect(fields.filter((f) => f.name.startsWith('geo'))).toEqual([
      expect.objectContaining({ name: 'geo', type: 'map' }),
      expect.objectContaining({ name: 'geo.city', type: 'string' }),
      expect.objectContaining({ name: 'geo.zip', type: 'string' }),
    ])
    // `geo.city` unquoted is the flattened column while one exists (apl-reference §10.8); the map's
    // key is `['geo']['city']` (or `geo.city` once no flattened `geo.city` is stored).
    const r = await apl(
      `['ds'] | where isnotnull(['geo.city']) or isnotnull(geo) | sort by _time asc | project flat = ['geo.city'], city = ['geo']['city'], dotted = geo['a.b']`,
    )
    expect(r.json.tables[0].columns).toEqual([
      ['Paris', null],
      [null, 'Lyon'],
      [null, 1],
    ])
  })
})

describe('declared timespans', () => {
  it('PUT on the field endpoint declares a timespan: numbers are ns, duration text is parsed', async () => {
    const put = await t.call('PUT', '/v2/datasets/ds/fields/took', {
      body: { name: 'took', type: 'timespan' },
    })
    expect([put.status, put.json.type]).toEqual([200, 'timespan'])
    const bad = await t.call('PUT', '/v2/datasets/ds/fields/took', { body: { name: 'took', type: 'blob' } })
    expect(bad.status).toBe(400)
    await t.call('POST', '/v1/datasets/ds/ingest', {
      body: [
        { _time: at(30), took: 1_500_000_000 },
        { _time: at(29), took: '250ms' },
        { _time: at(28), took: '1h2m' },
        { _time: at(27), took: '0.00:00:03' },
      ],
    })
    expect((await t.call('GET', '/v2/datasets/ds/fields/took')).json.type).toBe('timespan')
    const r = await apl(
      `['ds'] | where isnotnull(took) | sort by _time asc | project took, ms = took / 1ms, more = took > 1s`,
    )
    expect(r.json.tables[0].fields[0]).toEqual({ name: 'took', type: 'timespan' })
    expect(r.json.tables[0].columns).toEqual([
      ['1.5s', '250ms', '1h2m0s', '3s'],
      [1500, 250, 3_720_000, 3000],
      [true, false, true, true],
    ])
  })
})

describe('APL errors with spans', () => {
  it('a map field used as a scalar is APL0331 at the column', async () => {
    for (const q of [
      `['ds'] | where geo == 'Paris'`,
      `['ds'] | summarize sum(geo)`,
      `['ds'] | extend x = geo + 1`,
    ]) {
      const r = await apl(q)
      expect(r.status, q).toBe(400)
      expect(r.json.error).toBe('APL0331')
      expect(r.json.detail.line).toBe(1)
      expect(q.slice(r.json.detail.start, r.json.detail.start + r.json.detail.length)).toBe('geo')
    }
  })

  it('a timespan compared with a string is APL0306 at the string', async () => {
    const q = `['ds'] | where took > '1s'`
    const r = await apl(q)
    expect([r.status, r.json.error]).toEqual([400, 'APL0306'])
    expect(r.json.message).toMatch(/cannot be applied to timespan and string/)
    expect(q.slice(r.json.detail.start, r.json.detail.start + r.json.detail.length)).toBe(`'1s'`)
  })

  it('OTLP bad input answers the stable codes over HTTP', async () => {
    const headers = { 'x-axiom-dataset': 'ds', 'content-type': 'application/x-protobuf' }
    const garbage = await t.call('POST', '/v1/traces', { body: Uint8Array.of(0x0a, 0xff, 0xff), headers })
    expect([garbage.status, garbage.json.error]).toEqual([400, 'otlp_invalid_protobuf'])
    const noDataset = await t.call('POST', '/v1/traces', { body: { resourceSpans: [] } })
    expect([noDataset.status, noDataset.json.error]).toEqual([400, 'missing_dataset'])
    const media = await t.call('POST', '/v1/logs', {
      body: 'x',
      headers: { 'x-axiom-dataset': 'ds', 'content-type': 'text/plain' },
    })
    expect([media.status, media.json.error]).toEqual([415, 'otlp_unsupported_media_type'])
  })
})
