// Contract test with the official client @axiomhq/js 2.0.0: a node:http server on 127.0.0.1 answers
// `POST /v1/datasets/_apl` with our formatter's JSON, and the client's own `query()` (tabular: its
// `tables[].events()` helper; legacy: passed through) consumes it. Nothing of the client is re-implemented.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Axiom } from '@axiomhq/js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stringifyWire, toLegacy, toTabular } from '../../../src/wire/index.ts'
import { checkLegacy, checkTabular, type Json } from './contract-checks.ts'
import { ALL_FIXTURES } from './fixtures.ts'

/** What the server saw: method, URL, and the parsed JSON body. */
interface Seen {
  method: string
  url: string
  body: { apl: string }
}

let server: Server
let client: Axiom
const seen: Seen[] = []
/** When set, the next response body is this text instead of a formatted fixture. */
let rawNext: string | undefined

beforeAll(async () => {
  const s = createServer((req, res) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      text += chunk
    })
    req.on('end', () => {
      const body = JSON.parse(text) as { apl: string }
      const url = req.url ?? ''
      seen.push({ method: req.method ?? '', url, body })
      const format = new URL(url, 'http://x').searchParams.get('format')
      const make = ALL_FIXTURES[body.apl]
      let out = rawNext
      rawNext = undefined
      if (out === undefined && make !== undefined) {
        out = stringifyWire(format === 'legacy' ? toLegacy(make()) : toTabular(make()))
      }
      res.writeHead(out === undefined ? 404 : 200, { 'content-type': 'application/json' })
      res.end(out ?? '{"message":"no such fixture"}')
    })
  })
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  server = s
  const { port } = s.address() as AddressInfo
  client = new Axiom({ token: 'xaat-test', url: `http://127.0.0.1:${port}` })
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** Runs `query()` in tabular format and returns the result with every table's events drained. */
async function tabular(name: string) {
  const res = await client.query(name, { format: 'tabular' })
  return { res, events: res.tables.map((t) => [...t.events()]) }
}

describe('@axiomhq/js query() with format=tabular', () => {
  it('sends POST /v1/datasets/_apl?format=tabular with the APL in the body', async () => {
    await client.query('noTables')
    const last = seen[seen.length - 1]
    expect(last.method).toBe('POST')
    expect(last.url).toBe('/v1/datasets/_apl?format=tabular')
    expect(last.body).toEqual({ apl: 'noTables' })
  })

  it('binned summarize: events() of the series table and of _totals', async () => {
    const { res, events } = await tabular('binnedCount')
    // The client adds `events` to each table; the wire object is the rest.
    checkTabular({ ...res, tables: res.tables.map(({ events: _, ...t }) => t) } as unknown as Json)
    expect(res.tables.map((t) => t.name)).toEqual(['0', '_totals'])
    expect(events[0]).toEqual([
      { _time: '2020-12-19T00:00:00Z', 'request.method': 'GET', count_: 397262 },
      { _time: '2020-12-19T00:00:00Z', 'request.method': null, count_: 2753 },
      { _time: '2021-12-19T00:00:00Z', 'request.method': 'GET', count_: 20591383 },
    ])
    expect(events[1]).toEqual([
      { 'request.method': 'GET', count_: 139760181 },
      { 'request.method': null, count_: 17569825 },
      { 'request.method': 'POST', count_: 6456722 },
    ])
    expect(res.tables[0].buckets).toEqual({ field: '_time', size: 31536000000000000 })
    expect(res.status.messages?.[0].code).toBe('apl_implicitendtimeofnowapplied_1')
  })

  it('listing: one event per row, no _rowId, wire cells (big longs arrive as JS numbers)', async () => {
    const { events } = await tabular('listing')
    expect(events[0]).toEqual([
      {
        _time: '2025-03-26T12:12:42.68112905Z',
        _sysTime: '2024-08-14T22:26:26.691450448Z',
        status_int: 301,
        bytes: Number('12345678901234567891'),
        req_duration_ms: 1.5,
        elapsed: '1h2m3.004s',
        simplified_agent: 'Mozilla/5.0',
        is_tls: true,
        tags: { a: [1, 'x'] },
      },
      {
        _time: '2024-08-14T22:26:25Z',
        _sysTime: null,
        status_int: null,
        bytes: -(2 ** 63),
        req_duration_ms: null,
        elapsed: '-1.5s',
        simplified_agent: null,
        is_tls: false,
        tags: null,
      },
    ])
  })

  it('topk: the event holds the array cell', async () => {
    const { res, events } = await tabular('topk')
    expect(events[0]).toEqual([{ topk_remote_ip: [{ key: '93.180.71.1', count: 7, error: 0 }] }])
    expect(res.tables[0].fields[0].agg).toEqual({ name: 'topk', fields: ['remote_ip'], args: [1] })
  })

  it('empty shapes: no tables, zero rows, zero fields — events() yields nothing and does not throw', async () => {
    expect((await tabular('noTables')).events).toEqual([])
    expect((await tabular('emptyTables')).events).toEqual([[], []])
  })

  it('the guard matters: the same zero-field table with columns [] makes events() throw', async () => {
    const w = JSON.parse(stringifyWire(toTabular(ALL_FIXTURES.emptyTables()))) as { tables: Json[] }
    w.tables[1].columns = []
    rawNext = JSON.stringify(w)
    const res = await client.query('emptyTables', { format: 'tabular' })
    expect(() => [...res.tables[1].events()]).toThrow(TypeError)
  })
})

describe('@axiomhq/js query() with format=legacy', () => {
  it('sends format=legacy and returns our legacy object as it was sent', async () => {
    for (const name of Object.keys(ALL_FIXTURES)) {
      const res = await client.query(name, { format: 'legacy' })
      expect(seen[seen.length - 1].url).toBe('/v1/datasets/_apl?format=legacy')
      checkLegacy(res as unknown as Json)
      expect(res).toEqual(JSON.parse(stringifyWire(toLegacy(ALL_FIXTURES[name]()))))
    }
  })

  it('listing: matches with lifted system fields; binned: series and totals', async () => {
    const list = await client.query('listing', { format: 'legacy' })
    expect(list.matches?.map((m) => [m._time, m._rowId, m.data.bytes])).toEqual([
      ['2025-03-26T12:12:42.68112905Z', 'c776x1uafkpu-4918f6cb9000095-0', Number('12345678901234567891')],
      ['2024-08-14T22:26:25Z', 'c776x1uafnvq-4918f6cb9000095-1', -(2 ** 63)],
    ])
    const binned = await client.query('binnedCount', { format: 'legacy' })
    expect(binned.buckets.series?.map((s) => s.groups?.length)).toEqual([2, 1])
    expect(binned.buckets.totals?.[0]).toEqual({
      id: 1,
      group: { 'request.method': 'GET' },
      aggregations: [{ op: 'count_', value: 139760181 }],
    })
  })
})
