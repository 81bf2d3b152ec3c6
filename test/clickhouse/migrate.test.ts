// test/clickhouse/migrate.test.ts: `migrate` moves a dataset from a local store (sealed blocks and
// unsealed events, mixed-type fields) to ClickHouse: the same query results after, one ClickHouse block
// per local block, and a second migration into the now non-empty dataset is refused.
import { describe, expect, it } from 'vitest'
import { migrateDataset } from '../../src/clickhouse/migrate.ts'
import { openStore } from '../../src/index.ts'
import { LOGS, NOW, NOW_MS } from '../reference/fixture.ts'
import { compareOn } from './both-backends.ts'
import { chdbClient, freshDatabase, HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

describe.skipIf(!HAVE_CHDB)('migrate a dataset to ClickHouse', () => {
  it('moves every event; queries agree after', async () => {
    const local = await openStore({
      clock: () => NOW_MS,
      blockRows: 5,
      sealWorker: false,
      durability: 'none',
    })
    const ch = await openStore({
      clickhouse: chdbClient(),
      database: freshDatabase('apldb_mig'),
      clock: { now: () => BigInt(NOW_MS) * 1_000_000n },
    })
    try {
      await local.datasets.create({ name: 'logs', description: 'moved' })
      await local.ingest('logs', LOGS)
      await local.settle()
      const report = await migrateDataset(local, ch, 'logs')
      expect(report.events).toBe(LOGS.length)
      expect(report.blocks).toBe(Math.ceil(LOGS.length / 5))
      expect((await ch.datasets.get('logs')).description).toBe('moved')
      const both = { local, ch, close: async () => {} }
      for (const apl of [
        "['logs'] | sort by _time asc",
        "['logs'] | summarize count(), dcount(user) by method",
        "['logs'] | where status == '200' | project _time, uri",
        "['logs'] | project _sysTime, bytes, tags",
      ]) {
        const o = await compareOn(both, apl, { now: NOW })
        expect(o.kind, `${apl}: ${o.diff}`).toBe('agree')
      }
      await expect(migrateDataset(local, ch, 'logs')).rejects.toMatchObject({ code: 'dataset_exists' })
    } finally {
      await local.close()
      await ch.close()
    }
  })
})
