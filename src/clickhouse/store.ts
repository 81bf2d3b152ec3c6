// clickhouse/store.ts: the ClickHouse backend behind `Apldb` (query/backend.ts): datasets, ingest,
// documents, snapshots for queries and block deletion, all in one ClickHouse database (and its shard
// databases). Stateless apart from caches: any number of front ends may open the same database.

import type { StorageBackend } from '../query/backend.ts'
import type { DeleteOptions, DeleteRequest, DeleteResult } from '../query/delete-blocks.ts'
import type { DeletionInfo } from '../storage/deletion/index.ts'
import { DEFAULT_MAX_DELETE_ROWS } from '../storage/deletion/index.ts'
import { StoreError } from '../storage/errors.ts'
import type { IngestInput, IngestOptions, IngestStatus } from '../storage/ingest-call.ts'
import type { RecoveryReport } from '../storage/recovery.ts'
import type { FieldInfo, Snapshot } from '../storage/snapshot.ts'
import { workerFaults } from '../util/worker-faults.ts'
import { Catalog } from './catalog.ts'
import { type ClickHouseClient, run } from './client.ts'
import { SEQ_BITS } from './compile/scan-node.ts'
import { ClickHouseDatasets } from './datasets.ts'
import { applyRecord, deleteBlocksOn, loadRecords } from './delete.ts'
import { ClickHouseDocs } from './docs.ts'
import { ClickHouseEngine } from './engine.ts'
import { ingestInto } from './ingest.ts'
import { Layout, type LayoutOptions } from './layout.ts'
import { createMeta } from './meta.ts'
import { ClickHouseSnapshot } from './snapshot.ts'
import { ident } from './sql-text.ts'

/** How stale a query's view of datasets and fields may be (another front end's new field: ≤ 1 s). */
export const CATALOG_MAX_AGE_MS = 1000

/** Options of `openStore({ clickhouse, database })`. */
export interface ClickHouseStoreOptions {
  /** A `@clickhouse/client` client (over HTTP, or over chdb's `chdb/connection`). */
  readonly clickhouse: ClickHouseClient
  /** The database holding apldb's tables (created when missing). */
  readonly database: string
  /** Single tables (default), shard databases under a Merge table, or a cluster's Distributed tables. */
  readonly layout?: LayoutOptions
  /** Events per block (default and most 65,536). */
  readonly blockRows?: number
  /** Largest number of rows one block deletion may remove (default 1,000,000). */
  readonly maxDeleteRows?: number
  /** Now, epoch ns (tests); the system clock otherwise. */
  readonly clock?: { now(): bigint }
  /** Close the client with the store (default false: the caller owns it). */
  readonly closeClient?: boolean
}

const EMPTY_RECOVERY: RecoveryReport = {
  walRecordsReplayed: 0,
  walBytesTruncated: 0,
  orphanFilesRemoved: 0,
  quarantined: [],
} as unknown as RecoveryReport

/** The backend (see module header). */
export class ClickHouseStore implements StorageBackend {
  readonly path: string | undefined = undefined
  readonly recovery: RecoveryReport = EMPTY_RECOVERY
  readonly client: ClickHouseClient
  readonly database: string
  readonly layout: Layout
  readonly catalog: Catalog
  readonly datasets: ClickHouseDatasets
  readonly docs: ClickHouseDocs
  readonly blockRows: number
  readonly maxDeleteRows: number
  readonly engine: ClickHouseEngine
  readonly #clock: { now(): bigint } | undefined
  readonly #closeClient: boolean
  #deletions: DeletionInfo[] = []
  #closed = false

  private constructor(opts: ClickHouseStoreOptions) {
    this.client = opts.clickhouse
    this.database = opts.database
    this.layout = new Layout(opts.database, opts.layout ?? { kind: 'single' })
    this.catalog = new Catalog(this.client, this.database, this.layout)
    this.datasets = new ClickHouseDatasets(this)
    this.docs = new ClickHouseDocs(this.client, this.database)
    const blockRows = opts.blockRows ?? 2 ** SEQ_BITS
    if (!Number.isSafeInteger(blockRows) || blockRows < 1 || blockRows > 2 ** SEQ_BITS)
      throw new StoreError(
        'invalid_argument',
        `blockRows must be an integer in 1…${2 ** SEQ_BITS}, got ${blockRows}`,
      )
    this.blockRows = blockRows
    this.maxDeleteRows = opts.maxDeleteRows ?? DEFAULT_MAX_DELETE_ROWS
    this.engine = new ClickHouseEngine(this.client, this.catalog)
    this.#clock = opts.clock
    this.#closeClient = opts.closeClient === true
  }

  /** Creates the databases and meta tables when missing, completes interrupted deletions, loads the catalog. */
  static async open(opts: ClickHouseStoreOptions): Promise<ClickHouseStore> {
    const s = new ClickHouseStore(opts)
    for (const sql of s.layout.createDatabases()) await run(s.client, sql)
    const on = s.layout.options.kind === 'cluster' ? ` ON CLUSTER ${ident(s.layout.options.cluster)}` : ''
    await createMeta(s.client, s.database, on)
    await s.catalog.refresh()
    const records = await loadRecords(s)
    for (const r of records) if (r.state !== 'deleted') await applyRecord(s, r)
    s.#deletions = (await loadRecords(s)).map(({ table: _t, ...info }) => info)
    return s
  }

  now(): bigint {
    return this.#clock ? this.#clock.now() : BigInt(Date.now()) * 1_000_000n
  }

  #usable(): void {
    if (this.#closed) throw new StoreError('store_closed', 'the store is closed')
  }

  async ingest(dataset: string, input: IngestInput, opts: IngestOptions = {}): Promise<IngestStatus> {
    this.#usable()
    let d = this.catalog.dataset(dataset)
    if (!d) {
      await this.catalog.refresh()
      d = this.catalog.dataset(dataset)
    }
    if (!d) throw new StoreError('dataset_not_found', `dataset ${JSON.stringify(dataset)} not found`)
    return ingestInto(this, d, input, opts)
  }

  /** Inserts are synchronous on ClickHouse: nothing is left unsealed. */
  async flush(_dataset?: string): Promise<void> {}
  async settle(): Promise<void> {}

  /** Before each query: what other front ends created shows within CATALOG_MAX_AGE_MS. */
  async refresh(): Promise<void> {
    this.#usable()
    await this.catalog.refresh(CATALOG_MAX_AGE_MS)
  }

  snapshot(): Snapshot {
    this.#usable()
    return new ClickHouseSnapshot(this.catalog, this.engine)
  }

  fields(dataset: string): FieldInfo[] {
    if (!this.catalog.dataset(dataset))
      throw new StoreError('dataset_not_found', `dataset ${JSON.stringify(dataset)} not found`)
    return this.catalog.schema(dataset)
  }

  health(): ReturnType<StorageBackend['health']> {
    return {
      ok: !this.#closed,
      sealErrors: [],
      quarantined: [],
      cacheBytes: 0,
      // Query workers may still run the local part of a plan; ClickHouse seals nothing here.
      workerFaults: workerFaults(),
      sealed: { blocks: 0, onWorker: 0 },
    }
  }

  deletions(): DeletionInfo[] {
    return [...this.#deletions]
  }

  async deleteBlocks(req: DeleteRequest, opts?: DeleteOptions): Promise<DeleteResult> {
    this.#usable()
    await this.catalog.refresh()
    const out = await deleteBlocksOn(this, req, opts)
    this.#deletions = (await loadRecords(this)).map(({ table: _t, ...info }) => info)
    return out
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    if (this.#closeClient) await this.client.close()
  }
}
