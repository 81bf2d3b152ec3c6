// Notifier delivery to a real HTTP receiver on 127.0.0.1: Axiom's webhook payload, a custom webhook's
// template with headers and secret headers, chat webhooks; retries on 500 then success, giving up
// after the bound, no retry on 4xx; kinds apldb cannot deliver are logged as such; a hanging receiver
// never blocks ingest or queries, and the bounded queue drops what does not fit. MatchEvent runs
// feed it: one alert per matched event, windows that do not overlap, the per-run bound.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type Alert, type Apldb, type MonitorOptions, openStore } from '../../../../src/index.ts'

interface Received {
  headers: IncomingMessage['headers']
  body: string
}

/** A receiver answering each request with the next status of `statuses` (the last one repeats; 0 hangs). */
async function receiver(statuses: number[]): Promise<{ url: string; got: Received[]; server: Server }> {
  const got: Received[] = []
  const hanging: ServerResponse[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      got.push({ headers: req.headers, body })
      const status = statuses[Math.min(got.length - 1, statuses.length - 1)]
      if (status === 0) hanging.push(res)
      else res.writeHead(status).end()
    })
  })
  server.on('close', () => {
    for (const r of hanging) r.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, server }
}

const MIN = 60_000
const T0 = Date.UTC(2026, 3, 1, 8, 0, 0)
let now = T0
const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f()
  now = T0
})

async function store(
  monitors: MonitorOptions = {},
): Promise<{ db: Apldb; alerts: Alert[]; errors: string[] }> {
  const alerts: Alert[] = []
  const errors: string[] = []
  const db = await openStore({
    clock: () => now,
    onAlert: (a) => void alerts.push(a),
    monitors: {
      scheduler: 'manual',
      delivery: { backoffMs: 5 },
      onError: (l) => errors.push(l),
      ...monitors,
    },
  })
  cleanup.push(() => db.close())
  await db.datasets.create({ name: 'web' })
  await db.ingest('web', [{ _time: '2020-01-01T00:00:00Z', status: 200, uri: '/' }])
  return { db, alerts, errors }
}

async function serverOf(statuses: number[]) {
  const r = await receiver(statuses)
  cleanup.push(() => new Promise<void>((resolve) => r.server.close(() => resolve())))
  return r
}

/** A MatchEvent monitor on 5xx, notifying `notifierIds`. */
async function matchMonitor(db: Apldb, notifierIds: string[], extra: object = {}) {
  return db.monitors.create({
    name: '5xx',
    type: 'MatchEvent',
    description: 'server errors',
    aplQuery: "['web'] | where status >= 500 | project _time, status, uri",
    intervalMinutes: 1,
    rangeMinutes: 5,
    notifierIds,
    ...extra,
  })
}

/** `n` 5xx events within the next slot, then runs that slot. */
async function errorsThenRun(db: Apldb, n: number): Promise<void> {
  const slot = Math.floor(now / MIN) * MIN + MIN
  await db.ingest(
    'web',
    Array.from({ length: n }, (_, i) => ({
      _time: new Date(slot - 30_000 + i).toISOString(),
      status: 500 + i,
      uri: `/u${i}`,
    })),
  )
  now = slot + 1000
  await db.monitors.runDue()
}

describe('webhook delivery', () => {
  it("posts Axiom's webhook payload for each matched event, once per event", async () => {
    const { db, alerts } = await store()
    const r = await serverOf([200])
    const n = await db.notifiers.create({ name: 'hook', properties: { webhook: { url: r.url } } })
    const m = await matchMonitor(db, [n.id])
    await errorsThenRun(db, 2)
    await errorsThenRun(db, 1)
    await db.monitors.deliveriesSettled()
    expect(alerts.map((a) => a.matchedEvent?.uri)).toEqual(['/u0', '/u1', '/u0'])
    expect(r.got).toHaveLength(3)
    expect(r.got[0].headers['content-type']).toBe('application/json')
    const first = JSON.parse(r.got[0].body)
    expect(first).toEqual({
      action: 'Open',
      event: {
        monitorID: m.id,
        body: JSON.stringify(alerts[0].matchedEvent),
        description: 'server errors',
        queryEndTime: '2026-04-01 08:01:00 +0000 UTC',
        queryStartTime: '2026-04-01 07:56:00 +0000 UTC',
        timestamp: '2026-04-01 08:01:01 +0000 UTC',
        title: '5xx',
        value: 0,
        matchedEvent: { _time: '2026-04-01T08:00:30Z', status: 500, uri: '/u0' },
        groupKeys: null,
        groupValues: null,
      },
    })
    // The second run's window starts where the first ended: the first events are not sent again.
    expect(JSON.parse(r.got[2].body).event.queryStartTime).toBe('2026-04-01 08:01:00 +0000 UTC')
    expect(db.monitors.deliveries().map((d) => [d.state, d.attempts, d.status])).toEqual([
      ['delivered', 1, 200],
      ['delivered', 1, 200],
      ['delivered', 1, 200],
    ])
  })

  it("renders a custom webhook's template with its headers and secret headers", async () => {
    const { db } = await store()
    const r = await serverOf([204])
    const n = await db.notifiers.create({
      name: 'custom',
      properties: {
        customWebhook: {
          url: r.url,
          headers: { 'X-Team': 'ops' },
          secretHeaders: { Authorization: 'Bearer s3cret-value' },
          body: '{"status": "{{ if eq .Action "Open" }}firing{{ else }}resolved{{ end }}", "event": {{jsonObject .MatchedEvent}}, "title": "{{.Title}}"}',
        },
      },
    })
    await matchMonitor(db, [n.id])
    await errorsThenRun(db, 1)
    await db.monitors.deliveriesSettled()
    expect(r.got).toHaveLength(1)
    expect(r.got[0].headers).toMatchObject({ 'x-team': 'ops', authorization: 'Bearer s3cret-value' })
    expect(JSON.parse(r.got[0].body)).toEqual({
      status: 'firing',
      event: { _time: '2026-04-01T08:00:30Z', status: 500, uri: '/u0' },
      title: '5xx',
    })
  })

  it('sends chat webhooks and logs the kinds it cannot deliver', async () => {
    const { db } = await store()
    const r = await serverOf([200])
    const slack = await db.notifiers.create({ name: 's', properties: { slack: { slackUrl: r.url } } })
    const mail = await db.notifiers.create({
      name: 'm',
      properties: { email: { emails: ['ops@example.com'] } },
    })
    await matchMonitor(db, [slack.id, mail.id])
    await errorsThenRun(db, 1)
    await db.monitors.deliveriesSettled()
    expect(JSON.parse(r.got[0].body).text).toMatch(/^\[Open\] 5xx: \{"_time"/)
    expect(db.monitors.deliveries().map((d) => [d.kind, d.state, d.error])).toEqual([
      ['slack', 'delivered', undefined],
      ['email', 'not_deliverable', 'apldb sends no email; use a webhook to a mail relay'],
    ])
  })

  it('retries on 500 and delivers; gives up after the bound; does not retry a 4xx', async () => {
    const { db, errors } = await store({ delivery: { attempts: 3, backoffMs: 5 } })
    const flaky = await serverOf([500, 500, 200])
    const down = await serverOf([503])
    const refusing = await serverOf([404])
    const ids = []
    for (const url of [flaky.url, down.url, refusing.url]) {
      ids.push((await db.notifiers.create({ name: url, properties: { webhook: { url } } })).id)
    }
    await matchMonitor(db, ids)
    await errorsThenRun(db, 1)
    await db.monitors.deliveriesSettled()
    expect(db.monitors.deliveries().map((d) => [d.state, d.attempts, d.status])).toEqual([
      ['delivered', 3, 200],
      ['failed', 3, 503],
      ['failed', 1, 404],
    ])
    expect([flaky.got.length, down.got.length, refusing.got.length]).toEqual([3, 3, 1])
    expect(errors.filter((e) => e.includes('failed after 3 attempts'))).toHaveLength(1)
  })
})

describe('delivery never blocks the store', () => {
  it('ingest and queries go on while a receiver hangs; the bounded queue drops the excess', async () => {
    const { db } = await store({ delivery: { maxQueue: 2, concurrency: 1, timeoutMs: 60_000 } })
    const r = await serverOf([0])
    const n = await db.notifiers.create({ name: 'slow', properties: { webhook: { url: r.url } } })
    await matchMonitor(db, [n.id])
    await errorsThenRun(db, 5)
    // The run is over although no delivery finished.
    const states = db.monitors.deliveries().map((d) => d.state)
    expect(states).toEqual(['queued', 'queued', 'dropped', 'dropped', 'dropped'])
    await db.ingest('web', [{ status: 200, uri: '/after' }])
    const res = await db.queryResult(`['web'] | where uri == '/after' | count`, {
      startTime: '2000-01-01T00:00:00Z',
      endTime: 'now+1h',
    })
    expect(res.tables[0].columns[0][0]).toBe(1)
    // Closing abandons what is still queued or in flight.
    await db.close()
    cleanup.shift()
    expect(db.monitors.deliveries().map((d) => d.state)).toEqual([
      'abandoned',
      'abandoned',
      'dropped',
      'dropped',
      'dropped',
    ])
  })
})

describe('MatchEvent bounds', () => {
  it('notifies at most 10 events a minute of interval and counts the rest', async () => {
    const { db, alerts } = await store()
    const m = await matchMonitor(db, [])
    await errorsThenRun(db, 14)
    expect(alerts).toHaveLength(10)
    const [run] = await db.monitors.runs(m.id)
    expect(run).toMatchObject({ outcome: 'triggered', positives: 14, alerts: 10, suppressed: 4 })
  })
})
