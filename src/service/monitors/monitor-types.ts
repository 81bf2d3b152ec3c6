// service/monitors/monitor-types.ts: the monitor document as Axiom's API defines it (OpenAPI v2
// `Monitor`, `MonitorWithId`, `AlertHistory`), the run records apldb keeps beside it, and the alert
// a run raises. Types and enums only; rules are in monitor-fields.ts.

/** Monitor kinds (`type`). */
export const MONITOR_TYPES = ['Threshold', 'MatchEvent', 'AnomalyDetection'] as const
/** A monitor kind. */
export type MonitorType = (typeof MONITOR_TYPES)[number]

/** Comparison operators (`operator`). */
export const OPERATORS = ['Below', 'BelowOrEqual', 'Above', 'AboveOrEqual', 'AboveOrBelow'] as const
/** A comparison operator. */
export type Operator = (typeof OPERATORS)[number]

/** A monitor as the API returns it. Times are RFC 3339 UTC. */
export interface Monitor {
  /** `mon_` + 24 hex digits. */
  id: string
  name: string
  description: string
  type: MonitorType
  aplQuery: string
  /** Absent on a MatchEvent monitor created without one. */
  operator?: Operator
  threshold: number
  /** The result column compared (Threshold, AnomalyDetection); absent: every numeric value column. */
  columnName?: string
  alertOnNoData: boolean
  notifyByGroup: boolean
  notifyEveryRun: boolean
  resolvable: boolean
  skipResolved: boolean
  notifierIds: string[]
  /** Minutes between runs, ≥ 1. */
  intervalMinutes: number
  /** Minutes of data each run reads, ≥ 1. */
  rangeMinutes: number
  /** Seconds the window's end lags the run, 0 … 86,400. */
  secondDelay: number
  /** Runs considered (N of "M positive of the last N"), ≥ 1. */
  triggerFromNRuns: number
  /** Positive runs among the last `triggerFromNRuns` that open an alert (M), 1 … N. */
  triggerAfterNPositiveResults: number
  /** AnomalyDetection: width of the tolerated band in robust standard deviations (0 < t ≤ 100). */
  tolerance?: number
  /** AnomalyDetection: earlier days (0 … 7) whose same hours form the seasonal baseline. */
  compareDays?: number
  disabled: boolean
  disabledUntil?: string
  createdAt: string
  createdBy: string
  updatedAt: string
}

/** Axiom's `AlertHistory`: one state change of a monitor's alert. */
export interface AlertHistory {
  /** Monitor name, plus ` [group values]` for a group tracked on its own. */
  name: string
  /** The run that changed the state (`chk_…`). */
  checkId: string
  timestamp: string
  state: 'open' | 'closed'
}

/** What one run found. */
export type RunOutcome = 'triggered' | 'ok' | 'no_data' | 'insufficient_data' | 'error'

/** One run of a monitor (apldb's run log, newest last). */
export interface MonitorRun {
  checkId: string
  /** The scheduled time of the run. */
  time: string
  queryStartTime: string
  queryEndTime: string
  outcome: RunOutcome
  /** Series whose value crossed (Threshold, AnomalyDetection) or events matched (MatchEvent). */
  positives: number
  /** Earlier scheduled runs skipped because the store was closed or the run came late (run once). */
  missed: number
  /** Alerts this run raised (after M-of-N, notifyEveryRun, skipResolved). */
  alerts: number
  /** Matched events beyond the notification bound that were not notified (MatchEvent). */
  suppressed?: number
  /** The failure, for `error`. */
  error?: string
  elapsedMs: number
}

/** An alert: the notification a run raises, in-process (`on('alert')`) and to notifiers. */
export interface Alert {
  /** `Open` when an alert opens (or a match), `Closed` when it resolves. */
  action: 'Open' | 'Closed'
  monitorId: string
  /** The monitor's name. */
  title: string
  description: string
  type: MonitorType
  /** One line saying what happened, as Axiom's `.Body`. */
  body: string
  /** The value that crossed or resolved (0 when a series stopped returning data). */
  value: number
  /** Group-by columns and values of the series (empty when not grouped). */
  groupKeys: string[]
  groupValues: unknown[]
  /** The matched event (MatchEvent), else null. */
  matchedEvent: Record<string, unknown> | null
  /** True for a no-data alert (`alertOnNoData`). */
  noData: boolean
  checkId: string
  queryStartTime: string
  queryEndTime: string
  /** When the run raised it. */
  timestamp: string
}
