// service/admission.ts: admission control. Queries and ingests each run in a bounded number of slots;
// a request that finds them full waits in a bounded queue for a bounded time, then gets 429 with
// Retry-After (never an unbounded pile of work in memory). Decompressed ingest bodies draw from one
// process-wide byte budget: readers pause while it is spent and refuse after the same bounded wait.
// Routes outside the two families (deletion, trim, datasets, tokens, health) never wait here, so
// they are never starved by queries or ingest; and while a block deletion or a trim runs, new
// queries and ingests wait for it (bounded as above), so it competes only with work already running.
import { availableParallelism } from 'node:os'
import { ServiceError } from './service-error.ts'

/** Admission settings (every field optional; defaults sized to the machine). */
export interface AdmissionOptions {
  /** Queries that run at once (default: 2 per CPU core, at least 4). */
  readonly maxQueries?: number
  /** Ingest requests that run at once (default: 2 per CPU core, at least 4). */
  readonly maxIngests?: number
  /** Requests that may wait for a slot, per family (default 256). */
  readonly maxQueued?: number
  /**
   * Longest wait for a slot or for ingest bytes, ms (default 5,000: a request that waited its turn
   * still answers within 10 s once it runs a few seconds; past the wait a 429 with Retry-After).
   */
  readonly queueTimeoutMs?: number
  /** Decompressed ingest body bytes all requests may hold at once (default 256 MiB). */
  readonly ingestBytes?: number
}

/** Default longest wait for a slot or for ingest bytes, ms (AdmissionOptions.queueTimeoutMs). */
export const DEFAULT_QUEUE_TIMEOUT_MS = 5_000

/** Default process-wide budget of decompressed ingest bodies, bytes. */
export const DEFAULT_INGEST_BYTES = 256 * 2 ** 20

/** A refused admission: 429 with the seconds to wait (the service adds the headers). */
export class BusyError extends ServiceError {
  readonly retryAfterS: number

  constructor(message: string, retryAfterS: number) {
    super(429, 'too_many_requests', message)
    this.retryAfterS = retryAfterS
  }
}

interface Waiter {
  readonly resolve: () => void
  readonly reject: (e: unknown) => void
}

/** A counted resource with a bounded FIFO queue of waiters. */
class Gate {
  readonly #what: string
  readonly #capacity: number
  readonly #maxQueued: number
  readonly #timeoutMs: number
  #used = 0
  #queue: { need: number; w: Waiter }[] = []

  constructor(what: string, capacity: number, maxQueued: number, timeoutMs: number) {
    this.#what = what
    this.#capacity = capacity
    this.#maxQueued = maxQueued
    this.#timeoutMs = timeoutMs
  }

  get used(): number {
    return this.#used
  }

  get queued(): number {
    return this.#queue.length
  }

  /** Takes `need` units now when free (and nobody waits before), else false. */
  tryTake(need: number): boolean {
    if (this.#queue.length > 0 || this.#used + need > this.#capacity) return false
    this.#used += need
    return true
  }

  /** Takes `need` units, waiting in line up to the timeout; 429 when the line is full or the wait ends. */
  take(need: number, signal?: AbortSignal): Promise<void> {
    const n = Math.min(need, this.#capacity)
    if (this.tryTake(n)) return Promise.resolve()
    if (this.#queue.length >= this.#maxQueued) return Promise.reject(this.#busy())
    return new Promise<void>((resolve, reject) => {
      const entry = {
        need: n,
        w: {
          resolve: () => {
            clearTimeout(timer)
            signal?.removeEventListener('abort', onAbort)
            resolve()
          },
          reject,
        },
      }
      const drop = (e: unknown) => {
        const i = this.#queue.indexOf(entry)
        if (i >= 0) this.#queue.splice(i, 1)
        signal?.removeEventListener('abort', onAbort)
        reject(e)
        this.#wake()
      }
      const timer = setTimeout(() => drop(this.#busy()), this.#timeoutMs)
      const onAbort = () => {
        clearTimeout(timer)
        drop(new ServiceError(499, 'aborted', 'the client went away while the request waited'))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#queue.push(entry)
    })
  }

  /** Gives back `n` units (waking waiters in order). */
  give(n: number): void {
    this.#used = Math.max(0, this.#used - n)
    this.#wake()
  }

  #wake(): void {
    while (this.#queue.length > 0 && this.#used + this.#queue[0].need <= this.#capacity) {
      const { need, w } = this.#queue.shift() as { need: number; w: Waiter }
      this.#used += need
      w.resolve()
    }
  }

  #busy(): BusyError {
    const retry = Math.max(1, Math.ceil(this.#timeoutMs / 1000))
    return new BusyError(
      `the server is busy: ${this.#what} are at capacity and ${this.#queue.length} requests are waiting; retry in ${retry} s`,
      retry,
    )
  }
}

/** Bytes of one request's body held from the ingest budget; released when the request ends. */
export class BodyReservation {
  readonly #gate: Gate
  readonly #signal: AbortSignal | undefined
  #held = 0

  constructor(gate: Gate, signal: AbortSignal | undefined) {
    this.#gate = gate
    this.#signal = signal
  }

  /** Takes `n` more bytes now if it can (false: call `take` and wait). */
  tryTake(n: number): boolean {
    if (!this.#gate.tryTake(n)) return false
    this.#held += n
    return true
  }

  /** Takes `n` more bytes, waiting (bounded) for other requests to release theirs. */
  async take(n: number): Promise<void> {
    await this.#gate.take(n, this.#signal)
    this.#held += n
  }

  /** Gives every held byte back. */
  release(): void {
    const n = this.#held
    this.#held = 0
    this.#gate.give(n)
  }
}

/** The admission state of one service (see module header). */
export class Admission {
  readonly #queries: Gate
  readonly #ingests: Gate
  readonly #bytes: Gate
  readonly #waitMs: number
  /** Deletions and trims running; new queries and ingests wait while any runs. */
  #maintenance = 0
  #resumed: { promise: Promise<void>; resolve: () => void } | undefined

  /** `maxBodyBytes`: the largest ingest body; by default no more ingests run than the budget holds whole. */
  constructor(opts: AdmissionOptions = {}, maxBodyBytes = 32 * 2 ** 20) {
    const perCore = Math.max(4, 2 * availableParallelism())
    const queued = positive(opts.maxQueued, 'maxQueued') ?? 256
    const wait = positive(opts.queueTimeoutMs, 'queueTimeoutMs') ?? DEFAULT_QUEUE_TIMEOUT_MS
    const bytes = positive(opts.ingestBytes, 'ingestBytes') ?? DEFAULT_INGEST_BYTES
    const ingests =
      positive(opts.maxIngests, 'maxIngests') ??
      Math.max(1, Math.min(perCore, Math.floor(bytes / maxBodyBytes)))
    this.#waitMs = wait
    this.#queries = new Gate('queries', positive(opts.maxQueries, 'maxQueries') ?? perCore, queued, wait)
    this.#ingests = new Gate('ingests', ingests, queued, wait)
    this.#bytes = new Gate('ingest bodies', bytes, queued, wait)
  }

  /** Waits for a slot of `family` (after any running deletion or trim); resolves to its release. */
  async enter(family: 'query' | 'ingest', signal?: AbortSignal): Promise<() => void> {
    if (this.#maintenance > 0) await this.#afterMaintenance(family)
    const gate = family === 'query' ? this.#queries : this.#ingests
    await gate.take(1, signal)
    let done = false
    return () => {
      if (done) return
      done = true
      gate.give(1)
    }
  }

  /** Runs a block deletion or trim ahead of queries and ingests that arrive meanwhile. */
  async maintenance<T>(work: () => Promise<T>): Promise<T> {
    if (this.#maintenance++ === 0) {
      let resolve = () => {}
      const promise = new Promise<void>((r) => {
        resolve = r
      })
      this.#resumed = { promise, resolve }
    }
    try {
      return await work()
    } finally {
      if (--this.#maintenance === 0) {
        this.#resumed?.resolve()
        this.#resumed = undefined
      }
    }
  }

  /** Waits (bounded) until no deletion or trim runs. */
  async #afterMaintenance(family: 'query' | 'ingest'): Promise<void> {
    const resumed = this.#resumed?.promise
    if (!resumed) return
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const retry = Math.max(1, Math.ceil(this.#waitMs / 1000))
        reject(
          new BusyError(
            `a block deletion or trim is running; this ${family} waited ${this.#waitMs} ms; retry in ${retry} s`,
            retry,
          ),
        )
      }, this.#waitMs)
    })
    try {
      await Promise.race([resumed, late])
    } finally {
      clearTimeout(timer)
    }
  }

  /** A reservation against the process-wide ingest body budget. */
  bodyBytes(signal?: AbortSignal): BodyReservation {
    return new BodyReservation(this.#bytes, signal)
  }

  /** Running and waiting counts (for health). */
  stats(): {
    queries: number
    queriesWaiting: number
    ingests: number
    ingestsWaiting: number
    ingestBytes: number
  } {
    return {
      queries: this.#queries.used,
      queriesWaiting: this.#queries.queued,
      ingests: this.#ingests.used,
      ingestsWaiting: this.#ingests.queued,
      ingestBytes: this.#bytes.used,
    }
  }
}

function positive(v: number | undefined, name: string): number | undefined {
  if (v !== undefined && (!Number.isSafeInteger(v) || v < 1))
    throw new RangeError(`admission.${name} must be a positive integer, got ${v}`)
  return v
}
