// storage/seal/sealer.ts: builds and encodes blocks, on a worker thread for full-size blocks (so
// the main thread keeps ingesting on the other core) and in-process for small ones, where a
// round trip costs more than it saves. The worker is started lazily and never keeps the process
// alive; if it dies, sealing falls back to in-process.
import { Worker } from 'node:worker_threads'
import { type BlockHeader, buildBatch, encodeBlock, type ZoneMap } from '../block/index.ts'
import type { FlatEvent } from '../types.ts'
import type { SealRequest, SealResponse } from './protocol.ts'

/** Blocks below this many rows are sealed in-process. */
export const WORKER_MIN_ROWS = 4096

/** An encoded block ready to be written. */
export interface EncodedSeal {
  readonly bytes: Uint8Array
  readonly header: BlockHeader
  readonly zoneMap: ZoneMap
}

/** What a seal needs: the events (for in-process) and the WAL payloads that hold them (for the worker). */
export interface SealInput {
  readonly events: readonly FlatEvent[]
  readonly payloads: readonly Uint8Array[]
  readonly fromSeq: number
  readonly meta: { blockId: string; dataset: string; firstSeq: number }
}

/** The block encoder (see module header). */
export class Sealer {
  #worker: Worker | undefined
  #broken = false
  #nextId = 1
  readonly #pending = new Map<number, { resolve: (r: EncodedSeal) => void; reject: (e: Error) => void }>()
  readonly #useWorker: boolean

  constructor(useWorker: boolean) {
    this.#useWorker = useWorker
  }

  /** Encode one block. */
  seal(input: SealInput): Promise<EncodedSeal> {
    if (
      !this.#useWorker ||
      this.#broken ||
      input.events.length < WORKER_MIN_ROWS ||
      input.payloads.length === 0
    ) {
      return Promise.resolve(encodeBlock(buildBatch(input.events), input.meta))
    }
    const worker = this.#ensureWorker()
    const id = this.#nextId++
    // Copies: payloads stay owned by the WAL bookkeeping until the seal is published.
    const payloads = input.payloads.map((p) => p.slice())
    const req: SealRequest = {
      id,
      payloads,
      fromSeq: input.fromSeq,
      count: input.events.length,
      meta: input.meta,
    }
    return new Promise<EncodedSeal>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      worker.ref()
      worker.postMessage(
        req,
        payloads.map((p) => p.buffer as ArrayBuffer),
      )
    }).catch(() => encodeBlock(buildBatch(input.events), input.meta))
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker
    const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js'
    const w = new Worker(new URL(`./seal-worker.${ext}`, import.meta.url))
    w.unref()
    w.on('message', (res: SealResponse) => {
      const p = this.#pending.get(res.id)
      if (!p) return
      this.#pending.delete(res.id)
      if (this.#pending.size === 0) w.unref()
      if (res.ok) p.resolve({ bytes: res.bytes, header: res.header, zoneMap: res.zoneMap })
      else p.reject(new Error(res.error))
    })
    const fail = (e: unknown) => {
      this.#broken = true
      this.#worker = undefined
      for (const p of this.#pending.values()) p.reject(e instanceof Error ? e : new Error(String(e)))
      this.#pending.clear()
    }
    w.on('error', fail)
    w.on('exit', (code) => {
      if (this.#pending.size > 0) fail(new Error(`seal worker exited with code ${code}`))
      this.#worker = undefined
    })
    this.#worker = w
    return w
  }

  /** Stop the worker. */
  async close(): Promise<void> {
    const w = this.#worker
    this.#worker = undefined
    if (w) await w.terminate()
  }
}
