// query/apldb.ts: the object `openStore` returns: the storage engine's API (datasets, ingest,
// snapshots, flush, close) plus queries (`query`, `queryResult`, `rows`, `explain`). Each query pins
// one snapshot synchronously, before its first await, and releases it when done.

import { type ParallelMode, startParallelPool } from '../exec/parallel/index.ts'
import type { Cell, QueryOptions, QueryResult } from '../exec/result.ts'
import { legacyRequestFromApl, type QueryRequest } from '../legacy/index.ts'
import { ingestOtlp, type OtlpIngestOptions, type OtlpIngestResult } from '../otlp/ingest-otlp.ts'
import type { DeletionInfo } from '../storage/deletion/index.ts'
import type { IngestInput, IngestOptions, IngestStatus } from '../storage/ingest-call.ts'
import type { RecoveryReport } from '../storage/recovery.ts'
import type { FieldInfo, Snapshot } from '../storage/snapshot.ts'
import type { Store } from '../storage/store.ts'
import { type LegacyResult, toLegacy, toTabular } from '../wire/index.ts'
import type { DeleteBlocksFn, StorageBackend } from './backend.ts'
import type { DeleteOptions, DeleteRequest, DeleteResult } from './delete-blocks.ts'
import { type ExplainReport, explainAnalyze } from './explain.ts'
import { type ExternalDataAccess, externalReader } from './external-access.ts'
import { type JsonCell, type RowValues, rowColumns } from './row-values.ts'
import { runApl } from './run-apl.ts'
import { runLegacy } from './run-legacy.ts'

/** The in-process default: local files anywhere, remote URLs only with a fetch function. */
function readerOf(opts: AplQueryOptions) {
  return externalReader(opts.externalData ?? { fileRoot: 'any' })
}

/** Options of an in-process query. */
export interface AplQueryOptions extends QueryOptions {
  /** Deadline in ms (default 30,000). */
  readonly deadlineMs?: number
  readonly signal?: AbortSignal
  /** Scan and partial aggregation on worker threads: 'auto' (default; big queries), 'on', 'off'. */
  readonly parallel?: ParallelMode
  /** What externaldata may read (default: local `file:` URLs anywhere, no remote URL). */
  readonly externalData?: ExternalDataAccess
}

/** An open store with queries (see module header); `S`: the local Store or the ClickHouse backend. */
export class Apldb<S extends StorageBackend = Store> {
  /** @internal The storage engine underneath (tests and the service layer). */
  readonly storage: S
  readonly #deleteBlocks: DeleteBlocksFn

  constructor(storage: S, deleteBlocks: DeleteBlocksFn) {
    this.storage = storage
    this.#deleteBlocks = deleteBlocks
  }

  /** Dataset administration. */
  get datasets(): S['datasets'] {
    return this.storage.datasets
  }
  /** What opening found and did. */
  get recovery(): RecoveryReport {
    return this.storage.recovery
  }
  /** The store directory, or undefined in memory. */
  get path(): string | undefined {
    return this.storage.path
  }
  /** Ingest events (see `Store.ingest`). */
  ingest(dataset: string, input: IngestInput, opts?: IngestOptions): Promise<IngestStatus> {
    return this.storage.ingest(dataset, input, opts)
  }
  /**
   * Ingest one OTLP/HTTP export request (`signal` traces by default; protobuf or JSON by
   * `contentType`, already decompressed): spans land in the otel-demo-traces shape.
   */
  ingestOtlp(dataset: string, body: Uint8Array, opts?: OtlpIngestOptions): Promise<OtlpIngestResult> {
    return ingestOtlp(this.storage, dataset, body, opts)
  }
  /** Seal unsealed events into blocks. */
  flush(dataset?: string): Promise<void> {
    return this.storage.flush(dataset)
  }
  /** Wait for background seals. */
  settle(): Promise<void> {
    return this.storage.settle()
  }
  /**
   * Before `snapshot()`, from a request: makes the unsealed events the snapshot would make in one
   * piece, in steps that let the event loop run (optional; `snapshot()` makes whatever is left).
   */
  async warmTails(): Promise<void> {
    await this.storage.warmTails?.()
  }
  /** Pin a consistent version (release it when done). */
  snapshot(): Snapshot {
    return this.storage.snapshot()
  }
  /** Fields of a dataset with their types. */
  fields(dataset: string): FieldInfo[] {
    return this.storage.fields(dataset)
  }
  /** Failure state, quarantined blocks, cache use. */
  health(): ReturnType<Store['health']> {
    return this.storage.health()
  }
  /**
   * Starts the process's query worker threads now and resolves true once they take work (false when
   * they cannot start: `health().workerFaults` says why). Without it they start with the first
   * parallel query, whose units meanwhile run on the main thread.
   */
  startWorkers(): Promise<boolean> {
    return startParallelPool()
  }
  /** Now, epoch ns, from the store's clock. */
  now(): bigint {
    return this.storage.now()
  }
  /** Seal, wait for in-flight work, release the directory. */
  close(): Promise<void> {
    return this.storage.close()
  }

  /** Runs APL and returns the in-process result (canonical cells; see exec/result.ts). */
  async queryResult(apl: string, opts: AplQueryOptions = {}): Promise<QueryResult> {
    if (this.storage.refresh) await this.storage.refresh()
    await this.warmTails()
    const snap = this.storage.snapshot()
    try {
      return await runApl(snap, apl, { ...opts, now: this.storage.now(), readExternal: readerOf(opts) })
    } finally {
      snap.release()
    }
  }

  /** Runs APL and returns Axiom's wire result (`format` tabular by default, or legacy). */
  async query(apl: string, opts: AplQueryOptions & { format?: 'tabular' | 'legacy' } = {}): Promise<unknown> {
    const result = await this.queryResult(apl, opts)
    if (opts.format !== 'legacy') return toTabular(result)
    const request = legacyRequestFromApl(apl, opts)
    return toLegacy(result, request ? { request } : {})
  }

  /**
   * The rows of the first result table as plain objects keyed by field name. By default their
   * values are JSON's, as on the wire (`_time` an RFC 3339 string with nanoseconds; see
   * row-values.ts); `values: 'native'` yields the in-process cells (bigint epoch ns, bigint longs).
   */
  rows(apl: string, opts?: AplQueryOptions & { values?: 'json' }): AsyncGenerator<Record<string, JsonCell>>
  rows(apl: string, opts: AplQueryOptions & { values: 'native' }): AsyncGenerator<Record<string, Cell>>
  rows(apl: string, opts?: AplQueryOptions & { values?: RowValues }): AsyncGenerator<Record<string, Cell>>
  async *rows(
    apl: string,
    opts: AplQueryOptions & { values?: RowValues } = {},
  ): AsyncGenerator<Record<string, Cell>> {
    const { values = 'json', ...query } = opts
    const result = await this.queryResult(apl, query)
    const table = result.tables[0]
    if (!table) return
    const columns = rowColumns(table, values)
    const n = columns[0]?.length ?? 0
    for (let i = 0; i < n; i++) {
      const row: Record<string, Cell> = {}
      table.fields.forEach((f, c) => {
        Object.defineProperty(row, f.name, {
          value: columns[c][i],
          enumerable: true,
          writable: true,
          configurable: true,
        })
      })
      yield row
    }
  }

  /**
   * Explain analyze: runs `apl` once (same options as a query) and returns the logical plan before
   * and after the optimizer, the physical operator tree, and the blocks and rows it read.
   */
  async explain(apl: string, opts: AplQueryOptions = {}): Promise<ExplainReport> {
    if (this.storage.refresh) await this.storage.refresh()
    await this.warmTails()
    const snap = this.storage.snapshot()
    try {
      return await explainAnalyze(snap, apl, {
        ...opts,
        now: this.storage.now(),
        readExternal: readerOf(opts),
      })
    } finally {
      snap.release()
    }
  }

  /**
   * Runs a legacy structured query (api-contract.md §2) over `dataset` on the APL executor and returns
   * Axiom's legacy result. `opts.startTime`/`endTime` replace the request's. A bad request throws a
   * LegacyError (stable `code`; `dataset_not_found` for an unknown dataset).
   */
  async queryLegacy(
    dataset: string,
    request: QueryRequest,
    opts: Omit<AplQueryOptions, 'limit'> = {},
  ): Promise<LegacyResult> {
    if (this.storage.refresh) await this.storage.refresh()
    await this.warmTails()
    const snap = this.storage.snapshot()
    try {
      return await runLegacy(snap, dataset, request, { ...opts, now: this.storage.now() })
    } finally {
      snap.release()
    }
  }

  /**
   * Block deletion: `commit: false` reports what would go and writes nothing; `commit: true` is
   * durable when it resolves and the blocks vanish from queries at once (files go in the background).
   */
  deleteBlocks(req: DeleteRequest, opts?: DeleteOptions): Promise<DeleteResult> {
    return this.#deleteBlocks(req, opts)
  }

  /** Committed block deletions and their states (queued, applying, deleted, failed). */
  deletions(): DeletionInfo[] {
    return this.storage.deletions()
  }
}

/** An `Apldb` over any backend (what the service, HTTP layer and CLI accept). */
export type AnyApldb = Apldb<StorageBackend>
