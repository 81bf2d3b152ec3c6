// B4 hostile bodies (RELIABILITY.md §2.3): over the limit, a gzip bomb, deep nesting, 10,001 events
// and `__proto__` keys, each over real HTTP: the right status, the server still answering, and RSS
// growth bounded. Prints `status, ms, ΔRSS` per case.
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CallOptions, type RawResponse, startServer, type TestServer } from './server.ts'

let t: TestServer
let small: TestServer
const MiB = 1 << 20

beforeAll(async () => {
  // Default limits (32 MiB ingest, 1 MiB JSON), and a server with a 1 MiB ingest limit.
  t = await startServer()
  small = await startServer({ http: { maxBodyBytes: MiB } })
  for (const s of [t, small]) await s.call('POST', '/v2/datasets', { body: { name: 'h' } })
})
afterAll(async () => {
  await t.close()
  await small.close()
})

/** Runs one hostile request; prints its figures; checks the server still answers. */
async function hostile(
  name: string,
  s: TestServer,
  method: string,
  p: string,
  opts: CallOptions,
): Promise<RawResponse> {
  globalThis.gc?.()
  const rss0 = process.memoryUsage().rss
  const t0 = performance.now()
  const r = await s.call(method, p, opts)
  const ms = performance.now() - t0
  const drss = (process.memoryUsage().rss - rss0) / MiB
  console.log(`hostile ${name}: status=${r.status} ms=${ms.toFixed(0)} dRSS=${drss.toFixed(1)}MiB`)
  expect((await s.call('GET', '/v2/user')).status).toBe(200)
  return r
}

/** A gzip stream that inflates to `n` MiB of zeros: `n` concatenated 1 MiB members (~1 KiB each). */
function gzipBomb(n: number): Buffer {
  const member = gzipSync(Buffer.alloc(MiB), { level: 9 })
  return Buffer.concat(Array.from({ length: n }, () => member))
}

const NDJSON = { 'content-type': 'application/x-ndjson' }

describe('B4 hostile bodies', () => {
  it('a body one byte over the limit is 413; one at the limit is read', async () => {
    const at = '{"a":"' + 'x'.repeat(MiB - 9) + '"}'
    expect(Buffer.byteLength(at)).toBe(MiB - 1)
    const ok = await hostile('at limit', small, 'POST', '/v1/datasets/h/ingest', {
      body: at + '\n',
      headers: NDJSON,
    })
    expect(ok.status).toBe(200)
    const over = await hostile('limit+1', small, 'POST', '/v1/datasets/h/ingest', {
      body: at + '\n\n',
      headers: NDJSON,
    })
    expect(over.status).toBe(413)
    expect(over.json.error).toBe('payload_too_large')
  })

  it('an endless upload gets its 413 at once and the server closes the connection', async () => {
    const { connect } = await import('node:net')
    const port = Number(new URL(small.url).port)
    const sock = connect(port, '127.0.0.1')
    let received = ''
    sock.on('data', (d) => {
      received += d.toString()
    })
    const closed = new Promise<number>((resolve) => sock.on('close', () => resolve(performance.now())))
    sock.on('error', () => {})
    const t0 = performance.now()
    sock.write(
      'POST /v1/datasets/h/ingest HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer xaat-contract-test-root-token-0123456789\r\n' +
        'Content-Type: application/x-ndjson\r\nContent-Length: 1000000000\r\n\r\n',
    )
    const chunk = Buffer.alloc(64 * 1024, 32)
    const pump = setInterval(() => sock.writable && sock.write(chunk), 20)
    const end = await closed
    clearInterval(pump)
    console.log(`hostile endless upload: cut after ${(end - t0).toFixed(0)}ms`)
    expect(received).toMatch(/^HTTP\/1\.1 413/)
    expect((await small.call('GET', '/v2/user')).status).toBe(200)
  })

  it('a gzip bomb (1 MB → 1 GiB) stops at the limit with 413 and bounded RSS', async () => {
    const bomb = gzipBomb(1024)
    expect(bomb.length).toBeLessThan(1.5 * MiB)
    const rss0 = process.memoryUsage().rss
    const r = await hostile('gzip bomb 1GiB', t, 'POST', '/v1/datasets/h/ingest', {
      body: bomb,
      headers: { ...NDJSON, 'content-encoding': 'gzip' },
    })
    expect(r.status).toBe(413)
    expect((process.memoryUsage().rss - rss0) / MiB).toBeLessThan(64)
  })

  it('1,000,000 nested [ in a JSON body is a 400 (API and ingest); deep but valid events are cut, not fatal', async () => {
    const deep = '['.repeat(1_000_000)
    const api = await hostile('nested API body', t, 'POST', '/v1/datasets/_apl?format=tabular', {
      body: `{"apl":${deep}`,
    })
    expect(api.status).toBe(400)
    expect(api.json.error).toBe('too_deep')
    const ing = await hostile('nested ingest body', t, 'POST', '/v1/datasets/h/ingest', { body: deep })
    expect(ing.status).toBe(400)
    const valid = `{"deep":${'['.repeat(200_000)}${']'.repeat(200_000)},"k":1}`
    const cut = await hostile('deep valid event', t, 'POST', '/v1/datasets/h/ingest', {
      body: valid,
      headers: NDJSON,
    })
    expect(cut.status).toBe(200)
    expect(cut.json.ingested).toBe(1)
  })

  it('10,001 events are a 400 and ingest nothing; 10,000 are accepted', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `{"i":${i}}`).join('\n')
    await t.call('POST', '/v2/datasets', { body: { name: 'h10k' } })
    const over = await hostile('10,001 events', t, 'POST', '/v1/datasets/h10k/ingest', {
      body: lines(10_001),
      headers: NDJSON,
    })
    expect(over.status).toBe(400)
    expect(over.json.error).toBe('too_many_events')
    const arr = await hostile('10,001 events (array)', t, 'POST', '/v1/datasets/h10k/ingest', {
      body: JSON.stringify(Array.from({ length: 10_001 }, (_, i) => ({ i }))),
    })
    expect(arr.status).toBe(400)
    const count = await t.call('POST', '/v1/datasets/_apl?format=tabular', {
      body: { apl: "['h10k'] | count" },
    })
    expect(count.json.tables[0].columns).toEqual([[0]])
    const ok = await hostile('10,000 events', t, 'POST', '/v1/datasets/h10k/ingest', {
      body: lines(10_000),
      headers: NDJSON,
    })
    expect(ok.json.ingested).toBe(10_000)
    // A pretty-printed single object spanning more than 10,000 lines is one event.
    const pretty = JSON.stringify({ a: Array.from({ length: 10_500 }, (_, i) => i) }, null, 1)
    const one = await hostile('one object on 10,502 lines', t, 'POST', '/v1/datasets/h10k/ingest', {
      body: pretty,
    })
    expect(one.json).toMatchObject({ ingested: 1, failed: 0 })
  })

  it('__proto__ keys: refused in API bodies, stored as a plain field in events, no pollution', async () => {
    const api = await hostile('__proto__ API body', t, 'POST', '/v2/annotations', {
      body: '{"type":"x","datasets":["h"],"__proto__":{"polluted":1}}',
    })
    expect(api.status).toBe(400)
    await t.call('POST', '/v2/datasets', { body: { name: 'hp' } })
    const ev = await hostile('__proto__ event', t, 'POST', '/v1/datasets/hp/ingest', {
      body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"p":2}},"a":1}',
      headers: NDJSON,
    })
    expect(ev.json).toMatchObject({ ingested: 1, failed: 0 })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).p).toBeUndefined()
    const r = await t.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: "['hp']" } })
    expect(r.json.tables[0].fields.map((f: { name: string }) => f.name)).toContain('__proto__.polluted')
  })
})
