// Issue 28 item 10: request logs name the matched route's pattern, never the path as sent (a secret
// placed in a path, a dataset name, a query string must not reach the log).
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHandler } from '../../../src/http/index.ts'
import { type Apldb, openStore } from '../../../src/index.ts'

const ROOT = 'xaat-unit-root-token-0000'
const SECRET = 'xaat-0123456789abcdef-secret-in-path'
const lines: string[] = []
let db: Apldb
let server: http.Server
let base: string

beforeAll(async () => {
  db = await openStore()
  const handler = createHandler(db, { rootToken: ROOT, log: (l) => lines.push(l) })
  await handler.ready
  server = http.createServer(handler)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
  await db.close()
})

describe('request log lines', () => {
  it('carry the route pattern, not the raw path or query string', async () => {
    const headers = { authorization: `Bearer ${ROOT}`, 'content-type': 'application/json' }
    await fetch(`${base}/v1/datasets/${SECRET}/ingest?token=${SECRET}`, {
      method: 'POST',
      headers,
      body: '[]',
    })
    await fetch(`${base}/v2/datasets/${SECRET}`, { headers })
    await fetch(`${base}/no/such/${SECRET}`, { headers })
    await fetch(`${base}/v2/datasets/%E0%A4%A`, { headers })
    for (let i = 0; i < 50 && lines.length < 4; i++) await new Promise((r) => setTimeout(r, 10))
    console.log(lines.join('\n'))
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^POST \/v1\/datasets\/\{[a-z]+\}\/ingest \d{3} /)
    expect(lines[1]).toMatch(/^GET \/v2\/datasets\/\{[a-z]+\} \d{3} /)
    expect(lines[2]).toMatch(/^GET \(no such route\) 404 /)
    for (const l of lines) expect(l).not.toContain(SECRET)
  })
})
