// index.ts: apldb's public embeddable API. Only what users import lives here; everything else is
// internal and may change.
import { Store, type StoreOptions } from './storage/store.ts'

/** Open (or create) a store: a directory when `path` is given, memory otherwise. */
export function openStore(opts: StoreOptions = {}): Promise<Store> {
  return Store.open(opts)
}

export type { DatasetCreate, DatasetInfo, DatasetUpdate } from './storage/dataset-info.ts'
export { StoreError, type StoreErrorCode } from './storage/errors.ts'
export type { IngestInput, IngestOptions, IngestStatus } from './storage/ingest-call.ts'
export type { RecoveryReport } from './storage/recovery.ts'
export type { FieldInfo, ScanBatch, ScanOptions, ScanStats, Snapshot } from './storage/snapshot.ts'
export type { DatasetsApi, Store, StoreOptions } from './storage/store.ts'
export type { FieldType, FlatEvent, FlatValue, TimeRange } from './storage/types.ts'
