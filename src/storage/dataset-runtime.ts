// storage/dataset-runtime.ts: the live, mutable side of one dataset: its WAL, its unsealed events
// and its sealed blocks. Appends become visible only after their WAL fsync; sealing turns the oldest
// `blockRows` unsealed events into a block (file durable → manifest edit durable → publish) and
// rolls the WAL. Seals of one dataset run one at a time. Unsealed events are kept as their WAL
// records (columns); readers read them from those records too (storage/tail-chunks.ts).
import * as path from 'node:path'
import { StepClock, TURN_MS } from '../util/loop-turn.ts'
import { BLOCK_TRAILER_BYTES } from './block/index.ts'
import { writeFileDurable } from './fs.ts'
import type { PreparedEvents } from './ingest-call.ts'
import type { BlockMeta, DatasetMeta } from './manifest/edits.ts'
import type { BlockHandle, DatasetView } from './snapshot.ts'
import type { StoreContext } from './store-context.ts'
import { chunkOf, isDecoded, tailChunks, tailFieldTypes } from './tail-chunks.ts'
import type { Wal, WalChunk } from './wal/wal.ts'

/** An append waits for a seal to publish while this many blocks' worth of events are unsealed. */
export const MAX_UNSEALED_BLOCKS = 6

/** Blocks encoded and written ahead of their commit (see seal). */
export const SEAL_PIPELINE = 4

/** A block on its way: encoding, then its file written durably (not yet committed). */
interface PendingSeal {
  readonly firstSeq: number
  readonly n: number
  /** The block's manifest entry, once its file is durable. */
  readonly written: Promise<BlockMeta>
  /** `written` has resolved. */
  done: boolean
}

/** One dataset's live state (see module header). */
export class DatasetRuntime {
  meta: DatasetMeta
  blocks: readonly BlockHandle[]
  readonly wal: Wal
  /** Sequence number of the first unsealed event. */
  eventsFirstSeq: number
  /** Unsealed (acknowledged, visible) events. */
  unsealed = 0
  /** Next sequence number to hand out. */
  nextSeq: number
  readonly #ctx: StoreContext
  #sealing: Promise<void> = Promise.resolve()
  /** Seal runs queued or running (a run picks up events appended before it ends). */
  #sealRuns = 0
  /** The running seal's "start more blocks" (appends call it so the pipeline stays full). */
  #fill: (() => void) | undefined = undefined
  /** Appends waiting for a seal to publish (or for the run to end). */
  #waiters: (() => void)[] = []
  /** Callers of `seal(true)` waiting for the events before `target` to be sealed. */
  #sealWaiters: { target: number; resolve: () => void }[] = []
  #view: DatasetView | undefined
  /** Field names of the dataset (ingest/field-limits.ts), made on first use, then grown by ingest. */
  #fieldNames: Set<string> | undefined
  readonly #early = new Map<number, { count: number; chunks: readonly WalChunk[] }>()
  /**
   * WAL records of the unsealed events, in sequence order (seals and readers read these): appended
   * to, and replaced (never changed in place) at a seal, so views share it (storage/tail-chunks.ts).
   */
  #chunks: WalChunk[] = []
  deleted = false

  constructor(
    ctx: StoreContext,
    meta: DatasetMeta,
    blocks: readonly BlockHandle[],
    wal: Wal,
    nextSeq: number,
  ) {
    this.#ctx = ctx
    this.meta = meta
    this.blocks = blocks
    this.wal = wal
    this.eventsFirstSeq = nextSeq
    this.nextSeq = nextSeq
  }

  /** The dataset's field names (`_time`/`_sysTime` aside): its blocks' and unsealed events'; ingest adds to it. */
  fieldNames(): Set<string> {
    if (this.#fieldNames === undefined) {
      const names = new Set<string>()
      for (const b of this.blocks)
        for (const c of b.meta.header.columns)
          if (c.field !== '_time' && c.field !== '_sysTime') names.add(c.field)
      for (const k of tailFieldTypes(this.view().tail).keys()) names.add(k)
      this.#fieldNames = names
    }
    return this.#fieldNames
  }

  /** Forget the field names (a vacuum dropped some): they are made again on next use. */
  resetFieldNames(): void {
    this.#fieldNames = undefined
  }

  /** Directory of this dataset's block files. */
  get blockDir(): string {
    return path.join(this.#ctx.root, 'blocks', this.meta.id)
  }

  /** Handle for a block of this dataset. */
  handleFor(meta: BlockMeta): BlockHandle {
    return {
      datasetId: this.meta.id,
      meta,
      file: path.join(this.blockDir, `${meta.blockId}.blk`),
      bodyOffset: meta.fileSize - BLOCK_TRAILER_BYTES - meta.header.bodyLen,
    }
  }

  /** Add `count` recovered events from `firstSeq` and their WAL records (sequence numbers must follow on). */
  appendVisible(firstSeq: number, count: number, chunks: readonly WalChunk[]): void {
    this.#appendChunks(firstSeq, count, chunks)
  }

  /** Make `count` events from `firstSeq` visible, held by `chunks`. */
  #appendChunks(firstSeq: number, count: number, chunks: readonly WalChunk[]): void {
    // Group commit resolves waiters in sequence order; the stash only guards that invariant.
    if (firstSeq > this.eventsFirstSeq + this.unsealed) {
      this.#early.set(firstSeq, { count, chunks })
      return
    }
    let seq = firstSeq
    let next: { count: number; chunks: readonly WalChunk[] } | undefined = { count, chunks }
    while (next) {
      const end = this.eventsFirstSeq + this.unsealed
      const skip = Math.max(0, end - seq)
      if (next.count > skip) {
        this.unsealed += next.count - skip
        for (const c of next.chunks) if (c.firstSeq + c.count > end) this.#chunks.push(c)
      }
      seq = this.eventsFirstSeq + this.unsealed
      next = this.#early.get(seq)
      this.#early.delete(seq)
    }
    this.#view = undefined
  }

  /** Durably log `events` and make them visible; resolves (to the WAL bytes) after the covering fsync. */
  async append(events: PreparedEvents): Promise<number> {
    const firstSeq = this.nextSeq
    this.nextSeq += events.length
    const chunks = await this.wal.append(firstSeq, events.payloads, events.counts)
    let bytes = 0
    for (const c of chunks) bytes += c.payload.length
    if (this.deleted) return bytes
    this.#appendChunks(firstSeq, events.length, chunks)
    this.#ctx.changed()
    // Seals run in the background (on the seal worker for full blocks) so ingest keeps the main
    // thread busy meanwhile. A call waits (for one publish) only when unsealed events pile up,
    // which bounds memory and lets the seal worker catch up.
    const rows = this.#ctx.blockRows
    if (this.unsealed >= rows) {
      if (this.#sealRuns === 0) this.seal(false).catch((e) => this.#ctx.sealFailed(this, e))
      else this.#fill?.()
      if (this.unsealed >= MAX_UNSEALED_BLOCKS * rows) await new Promise<void>((r) => this.#waiters.push(r))
    }
    return bytes
  }

  /**
   * Seal full blocks (or, with `all`, every unsealed event); serialized per dataset. With `all`, the
   * promise resolves once the events appended before the call are sealed: under steady ingest the
   * run goes on with newer events, and a trim or delete waiting on it is not held by them.
   */
  seal(all: boolean): Promise<void> {
    const target = this.eventsFirstSeq + this.unsealed
    const run = this.#sealRun(all)
    if (!all) return run
    return Promise.race([run, this.#sealedThrough(target).then(() => this.wal.settled())])
  }

  /** Resolves once every event before sequence number `target` is sealed (published). */
  #sealedThrough(target: number): Promise<void> {
    if (this.eventsFirstSeq >= target) return Promise.resolve()
    return new Promise((resolve) => this.#sealWaiters.push({ target, resolve }))
  }

  #sealRun(all: boolean): Promise<void> {
    this.#sealRuns++
    const run = async () => {
      // Pipelined: up to SEAL_PIPELINE blocks are encoded (seal worker) and written (file durable)
      // ahead; commits stay in sequence order, which WAL replay relies on (sealedThrough), and
      // blocks already written when the head is committed share its manifest commit. Each step of
      // a block's I/O waits for a turn of this thread's event loop, which ingest keeps busy: only
      // blocks in flight side by side keep up.
      const queue: PendingSeal[] = []
      let nextSeq = this.eventsFirstSeq
      const fill = (): void => {
        while (queue.length < SEAL_PIPELINE && !this.deleted) {
          const avail = this.eventsFirstSeq + this.unsealed - nextSeq
          // A partial block (with `all`) only once nothing else is in flight: the last one.
          const rest = all && queue.length === 0 ? avail : 0
          const n = avail >= this.#ctx.blockRows ? this.#ctx.blockRows : rest
          if (n <= 0) return
          queue.push(this.#start(nextSeq, n))
          nextSeq += n
        }
      }
      try {
        this.#fill = fill
        fill()
        while (queue.length > 0) {
          await queue[0].written
          if (this.deleted) break
          // The head and every block after it already written go in one commit.
          let k = 1
          while (k < queue.length && queue[k].done) k++
          await this.#commit(queue.splice(0, k))
          fill()
        }
      } finally {
        // Written but never committed (a failure, or the dataset was deleted): orphans. Remove
        // them now; recovery would at the next open.
        for (const q of queue)
          q.written.then((m) => this.#ctx.fs.unlink(this.handleFor(m).file)).catch(() => {})
        // Synchronously after the last look for work: an append that comes later starts a new run.
        this.#fill = undefined
        this.#sealRuns--
        this.#wake()
      }
    }
    const p = this.#sealing.then(run)
    this.#sealing = p.catch(() => {})
    // Callers (flush, close) see the directory settled: the WAL's roll cleanup runs behind seals.
    return p.then(() => this.wal.settled())
  }

  /** Release appends waiting for a publish. */
  #wake(): void {
    const waiters = this.#waiters
    this.#waiters = []
    for (const w of waiters) w()
  }

  /** Starts encoding the `n` unsealed events from `firstSeq`, then writing the block file durably. */
  #start(firstSeq: number, n: number): PendingSeal {
    const ctx = this.#ctx
    const end = firstSeq + n
    const payloads = this.#chunks
      .filter((c) => c.firstSeq < end && c.firstSeq + c.count > firstSeq)
      .map((c) => c.payload)
    const blockId = ctx.allocateBlockId()
    const encoding = ctx.sealer.seal({
      payloads,
      fromSeq: firstSeq,
      count: n,
      meta: { blockId, dataset: this.meta.name, firstSeq },
    })
    const pending: PendingSeal = {
      firstSeq,
      n,
      done: false,
      written: encoding.then(async ({ bytes, header, zoneMap }) => {
        await ctx.fs.mkdirp(this.blockDir)
        const meta: BlockMeta = { blockId, fileSize: bytes.length, firstSeq, header, zoneMap }
        await writeFileDurable(ctx.fs, this.handleFor(meta).file, bytes, ctx.tmpDir, ctx.sync)
        pending.done = true
        return meta
      }),
    }
    // A failure surfaces when the seal loop awaits it; never as an unhandled rejection meanwhile.
    pending.written.catch(() => {})
    return pending
  }

  /** Commits written blocks (in sequence order) in one manifest edit, publishes them, rolls the WAL. */
  async #commit(group: readonly PendingSeal[]): Promise<void> {
    const ctx = this.#ctx
    const metas: BlockMeta[] = []
    for (const g of group) metas.push(await g.written)
    await ctx.manifest.commit(metas.map((block) => ({ kind: 'BlockAdded', datasetId: this.meta.id, block })))
    // Publish: the blocks replace exactly the events they hold; events appended meanwhile stay unsealed.
    let n = 0
    for (const g of group) n += g.n
    const end = this.eventsFirstSeq + n
    this.blocks = [...this.blocks, ...metas.map((m) => this.handleFor(m))]
    this.eventsFirstSeq = end
    this.unsealed -= n
    this.#chunks = this.#chunks.filter((c) => c.firstSeq + c.count > end)
    this.#view = undefined
    ctx.changed()
    this.#wake()
    this.#sealWaiters = this.#sealWaiters.filter((w) => {
      if (w.target > end) return true
      w.resolve()
      return false
    })
    await this.wal.roll(end - 1)
    await ctx.afterSeal(this)
  }

  /** Wait for running seals and the WAL work they left behind. */
  idle(): Promise<void> {
    return this.#sealing.then(() => this.wal.settled())
  }

  /** Replace the block list (trim, delete) and publish. */
  setBlocks(blocks: readonly BlockHandle[]): void {
    this.blocks = blocks
    this.#view = undefined
    this.#ctx.changed()
  }

  /** Publish the manifest's dataset state again (its retained fields changed: a vacuum). */
  republish(): void {
    this.#view = undefined
    this.#ctx.changed()
  }

  /** Update metadata and publish. */
  setMeta(meta: DatasetMeta): void {
    this.meta = meta
    this.#view = undefined
    this.#ctx.changed()
  }

  /** The immutable view of the current state (cached until something changes). */
  view(): DatasetView {
    if (!this.#view) {
      this.#view = {
        meta: this.meta,
        blocks: this.blocks,
        retained: this.#ctx.manifest.state.datasets.get(this.meta.id)?.retained ?? [],
        tail: { chunks: this.#chunks, length: this.unsealed, firstSeq: this.eventsFirstSeq },
      }
    }
    return this.#view
  }

  /**
   * Decodes the unsealed tail's WAL records not decoded yet, in pieces of at most TURN_MS with a turn
   * of the event loop between (a query's bind and scan read them next: storage/tail-chunks.ts).
   */
  async warmTail(): Promise<void> {
    const clock = new StepClock(TURN_MS, 1)
    for (const c of tailChunks(this.view().tail)) {
      if (isDecoded(c)) continue
      chunkOf(c)
      if (clock.due()) await clock.pause()
    }
    tailFieldTypes(this.view().tail)
  }
}
