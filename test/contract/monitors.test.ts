// Contract: monitors and notifiers over real HTTP. The official @axiomhq/js client's monitors
// service creates, gets, lists, updates and deletes a Threshold monitor; bodies shaped as axiom-go
// marshals them (notifierIDs, Go zero times, read-only fields echoed back) round-trip; the history
// route answers Axiom's AlertHistory after runs on a stepped clock; bad input gets its code and span;
// capabilities `monitors` / `notifiers` and dataset query rights are enforced.
import { AxiomWithoutBatching } from '@axiomhq/js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, startServer, type TestServer } from './server.ts'

const T0 = Date.UTC(2026, 0, 5, 12, 0, 0)
let nowMs = T0
let t: TestServer
let ax: AxiomWithoutBatching

beforeAll(async () => {
  t = await startServer({ store: { clock: () => nowMs, monitors: { scheduler: 'manual' } } })
  ax = new AxiomWithoutBatching({ token: ROOT, url: t.url, onError: () => {} })
  await t.call('POST', '/v2/datasets', { body: { name: 'web' } })
  // One old event gives the dataset its fields, so queries over `status` bind.
  await t.call('POST', '/v1/datasets/web/ingest', { body: [{ _time: '2020-01-01T00:00:00Z', status: 200 }] })
})
afterAll(() => t.close())

const threshold = {
  name: 'Errors',
  type: 'Threshold' as const,
  description: 'too many 5xx',
  aplQuery: "['web'] | where status >= 500 | summarize count()",
  operator: 'AboveOrEqual' as const,
  threshold: 3,
  intervalMinutes: 5,
  rangeMinutes: 5,
  alertOnNoData: false,
  notifyByGroup: false,
  resolvable: false,
}

describe('@axiomhq/js monitors service', () => {
  it('creates, gets, lists, updates and deletes a Threshold monitor', async () => {
    const created = await ax.monitors.create(threshold)
    expect(created.id).toMatch(/^mon_[0-9a-f]{24}$/)
    expect(created).toMatchObject({
      ...threshold,
      notifierIds: [],
      secondDelay: 0,
      triggerFromNRuns: 1,
      triggerAfterNPositiveResults: 1,
      disabled: false,
      createdBy: 'root',
      createdAt: '2026-01-05T12:00:00Z',
    })
    expect(await ax.monitors.get(created.id)).toEqual(created)
    expect(await ax.monitors.list()).toContainEqual(created)

    nowMs += 60_000
    const updated = await ax.monitors.update(created.id, { ...threshold, threshold: 10, rangeMinutes: 15 })
    expect(updated).toMatchObject({
      id: created.id,
      threshold: 10,
      rangeMinutes: 15,
      createdAt: created.createdAt,
    })
    expect(updated.updatedAt).toBe('2026-01-05T12:01:00Z')
    expect(await ax.monitors.get(created.id)).toEqual(updated)

    const deleted = (await ax.monitors.delete(created.id)) as unknown as Response
    expect(deleted.status).toBe(204)
    await expect(ax.monitors.get(created.id)).rejects.toMatchObject({ status: 404 })
    expect((await ax.monitors.list()).map((m) => m.id)).not.toContain(created.id)
  })

  it('surfaces bad APL as a 400 with the line and column of the span', async () => {
    const r = await t.call('POST', '/v2/monitors', {
      body: { ...threshold, aplQuery: "['web'] | summarize count() by stauts" },
    })
    expect(r.status).toBe(400)
    expect(r.json).toMatchObject({ error: 'APL0301', detail: { line: 1, column: 32 } })
    // An unknown dataset is APL0303, a 404 like a query of it.
    await expect(ax.monitors.create({ ...threshold, aplQuery: "['nope'] | count" })).rejects.toMatchObject({
      status: 404,
    })
  })
})

describe('bodies as axiom-go marshals them', () => {
  it('accepts notifierIDs, zero times and echoed read-only fields, and keeps Go-equal answers', async () => {
    const n = await t.call('POST', '/v2/notifiers', {
      body: {
        name: 'Custom Webhook Notifier',
        properties: {
          customWebhook: {
            URL: 'http://127.0.0.1:9/hook',
            Headers: { Authorization: 'Bearer token' },
            Body: '{"k":"v"}',
          },
        },
        id: '',
        disabledUntil: '0001-01-01T00:00:00Z',
        createdAt: '0001-01-01T00:00:00Z',
        createdBy: '',
        updatedAt: '0001-01-01T00:00:00Z',
      },
    })
    expect(n.status, n.text).toBe(200)
    expect(n.json.properties).toEqual({
      customWebhook: {
        url: 'http://127.0.0.1:9/hook',
        headers: { Authorization: 'Bearer token' },
        body: '{"k":"v"}',
      },
    })
    expect((await t.call('GET', `/v2/notifiers/${n.json.id}`)).json).toEqual(n.json)
    const goMonitor = {
      id: '',
      createdAt: '0001-01-01T00:00:00Z',
      createdBy: '',
      updatedAt: '0001-01-01T00:00:00Z',
      name: 'Test Monitor',
      type: 'MatchEvent',
      description: 'A very good test monitor',
      aplQuery: "['web']",
      operator: 'BelowOrEqual',
      threshold: 5,
      alertOnNoData: false,
      notifyByGroup: false,
      resolvable: false,
      notifierIDs: [n.json.id],
      intervalMinutes: 1,
      rangeMinutes: 10,
      disabled: false,
      disabledUntil: '0001-01-01T00:00:00Z',
      secondDelay: 10,
      triggerFromNRuns: 3,
      triggerAfterNPositiveResults: 2,
    }
    const m = await t.call('POST', '/v2/monitors', { body: goMonitor })
    expect(m.status, m.text).toBe(200)
    expect(m.json).toMatchObject({
      type: 'MatchEvent',
      notifierIds: [n.json.id],
      secondDelay: 10,
      disabled: false,
    })
    expect(m.json.disabledUntil).toBeUndefined()
    // Go's match monitor test: disable through a PUT of the whole monitor, then enable again.
    const disabled = await t.call('PUT', `/v2/monitors/${m.json.id}`, { body: { ...m.json, disabled: true } })
    expect(disabled.json.disabled).toBe(true)
    expect((await t.call('GET', `/v2/monitors/${m.json.id}`)).json).toEqual(disabled.json)
    // A notifier a monitor uses cannot be deleted.
    expect((await t.call('DELETE', `/v2/notifiers/${n.json.id}`)).json).toMatchObject({
      error: 'notifier_in_use',
    })
    expect((await t.call('DELETE', `/v2/monitors/${m.json.id}`)).status).toBe(204)
    expect((await t.call('DELETE', `/v2/notifiers/${n.json.id}`)).status).toBe(204)
  })

  it('refuses mplQuery, both queries, and a bad field with a stable code', async () => {
    const mpl = await t.call('POST', '/v2/monitors', {
      body: { ...threshold, aplQuery: undefined, mplQuery: '`web`:`m` | align to 5s using avg' },
    })
    expect(mpl.json).toMatchObject({ code: 400, error: 'mpl_not_supported' })
    const both = await t.call('POST', '/v2/monitors', { body: { ...threshold, mplQuery: 'x' } })
    expect(both.json.message).toBe('aplQuery and mplQuery are mutually exclusive, provide only one')
    const typo = await t.call('POST', '/v2/monitors', { body: { ...threshold, treshold: 3 } })
    expect(typo.json).toMatchObject({ error: 'invalid_monitor' })
    expect(typo.json.message).toMatch(/no field "treshold"/)
    const op = await t.call('POST', '/v2/monitors', { body: { ...threshold, operator: 'AboveOrBelow' } })
    expect(op.json.message).toMatch(/a Threshold monitor takes operator/)
    const match = await t.call('POST', '/v2/monitors', {
      body: {
        ...threshold,
        type: 'MatchEvent',
        aplQuery: "['web'] | where status >= 500 | summarize count()",
      },
    })
    expect(match.json).toMatchObject({ error: 'APL0323', detail: { line: 1, column: 33 } })
  })
})

describe('history and capabilities', () => {
  it('answers AlertHistory in a window after runs on the stepped clock', async () => {
    const m = await ax.monitors.create({ ...threshold, intervalMinutes: 1, rangeMinutes: 1 })
    const at = (ms: number) => new Date(ms).toISOString()
    nowMs = Date.UTC(2026, 0, 5, 13, 0, 30)
    await t.call('POST', '/v1/datasets/web/ingest', {
      body: [0, 1, 2, 3].map((i) => ({ _time: at(nowMs - 1000 * i), status: 503 })),
    })
    nowMs = Date.UTC(2026, 0, 5, 13, 1, 5)
    await t.db.monitors.runDue()
    nowMs = Date.UTC(2026, 0, 5, 13, 2, 5)
    await t.db.monitors.runDue()
    const h = await t.call(
      'GET',
      `/v2/monitors/${m.id}/history?startTime=2026-01-05T00:00:00Z&endTime=2026-01-06T00:00:00Z`,
    )
    expect(h.status).toBe(200)
    expect(h.json).toEqual([
      {
        name: 'Errors',
        checkId: expect.stringMatching(/^chk_/),
        timestamp: '2026-01-05T13:01:05Z',
        state: 'open',
      },
      {
        name: 'Errors',
        checkId: expect.stringMatching(/^chk_/),
        timestamp: '2026-01-05T13:02:05Z',
        state: 'closed',
      },
    ])
    const none = await t.call(
      'GET',
      `/v2/monitors/${m.id}/history?startTime=2026-01-06T00:00:00Z&endTime=2026-01-07T00:00:00Z`,
    )
    expect(none.json).toEqual([])
    expect((await t.call('GET', `/v2/monitors/${m.id}/history?startTime=yesterday`)).json.error).toBe(
      'invalid_time',
    )
  })

  it('needs monitors capabilities, and query rights on the datasets the monitor reads', async () => {
    await t.call('POST', '/v2/datasets', { body: { name: 'secret' } })
    const reader = await t.token({ orgCapabilities: { monitors: ['read'] } })
    expect((await t.call('GET', '/v2/monitors', { token: reader })).status).toBe(200)
    expect((await t.call('POST', '/v2/monitors', { token: reader, body: threshold })).status).toBe(403)
    const writer = await t.token({
      orgCapabilities: { monitors: ['create'] },
      datasetCapabilities: { web: { query: ['read'] } },
    })
    expect((await t.call('POST', '/v2/monitors', { token: writer, body: threshold })).status).toBe(200)
    const sneaky = { ...threshold, aplQuery: "['secret'] | summarize count()" }
    const r = await t.call('POST', '/v2/monitors', { token: writer, body: sneaky })
    expect(r.status).toBe(403)
    expect((await t.call('GET', '/v2/notifiers', { token: reader })).status).toBe(403)
  })
})
