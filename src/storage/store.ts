// storage/store.ts: the Store: opens (recovers) a directory or an in-memory store, owns the
// dataset runtimes, publishes versions, hands out snapshots, and runs ingest, seal, trim and
// dataset changes. Every change is durable before it is visible. A failed write stops the store.

import * as path from 'node:path'
import { nextTurn } from '../util/loop-turn.ts'
import { defaultPoolBytes, defaultQueryBytes, MemoryPool } from '../util/memory/index.ts'
import { runStepsPaused } from '../util/steps.ts'
import { formatRfc3339Nano } from '../util/time/index.ts'
import { onWorkerFault, type WorkerFault, workerFaults } from '../util/worker-faults.ts'
import type { BlockBatch } from './block/index.ts'
import { BlockPins } from './block-pins.ts'
import { BlockReader } from './block-reader.ts'
import { defaultCacheBytes } from './cache-budget.ts'
import { nsClock } from './clock.ts'
import type { DatasetRuntime } from './dataset-runtime.ts'
import { DatasetsApi } from './datasets-api.ts'
import { commitDeletion, type DeletionInfo, DeletionWorker, deletionOptions } from './deletion/index.ts'
import { DocStore } from './docs.ts'
import { StoreError } from './errors.ts'
import { declsOf } from './field-decls.ts'
import { nodeFs } from './fs.ts'
import { type IngestInput, type IngestOptions, type IngestStatus, prepareIngestSteps } from './ingest-call.ts'
import { acquireLock } from './lock.ts'
import type { PendingDeletion } from './manifest/edits.ts'
import { Manifest } from './manifest/manifest.ts'
import { createMemFs } from './mem-fs.ts'
import { checkBlockFiles, cleanTmp, emptyReport, type RecoveryReport, replayDatasets } from './recovery.ts'
import { Sealer } from './seal/sealer.ts'
import type { BlockSource } from './snapshot.ts'
import { type BlockHandle, type FieldInfo, Snapshot, type TailView, type Version } from './snapshot.ts'
import type { StoreContext } from './store-context.ts'
import { blockRowsOf, fieldLimitsOf, type StoreLogger, type StoreOptions } from './store-options.ts'
import { TailBatches } from './tail-batches.ts'

const DAY_NS = 86_400_000_000_000n

/** An open store (see module header). */
export class Store {
  readonly path: string | undefined
  readonly blockRows: number
  /** What opening found and did. */
  readonly recovery: RecoveryReport
  /** Dataset administration. */
  readonly datasets: DatasetsApi
  /** Small durable documents of the layers above (tokens, annotations). */
  readonly docs: DocStore
  /** Largest number of rows one block deletion may remove. */
  readonly maxDeleteRows: number
  /** @internal The block deletion queue and its background worker. */
  readonly deletion: DeletionWorker
  /** The process-wide memory budget of queries and the decoded-column cache. */
  readonly memory: MemoryPool
  /** Most field names per dataset and per event (ingest/field-limits.ts). */
  readonly fieldLimits: { readonly maxFields: number; readonly maxEventFields: number }
  readonly #now: () => bigint
  readonly #ctx: StoreContext
  readonly #reader: BlockReader
  readonly #byName = new Map<string, DatasetRuntime>()
  readonly #pins: BlockPins
  readonly #inflight = new Set<Promise<unknown>>()
  readonly #tails = new TailBatches()
  /** The ingest call of each dataset being prepared (the next one waits for it). */
  readonly #preparing = new WeakMap<DatasetRuntime, Promise<unknown>>()
  readonly #releaseLock: () => Promise<void>
  readonly #sealErrors: string[] = []
  readonly #stopLogging: () => void
  #version: Version | undefined
  #versionId = 0
  #failed: Error | undefined
  #closed = false

  private constructor(args: {
    path: string | undefined
    ctx: StoreContext
    now: () => bigint
    reader: BlockReader
    recovery: RecoveryReport
    releaseLock: () => Promise<void>
    deletionDelay: number
    maxDeleteRows: number
    memory: MemoryPool
    fieldLimits: { readonly maxFields: number; readonly maxEventFields: number }
    logger: StoreLogger
  }) {
    this.memory = args.memory
    this.fieldLimits = args.fieldLimits
    this.path = args.path
    this.blockRows = args.ctx.blockRows
    this.#ctx = args.ctx
    this.#now = args.now
    this.#reader = args.reader
    this.recovery = args.recovery
    this.#releaseLock = args.releaseLock
    this.datasets = new DatasetsApi(this)
    this.docs = new DocStore(args.ctx.fs, args.ctx.root, args.ctx.tmpDir, args.ctx.sync)
    this.maxDeleteRows = args.maxDeleteRows
    const logger = args.logger
    this.#stopLogging = onWorkerFault((f) => logger.warn(`apldb: ${f.message}`))
    const { fs, root, sync, manifest } = args.ctx
    this.#pins = new BlockPins(
      (file) => fs.unlink(file).catch(() => {}),
      () => this.deletion.unpinned(),
    )
    this.deletion = new DeletionWorker({
      fs,
      root,
      sync,
      manifest,
      delayMs: args.deletionDelay,
      isPinned: (file) => this.#pins.isPinned(file),
      evict: (blockId) => this.#reader.evict(blockId),
      now: this.#now,
      usable: () => !this.#failed && !this.#closed,
    })
  }

  /** Open (recovering if needed) or create a store. */
  static async open(opts: StoreOptions = {}): Promise<Store> {
    const t0 = performance.now()
    const blockRows = blockRowsOf(opts)
    const { deletionDelay, maxDeleteRows } = deletionOptions(opts)
    const inMemory = opts.path === undefined
    const fs = opts.fs ?? (inMemory ? createMemFs() : nodeFs)
    const root = inMemory
      ? path.resolve(`/apldb-memory-${process.pid}-${memCounter++}`)
      : path.resolve(opts.path as string)
    const sync = !inMemory && opts.durability !== 'none'
    await fs.mkdirp(root)
    const releaseLock = inMemory ? async () => {} : await acquireLock(fs, root)
    try {
      const report = emptyReport()
      const tmpDir = path.join(root, 'tmp')
      for (const d of ['tmp', 'blocks', 'wal', 'manifest']) await fs.mkdirp(path.join(root, d))
      await cleanTmp(fs, tmpDir, report)
      let store: Store | undefined
      const onFail = (e: Error) => store?.fail(e)
      const { manifest, recovery } = await Manifest.open(fs, path.join(root, 'manifest'), tmpDir, {
        sync,
        onFail,
      })
      report.manifest = recovery
      const bad = await checkBlockFiles(fs, root, manifest.state, report)
      const memory = memoryPool(opts)
      const reader = new BlockReader(
        fs,
        opts.cacheBytes ?? defaultCacheBytes(),
        (b, reason) => store?.quarantine(b, reason),
        memory,
      )
      for (const [id, reason] of bad) reader.markBad(id, reason)
      const ctx: StoreContext = {
        fs,
        root,
        tmpDir,
        sync,
        blockRows,
        manifest,
        sealer: new Sealer(opts.sealWorker ?? true),
        sealFailed: (ds, e) => store?.sealFailed(ds, e),
        allocateBlockId: () => `b${manifest.state.nextBlockNum++}`,
        changed: () => store?.changed(),
        afterSeal: (ds) => store?.applyRetention(ds) ?? Promise.resolve(),
      }
      store = new Store({
        path: inMemory ? undefined : root,
        ctx,
        now: nsClock(opts.clock),
        reader,
        recovery: report,
        releaseLock,
        deletionDelay,
        maxDeleteRows,
        memory,
        fieldLimits: fieldLimitsOf(opts),
        logger: opts.logger ?? console,
      })
      for (const rt of await replayDatasets(ctx, report, onFail)) store.#byName.set(rt.meta.name, rt)
      for (const rt of store.#byName.values()) await store.applyRetention(rt)
      // Committed deletions without DeleteApplied go back in the queue (their files may be gone already).
      for (const req of manifest.state.pendingDeletions.values()) store.deletion.enqueue(req)
      report.ms = performance.now() - t0
      return store
    } catch (e) {
      await releaseLock()
      throw e
    }
  }

  // ---- internal hooks (used by runtimes and the datasets API) ----

  /** @internal Mark the store failed (fail-stop after a write or fsync error). */
  fail(e: Error): void {
    this.#failed ??= e
  }

  /** @internal Something visible changed. */
  changed(): void {
    this.#version = undefined
  }

  /** @internal Throw unless the store can serve requests. */
  assertUsable(): void {
    if (this.#closed) throw new StoreError('store_closed', 'the store is closed')
    if (this.#failed) {
      const why = `the store stopped after a failed write (${this.#failed.message}); reopen it`
      throw new StoreError('store_failed', why, { cause: this.#failed })
    }
  }

  /** @internal Track an operation so close() waits for it. */
  track<T>(p: Promise<T>): Promise<T> {
    this.#inflight.add(p)
    const done = () => this.#inflight.delete(p)
    p.then(done, done)
    return p
  }

  /** @internal The runtime of a dataset name, or a `dataset_not_found` error. */
  runtime(name: string): DatasetRuntime {
    const rt = this.#byName.get(name)
    if (!rt) throw new StoreError('dataset_not_found', `dataset ${JSON.stringify(name)} not found`)
    return rt
  }

  /** @internal All runtimes. */
  runtimes(): DatasetRuntime[] {
    return [...this.#byName.values()]
  }

  /** @internal Register or drop a runtime. */
  setRuntime(name: string, rt: DatasetRuntime | undefined): void {
    if (rt) this.#byName.set(name, rt)
    else this.#byName.delete(name)
    this.changed()
  }

  /** @internal The store context (for runtimes created by the datasets API). */
  get context(): StoreContext {
    return this.#ctx
  }

  /** @internal Remove blocks from a dataset durably; their files go once no snapshot pins them. */
  async removeBlocks(
    rt: DatasetRuntime,
    ids: readonly string[],
    reason: 'trim' | 'retention' | 'delete',
  ): Promise<number> {
    if (ids.length === 0) return 0
    const gone = new Set(ids)
    await this.#ctx.manifest.commit([
      { kind: 'BlocksRemoved', datasetId: rt.meta.id, blockIds: [...gone], reason },
    ])
    const removed = rt.blocks.filter((b) => gone.has(b.meta.blockId))
    rt.setBlocks(rt.blocks.filter((b) => !gone.has(b.meta.blockId)))
    for (const b of removed) await this.doom(b)
    return removed.reduce((n, b) => n + b.meta.header.rowCount, 0)
  }

  /** @internal Durably delete blocks of `rt` (hidden at once) and queue their files for the worker. */
  requestDeletion(rt: DatasetRuntime, blockIds: readonly string[]): Promise<PendingDeletion | undefined> {
    return this.track(
      (async () => {
        this.assertUsable()
        const req = await commitDeletion(this.#ctx.manifest, rt, blockIds, formatRfc3339Nano(this.#now()))
        if (req) this.deletion.enqueue(req)
        return req
      })(),
    )
  }

  /** @internal Reads for snapshots built by hand over the blocks of a pinned one (release is a no-op). */
  blockSource(): BlockSource {
    return {
      loadColumns: (block, fields) => this.#reader.loadColumns(block, fields),
      tailBatch: (tail) => this.#tailBatch(tail),
      release: () => {},
      memory: this.memory,
    }
  }

  /** @internal Unlink a block's file now, or when the last snapshot pinning it is released. */
  async doom(b: BlockHandle): Promise<void> {
    this.#reader.evict(b.meta.blockId)
    await this.#pins.doom(b.file)
  }

  /** @internal Apply a dataset's retention period (block-granular). */
  async applyRetention(rt: DatasetRuntime): Promise<void> {
    if (!rt.meta.useRetentionPeriod || rt.meta.retentionDays <= 0 || rt.deleted) return
    const cutoff = this.#now() - BigInt(rt.meta.retentionDays) * DAY_NS
    const old = rt.blocks.filter((b) => BigInt(b.meta.zoneMap.maxTime) < cutoff).map((b) => b.meta.blockId)
    await this.removeBlocks(rt, old, 'retention')
  }

  /** @internal A background seal failed: keep the events unsealed (they are durable) and report it. */
  sealFailed(rt: DatasetRuntime, e: unknown): void {
    this.#sealErrors.push(`dataset ${rt.meta.name}: ${e instanceof Error ? e.message : String(e)}`)
  }

  /** @internal A block failed verification while being read. */
  quarantine(b: BlockHandle, reason: string): void {
    this.recovery.quarantined.push({ dataset: b.meta.header.dataset, blockId: b.meta.blockId, reason })
    const dest = path.join(this.#ctx.root, 'quarantine', `${b.datasetId}-${b.meta.blockId}.blk`)
    void this.#ctx.fs
      .mkdirp(path.dirname(dest))
      .then(() => this.#ctx.fs.rename(b.file, dest))
      .catch(() => {})
  }

  // ---- public API ----

  /** Now, in epoch ns, from the store's clock. */
  now(): bigint {
    return this.#now()
  }

  /**
   * Ingest events into a dataset. Resolves once every accepted event is in the WAL and fsynced;
   * accepted events are visible to snapshots taken after that. Bad events fail alone.
   */
  ingest(dataset: string, input: IngestInput, opts: IngestOptions = {}): Promise<IngestStatus> {
    return this.track(this.#ingest(dataset, input, opts))
  }

  async #ingest(dataset: string, input: IngestInput, opts: IngestOptions): Promise<IngestStatus> {
    this.assertUsable()
    const rt = this.runtime(dataset)
    // Prepared in steps with turns of the event loop between, the first one too (a call starts in
    // the loop's I/O phase, once its body was read); one call per dataset at a time (the field
    // limits admit names as a call goes).
    const before = this.#preparing.get(rt)
    const prepared = (async () => {
      if (before) await before.catch(() => {})
      await nextTurn()
      return runStepsPaused(
        prepareIngestSteps(input, opts, this.#now(), declsOf(rt.meta), {
          known: rt.fieldNames(),
          maxDatasetFields: this.fieldLimits.maxFields,
          maxEventFields: this.fieldLimits.maxEventFields,
          dataset,
        }),
      )
    })()
    this.#preparing.set(rt, prepared)
    let result: Awaited<typeof prepared>
    try {
      result = await prepared
    } finally {
      if (this.#preparing.get(rt) === prepared) this.#preparing.delete(rt)
    }
    const { events, status } = result
    if (events.length === 0) return status
    const walBytes = await rt.append(events)
    if (typeof input !== 'string' && !(input instanceof Uint8Array)) status.processedBytes += walBytes
    return status
  }

  /** Seal every unsealed event of one dataset (or all) into blocks. */
  flush(dataset?: string): Promise<void> {
    return this.track(
      (async () => {
        this.assertUsable()
        const rts = dataset === undefined ? this.runtimes() : [this.runtime(dataset)]
        for (const rt of rts) await rt.seal(true)
      })(),
    )
  }

  /** Wait until background seals (started when a dataset reaches `blockRows`) have finished. */
  async settle(): Promise<void> {
    for (const rt of this.runtimes()) await rt.idle()
  }

  /**
   * Before `snapshot()`: decodes the unsealed events' WAL records a query would decode in one piece, in steps with turns
   * of the event loop between (a query calls it first; correctness never depends on it).
   */
  async warmTails(): Promise<void> {
    for (const rt of this.runtimes()) await rt.warmTail()
  }

  /** Pin the current version: a consistent, immutable view for one query. Release it after. */
  snapshot(): Snapshot {
    this.assertUsable()
    if (!this.#version) {
      const datasets = new Map<string, ReturnType<DatasetRuntime['view']>>()
      for (const [name, rt] of this.#byName) datasets.set(name, rt.view())
      this.#version = { id: ++this.#versionId, datasets }
    }
    const version = this.#version
    this.#pins.pin(version)
    return new Snapshot(version, {
      loadColumns: (block, fields) => this.#reader.loadColumns(block, fields),
      tailBatch: (tail) => this.#tailBatch(tail),
      release: (v) => this.#pins.unpin(v),
      memory: this.memory,
    })
  }

  #tailBatch(tail: TailView): Promise<BlockBatch> {
    return this.#tails.get(tail)
  }

  /** Committed block deletions: pending ones, then recently finished ones (this process only). */
  deletions(): DeletionInfo[] {
    return this.deletion.list()
  }

  /** Fields (with every storage type) of a dataset, as of now. */
  fields(dataset: string): FieldInfo[] {
    this.runtime(dataset)
    const snap = this.snapshot()
    try {
      return snap.schema(dataset)
    } finally {
      snap.release()
    }
  }

  /**
   * Health: failure state, quarantined blocks, cache use, and worker threads of this process that
   * failed (the work they would do runs on the main thread instead).
   */
  health(): {
    ok: boolean
    failed?: string
    sealErrors: string[]
    quarantined: RecoveryReport['quarantined']
    cacheBytes: number
    workerFaults: WorkerFault[]
    /** Blocks this store sealed since it opened (count), and those of them sealed on the seal worker thread. */
    sealed: { blocks: number; onWorker: number }
  } {
    const seal = this.#ctx.sealer.stats
    return {
      sealed: { blocks: seal.blocks, onWorker: seal.workerBlocks },
      ok: !this.#failed && !this.#closed,
      sealErrors: [...this.#sealErrors],
      workerFaults: workerFaults(),
      ...(this.#failed ? { failed: this.#failed.message } : {}),
      quarantined: [...this.recovery.quarantined],
      cacheBytes: this.#reader.cachedBytes,
    }
  }

  /** Seal unsealed events, wait for in-flight work, and release the directory. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#stopLogging()
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight])
    // Pending deletions stay queued in the manifest; the next open resumes them.
    await this.deletion.close()
    try {
      if (!this.#failed) for (const rt of this.runtimes()) await rt.seal(true)
    } finally {
      this.#closed = true
      for (const rt of this.runtimes()) await rt.wal.close().catch(() => {})
      await this.#ctx.manifest.close().catch(() => {})
      await this.#ctx.sealer.close()
      await this.#releaseLock()
    }
  }
}
let memCounter = 0

/** The memory pool of `openStore` options (validated: positive whole bytes). */
function memoryPool(opts: StoreOptions): MemoryPool {
  const positive = (v: number | undefined, name: string) => {
    if (v !== undefined && (!Number.isSafeInteger(v) || v < 1))
      throw new StoreError('invalid_argument', `${name} must be a positive whole number of bytes, got ${v}`)
    return v
  }
  const limit = positive(opts.memoryBytes, 'memoryBytes') ?? defaultPoolBytes()
  const perQuery = positive(opts.queryMemoryBytes, 'queryMemoryBytes') ?? defaultQueryBytes(limit)
  return new MemoryPool(limit, perQuery)
}
