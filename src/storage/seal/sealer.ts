// storage/seal/sealer.ts: builds and encodes blocks, on a worker thread for full-size blocks (so
// the main thread keeps ingesting on the other core) and in-process for small ones, where a
// round trip costs more than it saves. One worker serves every store of the process (starting
// one costs ~0.4 s of CPU): it starts on first use, keeps the process alive only while it has
// work, and is replaced if it dies; a store whose seal failed there falls back to in-process, and
// the failure is recorded once (util/worker-faults.ts) for the stores' logger and health().
import { Worker } from 'node:worker_threads'
import { workerEntry } from '../../util/worker-entry.ts'
import { reportWorkerFault } from '../../util/worker-faults.ts'
import type { BlockHeader, ZoneMap } from '../block/index.ts'
import type { SealRequest, SealResponse } from './protocol.ts'
import { type SealCpu, sealPayloads } from './seal-block.ts'

/** Blocks below this many rows are sealed in-process, unless their WAL records pass WORKER_MIN_BYTES. */
export const WORKER_MIN_ROWS = 4096

/**
 * WAL bytes from which a block goes to the worker whatever its row count: a few rows over a
 * thousand fields took 245 ms to encode on the event loop.
 */
export const WORKER_MIN_BYTES = 256 * 1024

/** An encoded block ready to be written. */
export interface EncodedSeal {
  readonly bytes: Uint8Array
  readonly header: BlockHeader
  readonly zoneMap: ZoneMap
}

/** What a seal needs: the WAL payloads (in sequence order) holding events [fromSeq, fromSeq + count). */
export interface SealInput {
  readonly payloads: readonly Uint8Array[]
  readonly fromSeq: number
  readonly count: number
  readonly meta: { blockId: string; dataset: string; firstSeq: number }
}

/** What the sealer has done so far (benchmarks read it). */
export interface SealStats {
  blocks: number
  rows: number
  /** Blocks sealed on the worker thread (the rest in-process). */
  workerBlocks: number
  /** Thread CPU time, µs: decoding and assembling columns, then encoding (see SealCpu). */
  buildUs: number
  encodeUs: number
  /** The seal worker thread's CPU time for these blocks, µs (its GC and messaging included). */
  workerThreadUs: number
}

/** The process's seal worker thread, shared by every Sealer (see module header). */
class SealThread {
  #worker: Worker | undefined
  #nextId = 1
  readonly #pending = new Map<number, { resolve: (r: SealResponse) => void; reject: (e: Error) => void }>()

  /** Posts a request; resolves to the worker's answer, rejects if the worker dies first. */
  request(req: Omit<SealRequest, 'id'>, transfer: ArrayBuffer[]): Promise<SealResponse> {
    const worker = this.#ensure()
    const id = this.#nextId++
    return new Promise<SealResponse>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      worker.ref()
      worker.postMessage({ ...req, id }, transfer)
    })
  }

  #ensure(): Worker {
    if (this.#worker) return this.#worker
    const w = new Worker(workerEntry(new URL('./seal-worker.js', import.meta.url), import.meta.url))
    w.unref()
    w.on('message', (res: SealResponse) => {
      const p = this.#pending.get(res.id)
      if (!p) return
      this.#pending.delete(res.id)
      if (this.#pending.size === 0) w.unref()
      p.resolve(res)
    })
    const fail = (e: unknown) => {
      if (this.#worker === w) this.#worker = undefined
      const why = e instanceof Error ? e.message : String(e)
      reportWorkerFault(
        'seal',
        `the seal worker thread failed (${why}); blocks are sealed on the main thread`,
      )
      for (const p of this.#pending.values()) p.reject(e instanceof Error ? e : new Error(String(e)))
      this.#pending.clear()
    }
    w.on('error', fail)
    w.on('exit', (code) => fail(new Error(`seal worker exited with code ${code}`)))
    this.#worker = w
    return w
  }
}

let thread: SealThread | undefined

/** The block encoder (see module header). */
export class Sealer {
  /** Running totals (see SealStats). */
  readonly stats: SealStats = {
    blocks: 0,
    rows: 0,
    workerBlocks: 0,
    buildUs: 0,
    encodeUs: 0,
    workerThreadUs: 0,
  }
  #broken = false
  readonly #useWorker: boolean

  constructor(useWorker: boolean) {
    this.#useWorker = useWorker
  }

  /** Encode one block. */
  seal(input: SealInput): Promise<EncodedSeal> {
    const inProcess = () => {
      const sealed = sealPayloads(input.payloads, input.fromSeq, input.count, input.meta)
      this.#count(input.count, sealed.cpu, undefined)
      return sealed
    }
    const small =
      input.count < WORKER_MIN_ROWS && input.payloads.reduce((n, p) => n + p.byteLength, 0) < WORKER_MIN_BYTES
    if (!this.#useWorker || this.#broken || small) {
      try {
        return Promise.resolve(inProcess())
      } catch (e) {
        return Promise.reject(e)
      }
    }
    // Records in shared memory go as they are (read-only from now on); others are copied into
    // fresh buffers and transferred, since the WAL bookkeeping keeps its own until the seal publishes.
    const transfer: ArrayBuffer[] = []
    const payloads = input.payloads.map((p) => {
      if (p.buffer instanceof SharedArrayBuffer) return p
      const copy = new Uint8Array(p)
      transfer.push(copy.buffer)
      return copy
    })
    thread ??= new SealThread()
    const req = { payloads, fromSeq: input.fromSeq, count: input.count, meta: input.meta }
    return thread
      .request(req, transfer)
      .then(
        (res) => {
          if (!res.ok) throw new Error(res.error)
          this.#count(res.header.rowCount, res.cpu, res.threadUs)
          return { bytes: res.bytes, header: res.header, zoneMap: res.zoneMap }
        },
        (e) => {
          // The worker died: this store seals in-process from now on.
          this.#broken = true
          throw e
        },
      )
      .catch(inProcess)
  }

  /** Adds a sealed block to the stats; `threadUs` is the worker's CPU time (undefined: in-process). */
  #count(rows: number, cpu: SealCpu, threadUs: number | undefined): void {
    const s = this.stats
    s.blocks++
    s.rows += rows
    if (threadUs !== undefined) {
      s.workerBlocks++
      s.workerThreadUs += threadUs
    }
    s.buildUs += cpu.buildUs
    s.encodeUs += cpu.encodeUs
  }

  /** Stop using the worker (it is shared with other stores, and idles without holding the process). */
  async close(): Promise<void> {}
}
