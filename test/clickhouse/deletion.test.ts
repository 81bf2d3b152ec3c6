// test/clickhouse/deletion.test.ts: block deletion on ClickHouse against the local store's: the same
// dry-run and commit figures for the same request, the same rows left, the ≤ maxDeleteRows guard, a
// deletion record left `queued` (a crash mid-commit) completed when the store opens, and the
// two-shard layout (a Merge table over two databases standing in for Distributed): blocks placed
// whole on one shard, both shards used, deletion per shard.
import { describe, expect, it } from 'vitest'
import { insertMeta, META, nextVersion } from '../../src/clickhouse/meta.ts'
import { openStore } from '../../src/index.ts'
import { NOW, NOW_MS } from '../reference/fixture.ts'
import { compareOn, openBoth } from './both-backends.ts'
import { chdbClient, freshDatabase, HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

const HOUR = 3_600_000
const EVENTS = Array.from({ length: 60 }, (_, i) => ({
  _time: new Date(NOW_MS - 48 * HOUR + i * HOUR).toISOString(),
  status: i % 5 === 0 ? 500 : 200,
  uri: `/api/${i % 3}`,
  ...(i % 7 === 0 ? { extra: `only-${i}` } : {}),
}))
const WINDOW = {
  startTime: new Date(NOW_MS - 40 * HOUR).toISOString(),
  endTime: new Date(NOW_MS - 10 * HOUR).toISOString(),
}
const REQUEST = { apl: "['ev'] | where status == 500", ...WINDOW }
const without = <T extends object>(r: T) => ({ ...r, requestId: undefined })

describe.skipIf(!HAVE_CHDB)('block deletion on ClickHouse', () => {
  it('reports and deletes what the local store does, leaving the same rows', async () => {
    const both = await openBoth({ ev: EVENTS }, { nowMs: NOW_MS, blockRows: 7 })
    try {
      const dryLocal = await both.local.deleteBlocks({ ...REQUEST, commit: false })
      const dryCh = await both.ch.deleteBlocks({ ...REQUEST, commit: false })
      expect(dryCh).toEqual(dryLocal)
      expect(dryCh.blocksMatched).toBeGreaterThan(1)
      const doneLocal = await both.local.deleteBlocks({ ...REQUEST, commit: true })
      const doneCh = await both.ch.deleteBlocks({ ...REQUEST, commit: true })
      expect(without(doneCh)).toEqual(without(doneLocal))
      expect(doneCh.requestId).toMatch(/^del_/)
      expect(both.ch.deletions().map((d) => d.state)).toEqual(['deleted'])
      const left = await compareOn(both, "['ev'] | sort by _time asc", { now: NOW })
      expect(left.kind, left.diff).toBe('agree')
      // Fields stay in the schema after the events carrying them are gone (until a vacuum).
      expect(both.ch.fields('ev').map((f) => f.name)).toEqual(both.local.fields('ev').map((f) => f.name))
    } finally {
      await both.close()
    }
  })

  it('refuses a deletion above maxDeleteRows and deletes nothing', async () => {
    const db = await openStore({
      clickhouse: chdbClient(),
      database: freshDatabase(),
      blockRows: 7,
      maxDeleteRows: 10,
    })
    try {
      await db.datasets.create({ name: 'ev' })
      await db.ingest('ev', EVENTS)
      await expect(db.deleteBlocks({ ...REQUEST, commit: true })).rejects.toMatchObject({
        code: 'delete_too_large',
      })
      const r = await db.queryResult("['ev'] | count")
      expect(r.tables[0].columns[0][0]).toBe(60)
    } finally {
      await db.close()
    }
  })

  it('completes a deletion record a crash left queued when the store opens', async () => {
    const database = freshDatabase()
    const db = await openStore({ clickhouse: chdbClient(), database, blockRows: 10 })
    await db.datasets.create({ name: 'ev' })
    await db.ingest('ev', EVENTS)
    const dry = await db.deleteBlocks({ ...REQUEST, commit: false })
    // `_block` is apldb's, not a user field: queries cannot name it.
    await expect(db.queryResult("['ev'] | summarize count() by b = _block")).rejects.toMatchObject({
      name: 'AplError',
    })
    // The record is written, the process dies before the DELETE: simulate with the record alone.
    const entry = db.storage.catalog.dataset('ev')!
    const blocks = await db.storage.client
      .query({
        query: `SELECT DISTINCT toString(_block) AS b FROM ${db.storage.layout.readTable(entry.table)} WHERE status = 500 ORDER BY b LIMIT 2`,
        format: 'JSONEachRow',
      })
      .then((r) => r.json<{ b: string }[]>())
    const record = {
      requestId: 'del_crash',
      opstamp: 1,
      dataset: 'ev',
      table: entry.table,
      blockIds: blocks.map((b) => b.b),
      rowsDeleted: 20,
      state: 'queued',
      createdAt: '2026-01-10T00:00:00Z',
      attempts: 0,
    }
    await insertMeta(db.storage.client, database, META.deletions, [
      { id: record.requestId, record: JSON.stringify(record), version: nextVersion().toString() },
    ])
    await db.close()
    const again = await openStore({ clickhouse: chdbClient(), database, blockRows: 10 })
    try {
      expect(again.deletions().find((d) => d.requestId === 'del_crash')?.state).toBe('deleted')
      const left = await again.queryResult("['ev'] | count")
      expect(left.tables[0].columns[0][0]).toBe(40)
      expect(dry.blocksMatched).toBeGreaterThan(0)
    } finally {
      await again.close()
    }
  })

  it('two shards: blocks whole on one shard, both used, deletion per shard, results as local', async () => {
    const database = freshDatabase('apldb_sh')
    const shards = [`${database}_s0`, `${database}_s1`]
    const both = await openBoth(
      { ev: EVENTS },
      { nowMs: NOW_MS, blockRows: 7, database, layout: { kind: 'shards', shardDatabases: shards } },
    )
    try {
      const entry = both.ch.storage.catalog.dataset('ev')!
      const placement = await both.ch.storage.client
        .query({
          query: `SELECT _database AS db, uniqExact(_block) AS blocks, count() AS n FROM ${both.ch.storage.layout.readTable(entry.table)} GROUP BY db ORDER BY db`,
          format: 'JSONEachRow',
        })
        .then((r) => r.json<{ db: string; blocks: string; n: string }[]>())
      expect(placement.map((p) => p.db)).toEqual(shards)
      const split = await both.ch.storage.client
        .query({
          query: `SELECT count() AS c FROM (SELECT _block FROM ${both.ch.storage.layout.readTable(entry.table)} GROUP BY _block HAVING uniqExact(_database) > 1)`,
          format: 'JSONEachRow',
        })
        .then((r) => r.json<{ c: string }[]>())
      expect(Number(split[0].c)).toBe(0)
      for (const apl of [
        "['ev'] | summarize count() by uri",
        "['ev'] | where status == 500 | take 3",
        "['ev'] | top 4 by _time asc",
      ]) {
        const o = await compareOn(both, apl, { now: NOW })
        expect(o.kind, `${apl}: ${o.diff}`).toBe('agree')
      }
      const doneLocal = await both.local.deleteBlocks({ ...REQUEST, commit: true })
      const doneCh = await both.ch.deleteBlocks({ ...REQUEST, commit: true })
      expect(without(doneCh)).toEqual(without(doneLocal))
      const left = await compareOn(both, "['ev'] | sort by _time asc", { now: NOW })
      expect(left.kind, left.diff).toBe('agree')
    } finally {
      await both.close()
    }
  })
})
