// service/monitors/monitor-state.ts: what a monitor remembers between runs (persisted after each
// run): its last scheduled slot, each series' recent results and whether its alert is open, the
// no-data alert, and the bounded history of state changes and runs.
import type { AlertHistory, MonitorRun } from './monitor-types.ts'

/** State changes kept per monitor (oldest dropped first). */
export const HISTORY_LIMIT = 500
/** Runs kept per monitor. */
export const RUNS_LIMIT = 200
/** Series tracked per monitor; groups beyond it are not tracked on their own. */
export const MAX_SERIES = 1000

/** One series (a group, or the whole monitor under key `''`). */
export interface SeriesState {
  readonly key: string
  /** Results of the last `triggerFromNRuns` runs, newest last. */
  recent: boolean[]
  open: boolean
  groupKeys: readonly string[]
  groupValues: readonly unknown[]
  /** The last value seen. */
  value: number
}

/** A monitor's persisted state. */
export interface MonitorState {
  version: 1
  /** Scheduled time of the last run, epoch ms. */
  lastSlotMs?: number
  /** End of the last run's window, epoch ns (decimal), so match windows tile without overlap. */
  lastEndNs?: string
  series: SeriesState[]
  /** The no-data alert is open. */
  noData: boolean
  history: AlertHistory[]
  runs: MonitorRun[]
  /** Match notifications sent on `day` (UTC date), for the daily bound. */
  matchDay?: { day: string; count: number }
}

/** The state of a monitor that never ran. */
export function emptyState(): MonitorState {
  return { version: 1, series: [], noData: false, history: [], runs: [] }
}

/** Appends `item`, dropping the oldest entries beyond `limit`. */
export function appendBounded<T>(list: T[], item: T, limit: number): void {
  list.push(item)
  if (list.length > limit) list.splice(0, list.length - limit)
}
