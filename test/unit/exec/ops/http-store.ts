// A store of sample-http-logs events for the ops tests that check the engine against the reference
// evaluator: dataset 'http' sealed into blocks of `blockRows` rows (no seal worker, no fsync), one
// pinned snapshot, and the clock those tests query at.

import type { Apldb } from '../../../../src/index.ts'
import { openStore } from '../../../../src/index.ts'
import type { Snapshot } from '../../../../src/storage/snapshot.ts'

/** The query clock of these tests (after the generated events). */
export const NOW = BigInt(Date.UTC(2026, 2, 1)) * 1_000_000n

/** The open store and its snapshot. */
export interface HttpStore {
  readonly db: Apldb
  readonly snap: Snapshot
  close(): Promise<void>
}

/** Ingests `events` into 'http' of a fresh in-memory store and pins a snapshot of them. */
export async function openHttpStore(blockRows: number, events: readonly object[]): Promise<HttpStore> {
  const db = await openStore({ durability: 'none', blockRows, sealWorker: false })
  await db.datasets.create({ name: 'http' })
  await db.ingest('http', events)
  await db.flush()
  const snap = db.snapshot()
  return {
    db,
    snap,
    async close() {
      snap.release()
      await db.close()
    },
  }
}
