// service/monitors/scheduler.ts: when monitors run. Slots are whole multiples of a monitor's
// interval since the epoch, on the store's (injectable) clock; a monitor is due when the latest
// slot is after the one it last ran (a monitor never run counts from the slot of its creation), and
// a due monitor runs once for the latest slot however many it missed. Runs are serial, so a monitor
// never overlaps itself; a timer (or, in manual mode, the caller) asks for them.
import { Serial } from '../serial.ts'

/** `timer`: runs when due by itself; `manual`: only when `tick()` is called (tests, the CLI). */
export type SchedulerMode = 'timer' | 'manual'

/** The longest a timer sleeps before looking again (clock changes, new monitors). */
const MAX_SLEEP_MS = 60_000

/** What the scheduler asks of its owner. */
export interface SchedulerHooks {
  /** Now, epoch ms, on the store's clock. */
  readonly nowMs: () => number
  /** The earliest time anything may be due, epoch ms, or undefined when nothing will be. */
  readonly nextDueMs: () => number | undefined
  /** Runs every monitor due at `nowMs()`. */
  readonly runDue: () => Promise<void>
}

/** The latest slot of `intervalMs` at or before `ms`. */
export function slotAt(ms: number, intervalMs: number): number {
  return Math.floor(ms / intervalMs) * intervalMs
}

/** Whether a monitor is due at `nowMs` and how many slots it skipped, from its last slot. */
export function dueness(
  nowMs: number,
  intervalMs: number,
  lastSlotMs: number,
): { due: boolean; slot: number; missed: number } {
  const slot = slotAt(nowMs, intervalMs)
  const due = slot > lastSlotMs
  return { due, slot, missed: due ? Math.round((slot - lastSlotMs) / intervalMs) - 1 : 0 }
}

/** The scheduler (see module header). */
export class Scheduler {
  readonly #mode: SchedulerMode
  readonly #hooks: SchedulerHooks
  readonly #serial = new Serial()
  #timer: ReturnType<typeof setTimeout> | undefined
  #closed = false

  constructor(mode: SchedulerMode, hooks: SchedulerHooks) {
    this.#mode = mode
    this.#hooks = hooks
  }

  /** Runs what is due now, after any run in progress; resolves when done. */
  tick(): Promise<void> {
    return this.#serial
      .run(async () => {
        if (!this.#closed) await this.#hooks.runDue()
      })
      .finally(() => this.rearm())
  }

  /** Sets the timer for the next due time (after a change of monitors). */
  rearm(): void {
    if (this.#mode === 'manual' || this.#closed) return
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
    const next = this.#hooks.nextDueMs()
    if (next === undefined) return
    const delay = Math.min(Math.max(next - this.#hooks.nowMs(), 0), MAX_SLEEP_MS)
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      void this.tick()
    }, delay)
    this.#timer.unref()
  }

  /** Stops the timer and waits for a run in progress. */
  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
    await this.#serial.run(async () => {})
  }
}
