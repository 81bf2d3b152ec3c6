// storage/append-log.ts: an append-only record file with group commit. Concurrent appends that
// arrive while a write+fsync is in flight share the next write and the next fsync. A failed write
// or fsync is fail-stop: the log refuses every later append (never retry an fsync).

import { StoreError } from './errors.ts'
import type { FileHandleLike, Fs } from './fs.ts'
import { RECORD_HEADER_BYTES, recordHeader } from './record-log.ts'

interface Waiter {
  readonly header: Uint8Array
  readonly data: Uint8Array
  readonly resolve: () => void
  readonly reject: (e: unknown) => void
}

/** An open, appendable record file (see module header). */
export class AppendLog {
  readonly file: string
  readonly #handle: FileHandleLike
  readonly #sync: boolean
  readonly #onFail: (e: Error) => void
  #queue: Waiter[] = []
  #flushing = false
  #failed: Error | undefined
  #closed = false
  /** Writes wait for this first (see `writeAfter`). */
  #gate: Promise<void> | undefined
  /** The running flush loop (settles when the queue is empty). */
  #flushDone: Promise<void> = Promise.resolve()
  /** Bytes in the file (acknowledged records only). */
  size: number

  private constructor(
    file: string,
    handle: FileHandleLike,
    size: number,
    sync: boolean,
    onFail: (e: Error) => void,
  ) {
    this.file = file
    this.#handle = handle
    this.size = size
    this.#sync = sync
    this.#onFail = onFail
  }

  /** Open (creating if needed) `file` for appending; `size` is the current valid length. */
  static async open(
    fs: Fs,
    file: string,
    opts: { sync: boolean; onFail?: (e: Error) => void },
  ): Promise<AppendLog> {
    const handle = await fs.open(file, 'a')
    return new AppendLog(file, handle, await handle.size(), opts.sync, opts.onFail ?? (() => {}))
  }

  /**
   * Holds this log's writes until `done` settles (appends still queue, in order). A log that takes
   * over from another waits for the other's last writes, so records become durable in the order
   * they were appended: a crash never keeps a later record and loses an earlier one.
   */
  writeAfter(done: Promise<unknown>): void {
    this.#gate = done.then(
      () => {},
      () => {},
    )
  }

  /** Append one framed record; resolves once it is written and (with sync) fsynced. */
  append(payload: Uint8Array): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failedError())
    if (this.#closed) return Promise.reject(new StoreError('store_closed', `log ${this.file} is closed`))
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ header: recordHeader(payload), data: payload, resolve, reject })
      if (!this.#flushing) this.#flushDone = this.#flush()
    })
  }

  async #flush(): Promise<void> {
    this.#flushing = true
    if (this.#gate) {
      await this.#gate
      this.#gate = undefined
    }
    while (this.#queue.length > 0) {
      const batch = this.#queue
      this.#queue = []
      let total = 0
      const bufs: Uint8Array[] = []
      for (const w of batch) {
        total += RECORD_HEADER_BYTES + w.data.length
        bufs.push(w.header, w.data)
      }
      try {
        await this.#handle.append(bufs)
        if (this.#sync) await this.#handle.sync()
        this.size += total
        for (const w of batch) w.resolve()
      } catch (e) {
        this.#failed = e instanceof Error ? e : new Error(String(e))
        this.#onFail(this.#failed)
        for (const w of batch) w.reject(this.#failedError())
        for (const w of this.#queue) w.reject(this.#failedError())
        this.#queue = []
      }
    }
    this.#flushing = false
  }

  #failedError(): StoreError {
    return new StoreError(
      'store_failed',
      `write to ${this.file} failed; the store stopped (reopen it): ${this.#failed?.message}`,
      {
        cause: this.#failed,
      },
    )
  }

  /** Settles once every record appended so far is written (and synced) or has failed. */
  async drained(): Promise<void> {
    while (this.#flushing || this.#queue.length > 0) await this.#flushDone
  }

  /** Wait for queued appends, then close the file. */
  async close(): Promise<void> {
    await this.drained()
    this.#closed = true
    await this.#handle.close()
  }
}
