// Mounting: `createHandler` as written in the README (`http.createServer(createHandler(store))`,
// Express's `app.use(createHandler(store))`), requests that arrive before its set-up finishes, an
// Express-style `next` (unknown paths fall through), and `serve().close()` draining an in-flight
// request before closing the store.
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { createHandler, serve } from '../../src/http/index.ts'
import { openStore } from '../../src/index.ts'

const ROOT = 'xaat-mounting-test-root-0001'

describe('createHandler', () => {
  it('serves API routes and passes other paths to next (Express convention)', async () => {
    const db = await openStore()
    const handler = createHandler(db, { rootToken: ROOT })
    expect((await handler.ready).rootTokenSecret).toBeUndefined()
    const server = http.createServer((req, res) =>
      handler(req, res, () => {
        res.writeHead(418)
        res.end('app route')
      }),
    )
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const api = await fetch(`${url}/v2/user`, { headers: { authorization: `Bearer ${ROOT}` } })
      expect(api.status).toBe(200)
      const app = await fetch(`${url}/health`)
      expect([app.status, await app.text()]).toEqual([418, 'app route'])
      // A known path with the wrong method is still the API's answer (405), not the app's.
      expect((await fetch(`${url}/v2/user`, { method: 'DELETE' })).status).toBe(405)
    } finally {
      await new Promise<void>((r) => server.close(() => r()))
      await db.close()
    }
  })
})

/** Listens on an ephemeral loopback port; returns the base URL and a close function. */
async function listen(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, close: () => new Promise<void>((r) => server.close(() => r())) }
}

describe('createHandler mounted as written', () => {
  it('http.createServer(createHandler(store)) answers a request sent before set-up finished', async () => {
    const db = await openStore()
    const handler = createHandler(db)
    // No await between creating the handler and the first request: its set-up is still running.
    const srv = await listen(http.createServer(handler))
    try {
      const early = fetch(`${srv.url}/v2/datasets`, { headers: { authorization: 'Bearer xaat-wrong' } })
      const { rootTokenSecret } = await handler.ready
      expect(rootTokenSecret).toMatch(/^xaat-/)
      expect((await early).status).toBe(401)
      const res = await fetch(`${srv.url}/v2/user`, {
        headers: { authorization: `Bearer ${rootTokenSecret}` },
      })
      expect(res.status).toBe(200)
    } finally {
      await srv.close()
      await db.close()
    }
  })

  it("app.use(createHandler(store)) in Express serves the API and leaves the app's routes to it", async () => {
    const db = await openStore()
    const app = express()
    const handler = createHandler(db, { rootToken: ROOT })
    app.use(handler)
    app.get('/health', (_req, res) => {
      res.status(200).send('app ok')
    })
    const srv = await listen(http.createServer(app))
    try {
      const auth = { authorization: `Bearer ${ROOT}` }
      const created = await fetch(`${srv.url}/v2/datasets`, {
        method: 'POST',
        headers: auth,
        body: '{"name":"web"}',
      })
      expect(created.status).toBe(200)
      const ingest = await fetch(`${srv.url}/v1/datasets/web/ingest`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '[{"status":200},{"status":500}]',
      })
      expect(((await ingest.json()) as { ingested: number }).ingested).toBe(2)
      const q = await fetch(`${srv.url}/v1/datasets/_apl?format=tabular`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ apl: "['web'] | count" }),
      })
      expect(((await q.json()) as { tables: { columns: unknown[][] }[] }).tables[0].columns[0]).toEqual([2])
      const app2 = await fetch(`${srv.url}/health`)
      expect([app2.status, await app2.text()]).toEqual([200, 'app ok'])
    } finally {
      await srv.close()
      await db.close()
    }
  })

  it('a handler whose set-up failed answers 503 (next(err) under Express) and its ready rejects', async () => {
    const db = await openStore()
    const lines: string[] = []
    const handler = createHandler(db, { rootToken: 'short', log: (l) => lines.push(l) })
    const srv = await listen(http.createServer(handler))
    try {
      const res = await fetch(`${srv.url}/v2/user`, { headers: { authorization: `Bearer ${ROOT}` } })
      expect(res.status).toBe(503)
      expect(((await res.json()) as { error: string }).error).toBe('unavailable')
      await expect(handler.ready).rejects.toThrow(/root token/)
      expect(lines.join('\n')).toMatch(/could not start/)
    } finally {
      await srv.close()
    }
    const app = express()
    app.use(handler)
    app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(502).send(`app saw: ${err instanceof Error ? err.message : String(err)}`)
    })
    const srv2 = await listen(http.createServer(app))
    try {
      const res = await fetch(`${srv2.url}/v2/user`)
      expect(res.status).toBe(502)
      expect(await res.text()).toMatch(/^app saw: .*root token/)
    } finally {
      await srv2.close()
      await db.close()
    }
  })
})

describe('serve', () => {
  it('close() lets an in-flight request finish, then closes the store', async () => {
    const db = await openStore()
    const srv = await serve(db, { port: 0, rootToken: ROOT })
    const auth = { authorization: `Bearer ${ROOT}` }
    await fetch(`${srv.url}/v2/datasets`, { method: 'POST', headers: auth, body: '{"name":"d"}' })
    let push: (s: string) => void = () => {}
    let end: () => void = () => {}
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        push = (s) => c.enqueue(new TextEncoder().encode(s))
        end = () => c.close()
      },
    })
    const inflight = fetch(`${srv.url}/v1/datasets/d/ingest`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/x-ndjson' },
      body,
      duplex: 'half',
    } as RequestInit)
    push('{"a":1}\n')
    await new Promise((r) => setTimeout(r, 100))
    let closed = false
    const closing = srv.close().then(() => {
      closed = true
    })
    await new Promise((r) => setTimeout(r, 100))
    expect(closed).toBe(false)
    push('{"a":2}')
    end()
    const res = await inflight
    expect(res.status).toBe(200)
    expect(((await res.json()) as { ingested: number }).ingested).toBe(2)
    await closing
    expect(() => db.snapshot()).toThrow(/closed/)
    await expect(fetch(`${srv.url}/v2/user`, { headers: auth })).rejects.toThrow()
  })
})
