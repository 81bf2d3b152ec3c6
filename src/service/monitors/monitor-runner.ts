// service/monitors/monitor-runner.ts: the runs of a store's monitors: which are due (scheduler.ts
// rules), running each (run-monitor.ts) with a deadline, saving its state, and handing its alerts to
// the in-process listeners and to the delivery queue. A listener that throws is reported, never
// stops a run; nothing here waits on a receiver.
import type { AnyApldb as Apldb } from '../../query/apldb.ts'
import type { DeliveryQueue } from './delivery.ts'
import { emptyState, type MonitorState } from './monitor-state.ts'
import type { Alert, Monitor } from './monitor-types.ts'
import type { Notifiers } from './notifiers-api.ts'
import type { AlertDocs } from './persistence.ts'
import { runMonitor } from './run-monitor.ts'
import { dueness, slotAt } from './scheduler.ts'

/** An in-process alert listener. */
export type AlertListener = (alert: Alert) => void | Promise<void>

/** Default deadline of one run (every query of it), ms. */
export const DEFAULT_RUN_DEADLINE_MS = 30_000

const MINUTE_MS = 60_000

function untilMs(m: Monitor): number | undefined {
  return m.disabledUntil === undefined ? undefined : Date.parse(m.disabledUntil)
}

/** Runs monitors and dispatches their alerts (see module header). */
export class MonitorRunner {
  readonly listeners = new Set<AlertListener>()
  readonly #db: Apldb
  readonly #docs: AlertDocs
  readonly #notifiers: Notifiers
  readonly #delivery: DeliveryQueue
  readonly #deadlineMs: number
  readonly #onError: (line: string) => void
  readonly #closing = new AbortController()
  readonly #states = new Map<string, MonitorState>()
  /** The monitors, read on each pass (owned by the monitors API). */
  readonly #monitors: () => readonly Monitor[]

  constructor(args: {
    db: Apldb
    docs: AlertDocs
    notifiers: Notifiers
    delivery: DeliveryQueue
    monitors: () => readonly Monitor[]
    deadlineMs: number
    onError: (line: string) => void
  }) {
    this.#db = args.db
    this.#docs = args.docs
    this.#notifiers = args.notifiers
    this.#delivery = args.delivery
    this.#monitors = args.monitors
    this.#deadlineMs = args.deadlineMs
    this.#onError = args.onError
  }

  /** Now, epoch ms, on the store's clock. */
  nowMs(): number {
    return Number(this.#db.now() / 1_000_000n)
  }

  /** Loads the saved state of each monitor. */
  async load(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.#states.set(id, (await this.#docs.loadState(id)) ?? emptyState())
  }

  /** The state of a monitor (a new one for a monitor never run). */
  state(id: string): MonitorState {
    let s = this.#states.get(id)
    if (!s) {
      s = emptyState()
      this.#states.set(id, s)
    }
    return s
  }

  /** Forgets a deleted monitor's state. */
  async drop(id: string): Promise<void> {
    this.#states.delete(id)
    await this.#docs.dropState(id)
  }

  #lastSlot(m: Monitor): number {
    return this.state(m.id).lastSlotMs ?? slotAt(Date.parse(m.createdAt), m.intervalMinutes * MINUTE_MS)
  }

  #paused(m: Monitor, now: number): boolean {
    const until = untilMs(m)
    return m.disabled || (until !== undefined && now < until)
  }

  /** The earliest time a monitor may be due, epoch ms (for the timer). */
  nextDueMs(): number | undefined {
    let next: number | undefined
    for (const m of this.#monitors()) {
      if (m.disabled) continue
      const at = Math.max(this.#lastSlot(m) + m.intervalMinutes * MINUTE_MS, untilMs(m) ?? 0)
      next = next === undefined ? at : Math.min(next, at)
    }
    return next
  }

  /** Runs every monitor due now, one after another. */
  async runDue(): Promise<void> {
    const now = this.nowMs()
    const due = this.#monitors()
      .filter((m) => !this.#paused(m, now))
      .map((m) => ({ m, ...dueness(now, m.intervalMinutes * MINUTE_MS, this.#lastSlot(m)) }))
      .filter((d) => d.due)
      .sort((a, b) => (a.m.id < b.m.id ? -1 : 1))
    for (const d of due) {
      if (this.#closing.signal.aborted) return
      await this.#runOne(d.m, d.slot, d.missed)
    }
  }

  async #runOne(m: Monitor, slot: number, missed: number): Promise<void> {
    const state = this.state(m.id)
    const ctx = {
      db: this.#db,
      deadlineAt: performance.now() + this.#deadlineMs,
      signal: this.#closing.signal,
    }
    const { run, alerts } = await runMonitor(ctx, m, state, slot, missed)
    // Cut short by the store closing: not saved, so the slot runs again at the next start.
    if (this.#closing.signal.aborted) return
    // Deleted while it ran: nothing to save or say.
    if (!this.#monitors().some((x) => x.id === m.id)) return
    try {
      await this.#docs.saveState(m.id, state)
    } catch (e) {
      this.#onError(`monitor ${m.id}: its run state could not be saved: ${(e as Error).message}`)
    }
    if (run.outcome === 'error') this.#onError(`monitor ${m.id}: run ${run.checkId} failed: ${run.error}`)
    for (const a of alerts) this.#dispatch(m, a)
  }

  #dispatch(m: Monitor, a: Alert): void {
    for (const fn of this.listeners) {
      try {
        const r = fn(structuredClone(a))
        if (r instanceof Promise) r.catch((e: unknown) => this.#listenerFailed(e))
      } catch (e) {
        this.#listenerFailed(e)
      }
    }
    const now = this.nowMs()
    for (const id of m.notifierIds) {
      const n = this.#notifiers.resolve(id)
      if (!n) continue
      if (n.disabledUntil !== undefined && now < Date.parse(n.disabledUntil)) continue
      this.#delivery.enqueue(n, a)
    }
  }

  #listenerFailed(e: unknown): void {
    this.#onError(`an alert listener failed: ${e instanceof Error ? e.message : String(e)}`)
  }

  /** Aborts a run in progress (its queries stop at their next check). */
  abort(): void {
    this.#closing.abort()
  }
}
