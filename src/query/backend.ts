// query/backend.ts: what `Apldb` needs from the storage underneath it: the local Store (a directory
// or memory) or the ClickHouse backend (src/clickhouse). Structural, so either can stand behind the
// same queries, service and CLI; block deletion comes with the backend (it differs per storage).
import type { DatasetsApi } from '../storage/datasets-api.ts'
import type { DeletionInfo } from '../storage/deletion/index.ts'
import type { DocStore } from '../storage/docs.ts'
import type { IngestInput, IngestOptions, IngestStatus } from '../storage/ingest-call.ts'
import type { RecoveryReport } from '../storage/recovery.ts'
import type { FieldInfo, Snapshot } from '../storage/snapshot.ts'
import type { Store } from '../storage/store.ts'
import type { DeleteOptions, DeleteRequest, DeleteResult } from './delete-blocks.ts'

/** Dataset administration as the layers above use it. */
export type DatasetsPort = Pick<
  DatasetsApi,
  | 'create'
  | 'list'
  | 'get'
  | 'update'
  | 'delete'
  | 'trim'
  | 'vacuum'
  | 'fields'
  | 'fieldTypes'
  | 'mapFields'
  | 'createMapField'
  | 'setMapFields'
  | 'deleteMapField'
  | 'ensureDeclared'
>

/**
 * Whole named documents (monitors, the root token's hash, …) and collections of records kept one
 * per id, so one change costs its own record (tokens, annotations).
 */
export type DocsPort = Pick<DocStore, 'read' | 'write' | 'readJson' | 'writeJson' | 'remove' | 'collection'>

/** The storage behind an `Apldb` (see module header). */
export interface StorageBackend {
  readonly path: string | undefined
  readonly recovery: RecoveryReport
  readonly datasets: DatasetsPort
  readonly docs: DocsPort
  ingest(dataset: string, input: IngestInput, opts?: IngestOptions): Promise<IngestStatus>
  flush(dataset?: string): Promise<void>
  settle(): Promise<void>
  snapshot(): Snapshot
  fields(dataset: string): FieldInfo[]
  health(): ReturnType<Store['health']>
  now(): bigint
  close(): Promise<void>
  deletions(): DeletionInfo[]
  /** Bring the cached schema up to date before a query (a backend shared by several front ends). */
  refresh?(): Promise<void>
  /** Before a query's snapshot: prepare in steps what `snapshot()` would otherwise do at once. */
  warmTails?(): Promise<void>
}

/** Block deletion over one backend (`Apldb.deleteBlocks`). */
export type DeleteBlocksFn = (req: DeleteRequest, opts?: DeleteOptions) => Promise<DeleteResult>
