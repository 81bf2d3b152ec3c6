// clickhouse/index.ts: the ClickHouse backend's public surface (`openStore({ clickhouse, database })`
// in src/index.ts opens it): the store and its option types.
export type { ClickHouseClient } from './client.ts'
export type { LayoutOptions } from './layout.ts'
export { ClickHouseStore, type ClickHouseStoreOptions } from './store.ts'
