// Mounting: `createHandler` inside a node:http server with an Express-style `next` (unknown paths
// fall through), and `serve().close()` draining an in-flight request before closing the store.
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createHandler, serve } from '../../src/http/index.ts'
import { openStore } from '../../src/index.ts'

const ROOT = 'xaat-mounting-test-root-0001'

describe('createHandler', () => {
  it('serves API routes and passes other paths to next (Express convention)', async () => {
    const db = await openStore()
    const handler = await createHandler(db, { rootToken: ROOT })
    expect(handler.rootTokenSecret).toBeUndefined()
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
