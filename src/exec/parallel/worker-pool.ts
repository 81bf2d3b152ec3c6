// exec/parallel/worker-pool.ts: a fixed set of query worker threads, started lazily, ref'd only while
// busy (never keeps the process alive); a dead worker is replaced on next use, one ignoring a cancel
// is terminated after a grace period, and repeated start failures disable the pool (the first is
// recorded for the stores' logger and health(): util/worker-faults.ts).

import { Worker } from 'node:worker_threads'
import { workerEntry } from '../../util/worker-entry.ts'
import { reportWorkerFault } from '../../util/worker-faults.ts'
import type { UnitOutputWire } from './partial-wire.ts'
import type { ErrorInfo, FromWorker, UnitTask, WorkerConfig } from './protocol.ts'
import { WarmBlocks } from './warm-blocks.ts'

/** A cancelled unit still running after this long gets its worker terminated, ms. */
export const CANCEL_GRACE_MS = 2000
/** Start failures in a row after which the pool gives up. */
const MAX_START_FAILURES = 3

/** A unit failed on the worker (or the worker was lost); `info` says how. */
export class UnitFailed extends Error {
  override readonly name = 'UnitFailed'
  readonly info: ErrorInfo

  constructor(info: ErrorInfo) {
    super(info.message)
    this.info = info
  }
}

interface Pending {
  readonly resolve: (out: UnitOutputWire) => void
  readonly reject: (e: Error) => void
}

/** One worker slot. */
class Slot {
  worker: Worker | undefined
  ready = false
  readyWaiters: { resolve: () => void; reject: (e: Error) => void }[] = []
  readonly pending = new Map<number, Pending>()
}

/** Keeps the process alive exactly while someone waits on the slot's worker. */
function holdWhileBusy(slot: Slot): void {
  if (slot.pending.size > 0 || slot.readyWaiters.length > 0) slot.worker?.ref()
  else slot.worker?.unref()
}

/** The pool (see module header). */
export class WorkerPool {
  /** Worker threads. */
  readonly size: number
  /** Which worker ran which blocks (work stealing keeps warm units home; see warm-blocks.ts). */
  readonly warmBlocks = new WarmBlocks()
  readonly #config: WorkerConfig
  readonly #slots: Slot[]
  #nextId = 1
  #started = 0
  #startFailures = 0
  #closed = false
  /** Set while close() terminates the workers: their exits are no start failures. */
  #stopping = false

  /** `size` workers, each with a decoded-column cache of `cacheBytes`. */
  constructor(size: number, cacheBytes: number) {
    this.size = size
    this.#config = { cacheBytes }
    this.#slots = Array.from({ length: size }, () => new Slot())
  }

  /** False once workers failed to start repeatedly or the pool was closed. */
  get usable(): boolean {
    return !this.#closed && this.#startFailures < MAX_START_FAILURES
  }

  /** Workers started so far (a replaced worker counts again). */
  get started(): number {
    return this.#started
  }

  #terminatedOnCancel = 0
  #stoppedUnits = 0

  /** Units that ended early, stopped by a cancel, a deadline or an abort (worker answer `aborted` / `deadline_exceeded`). */
  get stoppedUnits(): number {
    return this.#stoppedUnits
  }

  /** Workers terminated because a cancelled unit was still running CANCEL_GRACE_MS later. */
  get terminatedOnCancel(): number {
    return this.#terminatedOnCancel
  }

  /** Units sent and not answered yet. */
  get inFlight(): number {
    return this.#slots.reduce((n, s) => n + s.pending.size, 0)
  }

  /** True when worker `i` has started and can take units now. */
  isReady(i: number): boolean {
    return this.#slots[i].ready
  }

  /** Resolves when worker `i` can take units (starting it if needed); rejects if it cannot start. */
  ready(i: number): Promise<void> {
    const slot = this.#slots[i]
    if (!this.usable) return Promise.reject(new Error('the query worker pool is not usable'))
    this.#ensure(i)
    if (slot.ready) return Promise.resolve()
    return new Promise((resolve, reject) => {
      slot.readyWaiters.push({ resolve, reject })
      holdWhileBusy(slot)
    })
  }

  /** Starts every worker now (they load the executor in the background). */
  warm(): void {
    if (!this.usable) return
    for (let i = 0; i < this.size; i++) this.#ensure(i)
  }

  /** Sends `task` to worker `i`; returns its id (for `cancel`) and the output. */
  run(i: number, task: Omit<UnitTask, 'type' | 'id'>): { id: number; output: Promise<UnitOutputWire> } {
    const slot = this.#slots[i]
    const w = this.#ensure(i)
    const id = this.#nextId++
    const output = new Promise<UnitOutputWire>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject })
    })
    holdWhileBusy(slot)
    w.postMessage({ type: 'unit', id, ...task } satisfies UnitTask)
    return { id, output }
  }

  /** Asks worker `i` to stop unit `id`; terminates the worker if it is still busy with it later. */
  cancel(i: number, id: number): void {
    const slot = this.#slots[i]
    const w = slot.worker
    if (!w || !slot.pending.has(id)) return
    w.postMessage({ type: 'cancel', id })
    const t = setTimeout(() => {
      if (slot.worker === w && slot.pending.has(id)) {
        this.#terminatedOnCancel++
        void w.terminate()
      }
    }, CANCEL_GRACE_MS)
    t.unref()
  }

  /** Stops every worker; later use starts them again unless `final`. */
  async close(final = false): Promise<void> {
    if (final) this.#closed = true
    this.#stopping = true
    try {
      await Promise.all(
        this.#slots.map(async (s) => {
          const w = s.worker
          if (w) await w.terminate()
        }),
      )
    } finally {
      this.#stopping = false
    }
  }

  #ensure(i: number): Worker {
    const slot = this.#slots[i]
    if (slot.worker) return slot.worker
    const entry = workerEntry(new URL('./worker-entry.js', import.meta.url), import.meta.url)
    const w = new Worker(entry, { workerData: this.#config })
    w.unref()
    this.#started++
    slot.worker = w
    slot.ready = false
    w.on('message', (m: FromWorker) => this.#onMessage(slot, m))
    const lost = (why: string) => {
      if (slot.worker !== w) return
      slot.worker = undefined
      if (!slot.ready && !this.#stopping) {
        this.#startFailures++
        reportWorkerFault(
          'query',
          `a query worker thread could not start (${why}); queries run on the main thread`,
        )
      }
      slot.ready = false
      const e = new UnitFailed({ name: 'WorkerLost', message: why })
      for (const p of slot.pending.values()) p.reject(e)
      slot.pending.clear()
      for (const r of slot.readyWaiters) r.reject(e)
      slot.readyWaiters = []
    }
    w.on('error', (e) => lost(`query worker failed: ${e.message}`))
    w.on('exit', (code) => lost(`query worker exited with code ${code}`))
    return w
  }

  #onMessage(slot: Slot, m: FromWorker): void {
    if (m.type === 'ready') {
      slot.ready = true
      this.#startFailures = 0
      for (const r of slot.readyWaiters) r.resolve()
      slot.readyWaiters = []
      holdWhileBusy(slot)
      return
    }
    const p = slot.pending.get(m.id)
    if (!p) return
    slot.pending.delete(m.id)
    holdWhileBusy(slot)
    if (m.type === 'done') p.resolve(m.output)
    else {
      if (m.error.code === 'aborted' || m.error.code === 'deadline_exceeded') this.#stoppedUnits++
      p.reject(new UnitFailed(m.error))
    }
  }
}
