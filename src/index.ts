// index.ts: apldb's public embeddable API. Only what users import lives here; everything else is
// internal and may change.
import type { ClickHouseStore, ClickHouseStoreOptions } from './clickhouse/index.ts'
import { deleteBlocks } from './query/delete-blocks.ts'
import { type AlertingOptions, AlertingStore } from './service/monitors/alerting-store.ts'
import { Store } from './storage/store.ts'
import type { StoreOptions } from './storage/store-options.ts'

/** Options of `openStore`: the storage's, plus `onAlert` and `monitors`. */
export interface OpenStoreOptions extends StoreOptions, AlertingOptions {}

/** Options of `openStore` on ClickHouse (README "Scale-out on ClickHouse"), plus `onAlert` and `monitors`. */
export interface OpenClickHouseOptions extends ClickHouseStoreOptions, AlertingOptions {}

/** Open a store on ClickHouse: datasets are tables of `database` (README "Scale-out on ClickHouse"). */
export async function openStore(opts: OpenClickHouseOptions): Promise<AlertingStore<ClickHouseStore>>
/** Open (or create) a store: a directory when `path` is given, memory otherwise. */
export async function openStore(opts?: OpenStoreOptions): Promise<AlertingStore>
export async function openStore(
  opts: OpenStoreOptions | OpenClickHouseOptions = {},
): Promise<AlertingStore | AlertingStore<ClickHouseStore>> {
  if ('clickhouse' in opts) {
    const { ClickHouseStore } = await import('./clickhouse/store.ts')
    const ch = await ClickHouseStore.open(opts)
    return AlertingStore.open(ch, opts, (req, o) => ch.deleteBlocks(req, o))
  }
  const store = await Store.open(opts)
  return AlertingStore.open(store, opts, (req, o) => deleteBlocks(store, req, o))
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
  type LegacyVirtualField,
  type QueryRequest,
} from './legacy/index.ts'
export type { OtlpIngestOptions, OtlpIngestResult } from './otlp/ingest-otlp.ts'
export { OtlpError, type OtlpErrorCode } from './otlp/otlp-error.ts'
export type { PartialSuccess } from './otlp/otlp-messages.ts'
export type { AnyApldb, AplQueryOptions } from './query/apldb.ts'
export type { DeleteOptions, DeleteRequest, DeleteResult } from './query/delete-blocks.ts'
export { DeleteError, type DeleteErrorCode } from './query/delete-blocks-error.ts'
export type { ExplainReport } from './query/explain.ts'
export type { JsonCell, RowValues } from './query/row-values.ts'
export type { MonitorOptions } from './service/monitors/alerting.ts'
export type { AlertingOptions, AlertingStore as Apldb } from './service/monitors/alerting-store.ts'
export type { DeliveryOptions, DeliveryRecord, DeliveryState } from './service/monitors/delivery.ts'
export type { AlertListener } from './service/monitors/monitor-runner.ts'
export type {
  Alert,
  AlertHistory,
  Monitor,
  MonitorRun,
  MonitorType,
  Operator,
  RunOutcome,
} from './service/monitors/monitor-types.ts'
export type { HistoryRange, MonitorInput, Monitors } from './service/monitors/monitors-api.ts'
export type { Notifier } from './service/monitors/notifier-fields.ts'
export type { NotifierKind } from './service/monitors/notifier-kinds.ts'
export type { NotifierInput, Notifiers } from './service/monitors/notifiers-api.ts'
export { ServiceError } from './service/service-error.ts'
export type { DatasetCreate, DatasetInfo, DatasetUpdate } from './storage/dataset-info.ts'
export type { DatasetsApi } from './storage/datasets-api.ts'
export type { DeletionInfo, DeletionState } from './storage/deletion/index.ts'
export { StoreError, type StoreErrorCode } from './storage/errors.ts'
export type { IngestInput, IngestOptions, IngestStatus } from './storage/ingest-call.ts'
export type { RecoveryReport } from './storage/recovery.ts'
export type { FieldInfo, ScanBatch, ScanOptions, ScanStats, Snapshot } from './storage/snapshot.ts'
export type { StoreLogger, StoreOptions } from './storage/store-options.ts'
export type { FieldType, FlatEvent, FlatValue, TimeRange } from './storage/types.ts'
export type { WorkerFault, WorkerKind } from './util/worker-faults.ts'
export type { LegacyResult, LegacyStatus } from './wire/index.ts'
