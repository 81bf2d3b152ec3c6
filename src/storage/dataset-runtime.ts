// storage/dataset-runtime.ts: the live, mutable side of one dataset: its WAL, its unsealed events
// and its sealed blocks. Appends become visible only after their WAL fsync; sealing turns the oldest
// `blockRows` unsealed events into a block (file durable → manifest edit durable → publish) and
// rolls the WAL. Seals of one dataset run one at a time.
import * as path from 'node:path'
import { BLOCK_TRAILER_BYTES } from './block/index.ts'
import { writeFileDurable } from './fs.ts'
import type { BlockMeta, DatasetMeta } from './manifest/edits.ts'
import type { EncodedSeal } from './seal/sealer.ts'
import type { BlockHandle, DatasetView } from './snapshot.ts'
import type { StoreContext } from './store-context.ts'
import type { FlatEvent } from './types.ts'
import type { Wal, WalChunk } from './wal/wal.ts'

/** A block whose encoding has started. */
interface PendingSeal {
  readonly firstSeq: number
  readonly n: number
  readonly blockId: string
  readonly encoding: Promise<EncodedSeal>
}

/** One dataset's live state (see module header). */
export class DatasetRuntime {
  meta: DatasetMeta
  blocks: readonly BlockHandle[]
  readonly wal: Wal
  /** Unsealed events, append-only; replaced (never truncated) at a seal so snapshots keep their prefix. */
  events: FlatEvent[] = []
  /** Sequence number of `events[0]`. */
  eventsFirstSeq: number
  /** Next sequence number to hand out. */
  nextSeq: number
  readonly #ctx: StoreContext
  #sealing: Promise<void> = Promise.resolve()
  #view: DatasetView | undefined
  readonly #early = new Map<number, { events: readonly FlatEvent[]; chunks: readonly WalChunk[] }>()
  /** WAL payloads of the unsealed events, in sequence order (the seal worker decodes these). */
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

  /** Add recovered or acknowledged events and their WAL chunks (sequence numbers must follow on). */
  appendVisible(firstSeq: number, events: readonly FlatEvent[], chunks: readonly WalChunk[]): void {
    // Group commit resolves waiters in sequence order; the stash only guards that invariant.
    if (firstSeq > this.eventsFirstSeq + this.events.length) {
      this.#early.set(firstSeq, { events, chunks })
      return
    }
    let seq = firstSeq
    let next: { events: readonly FlatEvent[]; chunks: readonly WalChunk[] } | undefined = { events, chunks }
    while (next) {
      const expected = this.eventsFirstSeq + this.events.length
      for (let i = Math.max(0, expected - seq); i < next.events.length; i++) this.events.push(next.events[i])
      for (const c of next.chunks) this.#chunks.push(c)
      seq = this.eventsFirstSeq + this.events.length
      next = this.#early.get(seq)
      this.#early.delete(seq)
    }
    this.#view = undefined
  }

  /** Durably log `events` and make them visible; resolves (to the WAL bytes) after the covering fsync. */
  async append(events: readonly FlatEvent[]): Promise<number> {
    const firstSeq = this.nextSeq
    this.nextSeq += events.length
    const chunks = await this.wal.append(firstSeq, events)
    let bytes = 0
    for (const c of chunks) bytes += c.payload.length
    if (this.deleted) return bytes
    this.appendVisible(firstSeq, events, chunks)
    this.#ctx.changed()
    // Seals run in the background (on the seal worker for full blocks) so ingest keeps the main
    // thread busy meanwhile; a call waits only when unsealed events pile up past two blocks.
    if (this.events.length >= this.#ctx.blockRows) {
      const sealing = this.seal(false).catch((e) => this.#ctx.sealFailed(this, e))
      if (this.events.length >= 2 * this.#ctx.blockRows) await sealing
    }
    return bytes
  }

  /** Seal full blocks (or, with `all`, every unsealed event); serialized per dataset. */
  seal(all: boolean): Promise<void> {
    const run = async () => {
      // Pipelined: while block k is written and committed (I/O on this thread), block k+1 is
      // already being encoded (on the seal worker). Commits stay in sequence order, which WAL
      // replay relies on (sealedThrough).
      const queue: PendingSeal[] = []
      let nextSeq = this.eventsFirstSeq
      const startNext = (): void => {
        if (this.deleted) return
        const offset = nextSeq - this.eventsFirstSeq
        const avail = this.events.length - offset
        const n = avail >= this.#ctx.blockRows ? this.#ctx.blockRows : all ? avail : 0
        if (n <= 0) return
        queue.push(this.#encode(nextSeq, offset, n))
        nextSeq += n
      }
      startNext()
      while (queue.length > 0) {
        if (queue.length < 2) startNext()
        const head = queue.shift() as PendingSeal
        await this.#persist(head, await head.encoding)
        if (queue.length === 0) startNext()
      }
    }
    const p = this.#sealing.then(run)
    this.#sealing = p.catch(() => {})
    return p
  }

  /** Starts encoding `n` unsealed events from `firstSeq` (`offset` into `events`). */
  #encode(firstSeq: number, offset: number, n: number): PendingSeal {
    const ctx = this.#ctx
    const end = firstSeq + n
    const payloads = this.#chunks
      .filter((c) => c.firstSeq < end && c.firstSeq + c.count > firstSeq)
      .map((c) => c.payload)
    const blockId = ctx.allocateBlockId()
    const encoding = ctx.sealer.seal({
      events: this.events.slice(offset, offset + n),
      payloads,
      fromSeq: firstSeq,
      meta: { blockId, dataset: this.meta.name, firstSeq },
    })
    // A failure surfaces when the seal loop awaits it; never as an unhandled rejection meanwhile.
    encoding.catch(() => {})
    return { firstSeq, n, blockId, encoding }
  }

  /** Writes an encoded block durably, commits it, publishes it and rolls the WAL. */
  async #persist(seal: PendingSeal, encoded: EncodedSeal): Promise<void> {
    const ctx = this.#ctx
    const { firstSeq, n, blockId } = seal
    const { bytes, header, zoneMap } = encoded
    await ctx.fs.mkdirp(this.blockDir)
    const meta: BlockMeta = { blockId, fileSize: bytes.length, firstSeq, header, zoneMap }
    const handle = this.handleFor(meta)
    await writeFileDurable(ctx.fs, handle.file, bytes, ctx.tmpDir, ctx.sync)
    await ctx.manifest.commit([{ kind: 'BlockAdded', datasetId: this.meta.id, block: meta }])
    // Publish: the block replaces exactly the events it holds; events appended meanwhile stay unsealed.
    const end = firstSeq + n
    this.blocks = [...this.blocks, handle]
    this.events = this.events.slice(n)
    this.eventsFirstSeq += n
    this.#chunks = this.#chunks.filter((c) => c.firstSeq + c.count > end)
    this.#view = undefined
    ctx.changed()
    await this.wal.roll(end - 1)
    await ctx.afterSeal(this)
  }

  /** Wait for running seals. */
  idle(): Promise<void> {
    return this.#sealing
  }

  /** Replace the block list (trim, delete) and publish. */
  setBlocks(blocks: readonly BlockHandle[]): void {
    this.blocks = blocks
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
        tail: { events: this.events, length: this.events.length, firstSeq: this.eventsFirstSeq },
      }
    }
    return this.#view
  }
}
