// test/clickhouse/smoke.test.ts: the ClickHouse backend end to end on chdb: create, ingest, query, explain.
import { describe, expect, it } from 'vitest'
import { openStore } from '../../src/index.ts'
import { chdbClient, freshDatabase, HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

describe.skipIf(!HAVE_CHDB)('clickhouse backend smoke', () => {
  it('ingests and queries', async () => {
    const db = await openStore({ clickhouse: chdbClient(), database: freshDatabase() })
    await db.datasets.create({ name: 'logs' })
    const st = await db.ingest('logs', [
      { _time: '2024-01-01T00:00:00Z', method: 'GET', status: 200, d: 1.5 },
      { _time: '2024-01-01T00:00:01.123456789Z', method: 'POST', status: '500', big: 9007199254740993n },
      { _time: '2024-01-02T00:00:00Z', method: 'get', tags: ['a', 1] },
    ])
    expect(st.ingested).toBe(3)
    const r = await db.queryResult("['logs'] | where method =~ 'get' | project _time, method, status, tags")
    console.log(JSON.stringify(r.tables[0], (_k, v) => (typeof v === 'bigint' ? v.toString() : v)))
    const e = await db.explain("['logs'] | summarize count() by method | take 1")
    console.log(e.physical)
    const all = await db.queryResult("['logs']")
    console.log(JSON.stringify(all.tables[0], (_k, v) => (typeof v === 'bigint' ? v.toString() : v)))
    await db.close()
  })
})
