// test/clickhouse/vacuum.test.ts: vacuum on ClickHouse against the local store's: after a block
// deletion removes every event carrying a field (and every event carrying another field's second
// type), both keep the fields until a vacuum; the vacuum drops the same fields and types on both; a
// second vacuum the same day is `vacuum_too_soon` with the same `retryAt` (429 with Retry-After over
// HTTP), a day later it runs again; an unknown dataset is `dataset_not_found`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClickHouseStore } from '../../src/clickhouse/index.ts'
import { type RunningServer, serve } from '../../src/http/index.ts'
import { type Apldb, openStore } from '../../src/index.ts'
import type { Store } from '../../src/storage/store.ts'
import { chdbClient, freshDatabase, HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

const T0 = Date.UTC(2026, 0, 1)
let nowMs = T0 + 3_600_000
const at = (s: number) => new Date(T0 + s * 1000).toISOString()
const WINDOW = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' }
const ROOT = 'xaat-clickhouse-vacuum-root-token-0123456789'

let local: Apldb<Store>
let ch: Apldb<ClickHouseStore>
let srv: RunningServer

/** Two blocks: the first alone holds `legacy_id` and `code` as a string; both hold `status`, `code`. */
async function seed(db: Apldb<Store> | Apldb<ClickHouseStore>): Promise<void> {
  await db.datasets.create({ name: 'web' })
  await db.ingest('web', [
    { _time: at(1), status: 200, legacy_id: 'x1', code: 'a' },
    { _time: at(2), status: 500, legacy_id: 'x2', code: 'b' },
  ])
  await db.flush()
  await db.ingest('web', [
    { _time: at(100), status: 200, code: 1 },
    { _time: at(101), status: 404, code: 2 },
  ])
  await db.flush()
  const del = await db.deleteBlocks({ apl: `['web'] | where legacy_id == 'x1'`, ...WINDOW, commit: true })
  expect(del.blocksMatched).toBe(1)
}

beforeAll(async () => {
  if (!HAVE_CHDB) return
  local = await openStore({ clock: () => nowMs, blockRows: 2, sealWorker: false, durability: 'none' })
  ch = await openStore({
    clickhouse: chdbClient(),
    database: freshDatabase('apldb_vacuum'),
    blockRows: 2,
    clock: { now: () => BigInt(nowMs) * 1_000_000n },
  })
  await seed(local)
  await seed(ch)
  srv = await serve(ch, { port: 0, rootToken: ROOT })
})
afterAll(async () => {
  await srv?.close()
  await local?.close()
  await ch?.close()
})

const fields = (db: Apldb<Store> | Apldb<ClickHouseStore>) =>
  db.fields('web').map((f) => `${f.name}:${f.type}`)

describe.skipIf(!HAVE_CHDB)('vacuum on ClickHouse', () => {
  it('keeps the fields after the deletion, as the local store does', () => {
    expect(fields(ch)).toEqual(fields(local))
    expect(fields(ch)).toContain('legacy_id:string')
    expect(fields(ch)).toContain('code:string|integer')
  })

  it('drops the same fields and types as the local store', async () => {
    const a = await local.datasets.vacuum('web')
    const b = await ch.datasets.vacuum('web')
    expect(b).toEqual(a)
    expect(b.fieldsDropped).toEqual(['legacy_id'])
    expect(fields(ch)).toEqual(fields(local))
    expect(fields(ch)).toContain('code:integer')
    expect(fields(ch)).not.toContain('legacy_id:string')
    // A query naming the dropped field no longer binds, on both.
    await expect(ch.queryResult("['web'] | where legacy_id == 'x1'", WINDOW)).rejects.toMatchObject({
      name: 'AplError',
    })
    await expect(local.queryResult("['web'] | where legacy_id == 'x1'", WINDOW)).rejects.toMatchObject({
      name: 'AplError',
    })
  })

  it('refuses a second vacuum the same day with the same retryAt, 429 + Retry-After over HTTP', async () => {
    const a = await local.datasets.vacuum('web').catch((e: unknown) => e)
    const b = await ch.datasets.vacuum('web').catch((e: unknown) => e)
    expect(b).toMatchObject({ code: 'vacuum_too_soon' })
    expect((b as { retryAt?: string }).retryAt).toBe((a as { retryAt?: string }).retryAt)
    const r = await fetch(`${srv.url}/v2/datasets/web/vacuum`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ROOT}` },
    })
    expect(r.status).toBe(429)
    expect(((await r.json()) as { error?: string }).error).toBe('vacuum_too_soon')
    expect(new Date(r.headers.get('retry-after') as string).getTime()).toBe(
      nowMs - (nowMs % 1000) + 86_400_000,
    )
  })

  it('runs again a day later (200 over HTTP), and is dataset_not_found for an unknown dataset', async () => {
    nowMs += 86_400_000
    const r = await fetch(`${srv.url}/v2/datasets/web/vacuum`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ROOT}` },
    })
    expect([r.status, await r.json()]).toEqual([200, {}])
    await expect(ch.datasets.vacuum('nope')).rejects.toMatchObject({ code: 'dataset_not_found' })
  })
})
