// Fields outlive block deletion (decision §13): after a deletion (or trim) removes every event
// carrying a field, the field stays in the schema (GET …/fields lists it; queries naming it run and
// match nothing) until POST /v2/datasets/{id}/vacuum, which drops fields no stored event carries;
// a second vacuum within a day is 429 with Retry-After. Survives a reopen (manifest state).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../src/index.ts'
import { startServer, type TestServer } from './server.ts'

const T0 = Date.UTC(2026, 0, 1)
let now = T0 + 3_600_000
const window = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' }
const at = (s: number) => new Date(T0 + s * 1000).toISOString()

/** Two blocks: the first alone holds `legacy_id`; both hold `status`. */
async function seed(db: Apldb, name: string): Promise<void> {
  await db.datasets.create({ name })
  await db.ingest(name, [
    { _time: at(1), status: 200, legacy_id: 'x1' },
    { _time: at(2), status: 500, legacy_id: 'x2' },
  ])
  await db.flush()
  await db.ingest(name, [
    { _time: at(100), status: 200 },
    { _time: at(101), status: 404 },
  ])
  await db.flush()
  const del = await db.deleteBlocks({ apl: `['${name}'] | where legacy_id == 'x1'`, ...window, commit: true })
  expect(del.blocksMatched).toBe(1)
}

describe('fields outlive deletion until a vacuum (HTTP)', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await startServer({ store: { clock: () => now } })
    await seed(t.db, 'web')
  })
  afterAll(() => t.close())

  const fieldNames = async () =>
    ((await t.call('GET', '/v2/datasets/web/fields')).json as { name: string }[]).map((f) => f.name)

  it('keeps the field after the deletion: listed, and queries naming it run and match nothing', async () => {
    expect(await fieldNames()).toContain('legacy_id')
    const q = await t.call('POST', '/v1/datasets/_apl?format=tabular', {
      body: { apl: `['web'] | where legacy_id == 'x1' | count`, ...window },
    })
    expect(q.status).toBe(200)
    expect(q.json.tables[0].columns[0]).toEqual([0])
  })

  it('vacuum drops it (200), a second vacuum the same day is 429 with Retry-After, a day later it runs', async () => {
    const v = await t.call('POST', '/v2/datasets/web/vacuum')
    expect([v.status, v.json]).toEqual([200, {}])
    expect(await fieldNames()).not.toContain('legacy_id')
    expect(await fieldNames()).toContain('status')
    const q = await t.call('POST', '/v1/datasets/_apl?format=tabular', {
      body: { apl: `['web'] | where legacy_id == 'x1' | count`, ...window },
    })
    expect([q.status, q.json.error]).toEqual([400, 'APL0301'])
    const again = await t.call('POST', '/v2/datasets/web/vacuum')
    expect([again.status, again.json.error]).toEqual([429, 'vacuum_too_soon'])
    expect(new Date(again.headers.get('retry-after') as string).getTime()).toBe(
      now - (now % 1000) + 86_400_000,
    )
    now += 86_400_000
    expect((await t.call('POST', '/v2/datasets/web/vacuum')).status).toBe(200)
  })

  it('is 404 "not found" for an unknown dataset', async () => {
    const r = await t.call('POST', '/v2/datasets/nope/vacuum')
    expect([r.status, r.json.error]).toEqual([404, 'dataset_not_found'])
    expect(r.json.message).toMatch(/not found/)
  })
})

describe('store.datasets.vacuum', () => {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'apldb-vacuum-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('the kept fields and the vacuum time survive a reopen; vacuum returns what it dropped', async () => {
    let db = await openStore({ path: dir, durability: 'none', clock: () => now })
    await seed(db, 'app')
    await db.close()
    db = await openStore({ path: dir, durability: 'none', clock: () => now })
    expect(db.fields('app').map((f) => f.name)).toContain('legacy_id')
    expect(await db.datasets.vacuum('app')).toEqual({ fieldsDropped: ['legacy_id'] })
    await db.close()
    db = await openStore({ path: dir, durability: 'none', clock: () => now })
    try {
      expect(db.fields('app').map((f) => f.name)).not.toContain('legacy_id')
      await expect(db.datasets.vacuum('app')).rejects.toMatchObject({ code: 'vacuum_too_soon' })
    } finally {
      await db.close()
    }
  })

  it('trim keeps the fields of the blocks it removes too', async () => {
    const db = await openStore({ clock: () => now })
    try {
      await db.datasets.create({ name: 'old' })
      await db.ingest('old', [{ _time: at(1), gone_soon: true }])
      await db.flush()
      await db.datasets.trim('old', '1m')
      expect((await db.queryResult(`['old'] | count`, window)).tables[0].columns[0]).toEqual([0])
      expect(db.fields('old').map((f) => f.name)).toContain('gone_soon')
      expect((await db.datasets.vacuum('old')).fieldsDropped).toEqual(['_sysTime', '_time', 'gone_soon'])
    } finally {
      await db.close()
    }
  })
})
