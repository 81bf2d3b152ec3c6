// storage/deletion/worker.ts: the background deletion worker. It unlinks the files of committed
// block deletions once `deletionDelay` has passed and no open snapshot pins them, fsyncs the
// directory, then appends `DeleteApplied`. It never unlinks a pinned file and never appends
// `DeleteApplied` before the unlinks are durable (a crash in between replays the request; ENOENT
// then counts as done).
import * as path from 'node:path'
import { formatRfc3339Nano, parseRfc3339 } from '../../util/time/index.ts'
import { type Fs, isErrno } from '../fs.ts'
import type { PendingDeletion } from '../manifest/edits.ts'
import type { Manifest } from '../manifest/manifest.ts'
import { type DeletionInfo, type DeletionState, requestIdOf } from './types.ts'

/** What the worker needs from its store. */
export interface DeletionHost {
  readonly fs: Fs
  readonly root: string
  /** fsync on (durability 'fsync'). */
  readonly sync: boolean
  readonly manifest: Manifest
  /** Minimum time between a commit and the unlink of its files, ms (0 = as soon as unpinned). */
  readonly delayMs: number
  /** True while an open snapshot references `file`. */
  isPinned(file: string): boolean
  /** Drop a block's decoded columns from the cache. */
  evict(blockId: string): void
  /** Now, epoch ns (store clock). */
  now(): bigint
  /** False once the store failed or closed: the worker stops. */
  usable(): boolean
}

interface Entry {
  readonly req: PendingDeletion
  state: DeletionState
  attempts: number
  lastError?: string
  /** performance.now() when queued in this process, ms. */
  readonly queuedAt: number
  /** performance.now() before which the entry must not be applied (delay or backoff), ms. */
  notBefore: number
  appliedAt?: string
  latencyMs?: number
}

/** Finished deletions kept for `list()` (in memory only; a restart forgets them). */
const KEEP_FINISHED = 1000
/** Retry backoff after an I/O error: 100 ms doubling, at most 30 s. */
const BACKOFF_BASE_MS = 100
const BACKOFF_MAX_MS = 30_000

/** The path of a block file (same layout as DatasetRuntime.handleFor). */
export function blockFilePath(root: string, datasetId: string, blockId: string): string {
  return path.join(root, 'blocks', datasetId, `${blockId}.blk`)
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

/** The queue of committed deletions and the loop that applies them (see module header). */
export class DeletionWorker {
  readonly #host: DeletionHost
  /** Entries without `DeleteApplied`, by opstamp. */
  readonly #pending = new Map<number, Entry>()
  readonly #finished: Entry[] = []
  #pass: Promise<void> | undefined
  #again = false
  #waitingOnPins = false
  #timer: ReturnType<typeof setTimeout> | undefined
  #closed = false

  constructor(host: DeletionHost) {
    this.#host = host
  }

  /** Queue a committed (or replayed) request and wake the worker. Idempotent per opstamp. */
  enqueue(req: PendingDeletion): void {
    if (this.#closed || this.#pending.has(req.opstamp)) return
    const now = performance.now()
    // A request replayed after a restart has already waited part of its delay (by the store clock).
    const created = parseRfc3339(req.createdAt)
    const ageMs = created === null ? 0 : Number((this.#host.now() - created) / 1_000_000n)
    const delay = this.#host.delayMs
    const wait = Math.min(delay, Math.max(0, delay - ageMs))
    this.#pending.set(req.opstamp, {
      req,
      state: 'queued',
      attempts: 0,
      queuedAt: now,
      notBefore: now + wait,
    })
    this.kick()
  }

  /** A snapshot released its last pin on some file: retry entries that were waiting for that. */
  unpinned(): void {
    if (this.#waitingOnPins) this.kick()
  }

  /** Start a pass soon (after the current turn), or another one after the running pass. */
  kick(): void {
    if (this.#closed) return
    if (this.#pass) {
      this.#again = true
      return
    }
    this.#pass = new Promise<void>((r) => setImmediate(r))
      .then(() => this.#runPasses())
      .finally(() => {
        this.#pass = undefined
        if (this.#again) this.kick()
      })
  }

  /** Every known deletion (pending, then recently finished), ordered by opstamp. */
  list(): DeletionInfo[] {
    return [...this.#finished, ...this.#pending.values()]
      .sort((a, b) => a.req.opstamp - b.req.opstamp)
      .map((e) => ({
        requestId: requestIdOf(e.req.opstamp),
        opstamp: e.req.opstamp,
        dataset: e.req.dataset,
        blockIds: [...e.req.blockIds],
        rowsDeleted: e.req.rowsDeleted,
        state: e.state,
        createdAt: e.req.createdAt,
        ...(e.appliedAt !== undefined ? { appliedAt: e.appliedAt } : {}),
        ...(e.latencyMs !== undefined ? { latencyMs: e.latencyMs } : {}),
        attempts: e.attempts,
        ...(e.lastError !== undefined ? { lastError: e.lastError } : {}),
      }))
  }

  /** Resolves once no entry is ready to apply now (delayed, pinned and backing-off ones may remain). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.#pass) {
        await this.#pass
        continue
      }
      if (this.#closed || !this.#host.usable()) return
      const now = performance.now()
      const ready = [...this.#pending.values()].some((e) => e.notBefore <= now && !this.#pinned(e))
      if (!ready) return
      this.kick()
    }
  }

  /** Stop: wait for the running pass; whatever is still pending stays queued in the manifest. */
  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = undefined
    while (this.#pass) await this.#pass
  }

  async #runPasses(): Promise<void> {
    do {
      this.#again = false
      await this.#onePass()
    } while (this.#again && !this.#closed)
    this.#armTimer()
  }

  async #onePass(): Promise<void> {
    this.#waitingOnPins = false
    const now = performance.now()
    const order = [...this.#pending.values()].sort((a, b) => a.req.opstamp - b.req.opstamp)
    for (const e of order) {
      if (this.#closed || !this.#host.usable()) return
      if (e.notBefore > now) continue
      if (this.#pinned(e)) {
        this.#waitingOnPins = true
        continue
      }
      await this.#apply(e)
    }
  }

  #files(e: Entry): string[] {
    return e.req.blockIds.map((id) => blockFilePath(this.#host.root, e.req.datasetId, id))
  }

  #pinned(e: Entry): boolean {
    return this.#files(e).some((f) => this.#host.isPinned(f))
  }

  async #apply(e: Entry): Promise<void> {
    const { fs, manifest } = this.#host
    e.state = 'applying'
    try {
      for (const id of e.req.blockIds) {
        this.#host.evict(id)
        await fs.unlink(blockFilePath(this.#host.root, e.req.datasetId, id)).catch((err) => {
          if (!isErrno(err, 'ENOENT')) throw err
        })
      }
      if (this.#host.sync) {
        await fs.syncDir(path.join(this.#host.root, 'blocks', e.req.datasetId)).catch((err) => {
          if (!isErrno(err, 'ENOENT')) throw err
        })
      }
    } catch (err) {
      this.#failed(e, err)
      return
    }
    try {
      await manifest.commit([{ kind: 'DeleteApplied', opstamp: e.req.opstamp }])
    } catch (err) {
      // A manifest write failure stops the store; the request stays in the LOG and replays on open.
      this.#failed(e, err)
      return
    }
    e.state = 'deleted'
    e.appliedAt = formatRfc3339Nano(this.#host.now())
    e.latencyMs = performance.now() - e.queuedAt
    e.lastError = undefined
    this.#pending.delete(e.req.opstamp)
    this.#finished.push(e)
    if (this.#finished.length > KEEP_FINISHED) this.#finished.shift()
  }

  #failed(e: Entry, err: unknown): void {
    e.state = 'failed'
    e.attempts++
    e.lastError = message(err)
    e.notBefore = performance.now() + Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (e.attempts - 1))
  }

  /** Wake up when the earliest delayed or backing-off entry becomes ready. */
  #armTimer(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = undefined
    if (this.#closed) return
    const now = performance.now()
    let next = Number.POSITIVE_INFINITY
    for (const e of this.#pending.values()) if (e.notBefore > now) next = Math.min(next, e.notBefore)
    if (!Number.isFinite(next)) return
    this.#timer = setTimeout(() => this.kick(), Math.ceil(next - now) + 1)
    // A pending deletion must not keep the process alive; it resumes on the next open.
    this.#timer.unref?.()
  }
}
