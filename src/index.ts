// index.ts: apldb's public embeddable API. Only what users import lives here; everything else is
// internal and may change.
import { type ClickHouseStore, type ClickHouseStoreOptions, openClickHouse } from './clickhouse/index.ts'
import { Apldb } from './query/apldb.ts'
import { deleteBlocks } from './query/delete-blocks.ts'
import { Store } from './storage/store.ts'
import type { StoreOptions } from './storage/store-options.ts'

/** Open a store on ClickHouse: datasets are tables of `database` (README "Scale-out on ClickHouse"). */
export async function openStore(opts: ClickHouseStoreOptions): Promise<Apldb<ClickHouseStore>>
/** Open (or create) a store: a directory when `path` is given, memory otherwise. */
export async function openStore(opts?: StoreOptions): Promise<Apldb<Store>>
export async function openStore(
  opts: StoreOptions | ClickHouseStoreOptions = {},
): Promise<Apldb<Store> | Apldb<ClickHouseStore>> {
  if ('clickhouse' in opts) return openClickHouse(opts)
  const store = await Store.open(opts)
  return new Apldb(store, (req, o) => deleteBlocks(store, req, o))
}

export type { ClickHouseClient, ClickHouseStoreOptions, LayoutOptions } from './clickhouse/index.ts'
export { AplError } from './diagnostics/diagnostic.ts'
export type { ParallelMode } from './exec/parallel/index.ts'
export type { Cell, QueryResult, ResultTable } from './exec/result.ts'
export {
  type LegacyAggregation,
  LegacyError,
  type LegacyErrorCode,
  type LegacyFilter,
  type LegacyOrder,
  type LegacyProjection,
  type LegacyResult,
  type LegacyStatus,
  type LegacyVirtualField,
  type QueryRequest,
} from './legacy/index.ts'
export type { AnyApldb, Apldb, AplQueryOptions } from './query/apldb.ts'
export type { DeleteOptions, DeleteRequest, DeleteResult } from './query/delete-blocks.ts'
export { DeleteError, type DeleteErrorCode } from './query/delete-blocks-error.ts'
export type { ExplainReport } from './query/explain.ts'
export type { DatasetCreate, DatasetInfo, DatasetUpdate } from './storage/dataset-info.ts'
export type { DatasetsApi } from './storage/datasets-api.ts'
export type { DeletionInfo, DeletionState } from './storage/deletion/index.ts'
export { StoreError, type StoreErrorCode } from './storage/errors.ts'
export type { IngestInput, IngestOptions, IngestStatus } from './storage/ingest-call.ts'
export type { RecoveryReport } from './storage/recovery.ts'
export type { FieldInfo, ScanBatch, ScanOptions, ScanStats, Snapshot } from './storage/snapshot.ts'
export type { StoreOptions } from './storage/store-options.ts'
export type { FieldType, FlatEvent, FlatValue, TimeRange } from './storage/types.ts'
