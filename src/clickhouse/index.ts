// clickhouse/index.ts: the ClickHouse backend's public surface: `openClickHouse` (behind
// `openStore({ clickhouse, database })`) and its option types.
import { Apldb } from '../query/apldb.ts'
import { ClickHouseStore, type ClickHouseStoreOptions } from './store.ts'

export type { ClickHouseClient } from './client.ts'
export type { LayoutOptions } from './layout.ts'
export { ClickHouseStore, type ClickHouseStoreOptions } from './store.ts'

/** Opens the backend on `opts.database` (created when missing). */
export async function openClickHouse(opts: ClickHouseStoreOptions): Promise<Apldb<ClickHouseStore>> {
  const store = await ClickHouseStore.open(opts)
  return new Apldb(store, (req, o) => store.deleteBlocks(req, o))
}
