// service/monitors/delivery.ts: notifier delivery off the run path: a bounded queue (a full queue
// drops the new delivery and logs it), a few concurrent HTTP POSTs with a timeout, retries with
// exponential backoff on network errors, 429 and 5xx, and a bounded delivery log. Enqueueing never
// waits and never throws, so no run, ingest or query waits on a receiver. Never logs a header.
import { randomBytes } from 'node:crypto'
import type { Alert } from './monitor-types.ts'
import { type KindConfig, kindOf, type Notifier } from './notifier-fields.ts'
import type { NotifierKind } from './notifier-kinds.ts'
import { type WebhookRequest, webhookRequest } from './webhook-requests.ts'

/** Options of delivery. */
export interface DeliveryOptions {
  /** Deliveries waiting or retrying at most (default 1,000). */
  readonly maxQueue?: number
  /** Attempts per delivery, the first included (default 5). */
  readonly attempts?: number
  /** Wait before the first retry, ms; doubles each retry up to 60 s (default 1,000). */
  readonly backoffMs?: number
  /** Timeout of one attempt, ms (default 10,000). */
  readonly timeoutMs?: number
  /** Concurrent requests (default 2). */
  readonly concurrency?: number
  /** Entries kept in the delivery log (default 1,000). */
  readonly logLimit?: number
}

/** Where a delivery ended (or stands). */
export type DeliveryState =
  | 'queued'
  | 'retrying'
  | 'delivered'
  | 'failed'
  | 'dropped'
  | 'not_deliverable'
  | 'abandoned'

/** One entry of the delivery log. No URL or header: they may carry secrets. */
export interface DeliveryRecord {
  readonly id: string
  readonly notifierId: string
  readonly kind: NotifierKind
  readonly monitorId: string
  readonly checkId: string
  readonly action: Alert['action']
  state: DeliveryState
  attempts: number
  /** HTTP status of the last attempt. */
  status?: number
  /** Why the last attempt failed, or why it was not sent. */
  error?: string
  /** When the entry last changed (RFC 3339). */
  at: string
}

interface Job {
  readonly record: DeliveryRecord
  readonly request: WebhookRequest
}

const MAX_BACKOFF_MS = 60_000

/** The delivery queue of one store (see module header). */
export class DeliveryQueue {
  readonly #opts: Required<DeliveryOptions>
  readonly #log: DeliveryRecord[] = []
  readonly #ready: Job[] = []
  /** Deliveries waiting for their retry, by timer. */
  readonly #retries = new Map<ReturnType<typeof setTimeout>, Job>()
  readonly #closing = new AbortController()
  readonly #onError: (line: string) => void
  #pending = 0
  #active = 0
  #idle: (() => void)[] = []

  constructor(opts: DeliveryOptions, onError: (line: string) => void) {
    this.#opts = {
      maxQueue: opts.maxQueue ?? 1000,
      attempts: opts.attempts ?? 5,
      backoffMs: opts.backoffMs ?? 1000,
      timeoutMs: opts.timeoutMs ?? 10_000,
      concurrency: opts.concurrency ?? 2,
      logLimit: opts.logLimit ?? 1000,
    }
    this.#onError = onError
  }

  /** Queues the alert for the notifier; returns at once. */
  enqueue(n: Notifier, alert: Alert): void {
    const kind = kindOf(n.properties)
    const record: DeliveryRecord = {
      id: `dlv_${randomBytes(8).toString('hex')}`,
      notifierId: n.id,
      kind,
      monitorId: alert.monitorId,
      checkId: alert.checkId,
      action: alert.action,
      state: 'queued',
      attempts: 0,
      at: new Date().toISOString(),
    }
    this.#remember(record)
    let built: ReturnType<typeof webhookRequest>
    try {
      built = webhookRequest(kind, n.properties[kind] as KindConfig, alert)
    } catch (e) {
      this.#set(record, 'failed', { error: `cannot build the request: ${(e as Error).message}` })
      return
    }
    if ('notDeliverable' in built) {
      this.#set(record, 'not_deliverable', { error: built.notDeliverable })
      return
    }
    if (this.#closing.signal.aborted) {
      this.#set(record, 'abandoned', { error: 'the store is closing' })
      return
    }
    if (this.#pending >= this.#opts.maxQueue) {
      this.#set(record, 'dropped', { error: `the delivery queue is full (${this.#opts.maxQueue})` })
      return
    }
    this.#pending++
    this.#ready.push({ record, request: built.request })
    this.#pump()
  }

  /** The delivery log, oldest first (copies). */
  log(): DeliveryRecord[] {
    return this.#log.map((r) => ({ ...r }))
  }

  /** Resolves when nothing is queued, retrying or in flight. */
  idle(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve()
    return new Promise((resolve) => this.#idle.push(resolve))
  }

  /** Stops: aborts requests in flight and abandons queued and retrying deliveries. */
  async close(): Promise<void> {
    this.#closing.abort()
    const waiting = [...this.#retries.values(), ...this.#ready.splice(0)]
    for (const t of this.#retries.keys()) clearTimeout(t)
    this.#retries.clear()
    for (const job of waiting) this.#finish(job, 'abandoned', { error: 'the store closed' })
    await this.idle()
  }

  #remember(r: DeliveryRecord) {
    this.#log.push(r)
    if (this.#log.length > this.#opts.logLimit) this.#log.splice(0, this.#log.length - this.#opts.logLimit)
  }

  #set(r: DeliveryRecord, state: DeliveryState, extra: { status?: number; error?: string } = {}) {
    r.state = state
    r.at = new Date().toISOString()
    if (extra.status !== undefined) r.status = extra.status
    if (extra.error !== undefined) r.error = extra.error
    else if (state === 'delivered') delete r.error
  }

  #finish(job: Job, state: DeliveryState, extra: { status?: number; error?: string } = {}) {
    this.#set(job.record, state, extra)
    this.#pending--
    if (this.#pending === 0) for (const resolve of this.#idle.splice(0)) resolve()
  }

  #pump() {
    while (this.#active < this.#opts.concurrency && this.#ready.length > 0) {
      const job = this.#ready.shift() as Job
      this.#active++
      void this.#attempt(job).finally(() => {
        this.#active--
        this.#pump()
      })
    }
  }

  async #attempt(job: Job): Promise<void> {
    const r = job.record
    r.attempts++
    let status: number | undefined
    let error: string
    try {
      const signal = AbortSignal.any([this.#closing.signal, AbortSignal.timeout(this.#opts.timeoutMs)])
      const res = await fetch(job.request.url, {
        method: 'POST',
        headers: job.request.headers,
        body: job.request.body,
        signal,
        redirect: 'error',
      })
      status = res.status
      await res.body?.cancel().catch(() => {})
      if (res.ok) return this.#finish(job, 'delivered', { status })
      error = `the receiver answered ${res.status}`
      if (res.status !== 429 && res.status < 500) return this.#finish(job, 'failed', { status, error })
    } catch (e) {
      error = this.#closing.signal.aborted ? 'the store closed' : `request failed: ${errorText(e)}`
      if (this.#closing.signal.aborted) return this.#finish(job, 'abandoned', { error })
    }
    if (r.attempts >= this.#opts.attempts) {
      this.#onError(
        `notifier ${r.notifierId}: delivery ${r.id} failed after ${r.attempts} attempts: ${error}`,
      )
      return this.#finish(job, 'failed', { status, error: `${error} (gave up after ${r.attempts} attempts)` })
    }
    this.#set(r, 'retrying', { status, error })
    const wait = Math.min(this.#opts.backoffMs * 2 ** (r.attempts - 1), MAX_BACKOFF_MS)
    const timer = setTimeout(() => {
      this.#retries.delete(timer)
      this.#ready.push(job)
      this.#pump()
    }, wait)
    timer.unref()
    this.#retries.set(timer, job)
  }
}

/** A fetch failure's reason without its URL (which may carry a secret). */
function errorText(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown } }).cause
  if (typeof cause?.code === 'string') return cause.code
  if (e instanceof Error && e.name === 'TimeoutError') return 'timed out'
  return e instanceof Error ? e.name : 'error'
}
