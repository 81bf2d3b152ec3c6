// Notifier secrets over HTTP: secret headers and credential fields are masked in every create, get,
// list and update answer; a PUT sending the mask back keeps the secret (the receiver on 127.0.0.1
// still gets it); no answer, server log line, error line or delivery log entry ever holds it.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './server.ts'

const SECRET = 'Bearer sk-live-4f1e9c0d2b7a'
const API_KEY = 'og-key-7b3d91aa'
let t: TestServer
const errors: string[] = []
const seen: string[] = []
const got: IncomingMessage['headers'][] = []
const receiver = createServer((req, res) => {
  got.push(req.headers)
  req.resume()
  req.on('end', () => res.writeHead(500).end())
})
let nowMs = Date.UTC(2026, 4, 1, 9, 0, 0)

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  t = await startServer({
    store: {
      clock: () => nowMs,
      monitors: {
        scheduler: 'manual',
        delivery: { attempts: 2, backoffMs: 5 },
        onError: (l) => errors.push(l),
      },
    },
  })
})
afterAll(async () => {
  await t.close()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
})

async function call(method: string, p: string, body?: unknown) {
  const r = await t.call(method, p, body === undefined ? {} : { body })
  seen.push(r.text)
  return r
}

describe('notifier secrets', () => {
  it('are masked in every answer, kept through a masked PUT, and never logged', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alerts`
    const created = await call('POST', '/v2/notifiers', {
      name: 'custom',
      properties: {
        customWebhook: { url, headers: { 'X-Plain': 'p' }, secretHeaders: { Authorization: SECRET } },
      },
    })
    expect(created.json.properties.customWebhook).toEqual({
      url,
      headers: { 'X-Plain': 'p' },
      secretHeaders: { Authorization: '********' },
    })
    const id = created.json.id
    const og = await call('POST', '/v2/notifiers', {
      name: 'og',
      properties: { opsgenie: { apiKey: API_KEY, isEU: true } },
    })
    expect(og.json.properties).toEqual({ opsgenie: { apiKey: '********', isEU: true } })
    await call('GET', `/v2/notifiers/${id}`)
    await call('GET', '/v2/notifiers')
    // Sending back what GET answered keeps the secret; renaming works as usual.
    const got1 = (await call('GET', `/v2/notifiers/${id}`)).json
    const updated = await call('PUT', `/v2/notifiers/${id}`, { ...got1, name: 'renamed' })
    expect(updated.json).toMatchObject({ name: 'renamed', properties: got1.properties })

    await t.call('POST', '/v2/datasets', { body: { name: 'ev' } })
    await t.call('POST', '/v1/datasets/ev/ingest', {
      body: [{ _time: '2020-01-01T00:00:00Z', level: 'info' }],
    })
    await call('POST', '/v2/monitors', {
      name: 'errors',
      type: 'MatchEvent',
      aplQuery: "['ev'] | where level == 'error'",
      intervalMinutes: 1,
      rangeMinutes: 1,
      notifierIds: [id, og.json.id],
    })
    await t.call('POST', '/v1/datasets/ev/ingest', {
      body: [{ _time: new Date(nowMs + 30_000).toISOString(), level: 'error' }],
    })
    nowMs += 61_000
    await t.db.monitors.runDue()
    await t.db.monitors.deliveriesSettled()
    expect(got.map((h) => h.authorization)).toEqual([SECRET, SECRET])
    const log = t.db.monitors.deliveries()
    expect(log.map((d) => [d.kind, d.state])).toEqual([
      ['customWebhook', 'failed'],
      ['opsgenie', 'not_deliverable'],
    ])
    expect(errors.length).toBeGreaterThan(0)
    const everything = [...seen, ...t.logs, ...errors, JSON.stringify(log)].join('\n')
    for (const s of [SECRET, 'sk-live', API_KEY]) expect(everything).not.toContain(s)
  })
})
