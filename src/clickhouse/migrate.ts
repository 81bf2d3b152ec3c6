// clickhouse/migrate.ts: moves a dataset from a local store to ClickHouse: its events read block by
// block from a pinned snapshot (sealed blocks, then the unsealed tail) and written as they are
// (times, `_sysTime` and storage types kept; no re-normalizing), one ClickHouse block per local
// block, so block deletion keeps its granularity. The target dataset must be new or empty.
import type { Apldb } from '../query/apldb.ts'
import { batchToEvents } from '../storage/block/index.ts'
import { StoreError } from '../storage/errors.ts'
import type { Store } from '../storage/store.ts'
import { selectRows } from './client.ts'
import { insertEvents } from './ingest.ts'
import type { ClickHouseStore } from './store.ts'

/** What a migration moved. */
export interface MigrateReport {
  readonly dataset: string
  readonly events: number
  readonly blocks: number
}

/** Copies `dataset` of `from` into `to` (see module header). */
export async function migrateDataset(
  from: Apldb<Store>,
  to: Apldb<ClickHouseStore>,
  dataset: string,
): Promise<MigrateReport> {
  const info = await from.datasets.get(dataset)
  const ch = to.storage
  await ch.catalog.refresh()
  let entry = ch.catalog.dataset(dataset)
  if (entry) {
    const rows = await selectRows<{ n: string }>(
      ch.client,
      `SELECT count() AS n FROM ${ch.layout.readTable(entry.table)}`,
    )
    if (Number(rows[0]?.n ?? 0) > 0)
      throw new StoreError(
        'dataset_exists',
        `dataset ${JSON.stringify(dataset)} already holds events on ClickHouse; migrate into a new or empty dataset`,
      )
  } else {
    await to.datasets.create({
      name: dataset,
      description: info.description,
      kind: info.kind,
      retentionDays: info.retentionDays,
      useRetentionPeriod: info.useRetentionPeriod,
      who: info.who,
    })
    entry = ch.catalog.dataset(dataset)
  }
  if (!entry)
    throw new StoreError(
      'dataset_not_found',
      `dataset ${JSON.stringify(dataset)} was not created on ClickHouse`,
    )
  await from.flush(dataset)
  const snap = from.snapshot()
  let events = 0
  let blocks = 0
  try {
    for await (const b of snap.scan(dataset)) {
      const flat = batchToEvents({ rowCount: b.rowCount, columns: b.columns })
      blocks += await insertEvents(ch, entry, flat)
      events += flat.length
    }
  } finally {
    snap.release()
  }
  return { dataset, events, blocks }
}
