// service/monitors/run-monitor.ts: one run of one monitor at one scheduled time: its window
// ([slot − secondDelay − rangeMinutes, slot − secondDelay); a MatchEvent window starts no earlier
// than the last run's end), the query on a pinned snapshot with a deadline, the findings of its
// type, the state transitions and the alerts they raise. Mutates only the state it is given.
import { randomBytes } from 'node:crypto'
import type { QueryResult } from '../../exec/result.ts'
import type { AnyApldb as Apldb } from '../../query/apldb.ts'
import { formatRfc3339Nano } from '../../util/time/index.ts'
import { stepSeries, type Transition } from './alert-transitions.ts'
import { anomalyObservations, combineObservations, DAY_NS } from './anomaly.ts'
import { MATCHES_PER_DAY, MATCHES_PER_MINUTE, matchedEvents } from './match-events.ts'
import { appendBounded, HISTORY_LIMIT, type MonitorState, RUNS_LIMIT } from './monitor-state.ts'
import type { Alert, Monitor, MonitorRun, MonitorType, RunOutcome } from './monitor-types.ts'
import { resultSeries } from './result-series.ts'
import { type Observation, thresholdObservations } from './threshold.ts'

/** What a run needs from its surroundings. */
export interface RunContext {
  readonly db: Apldb
  /** When the run must be over (`performance.now()` ms): every query of the run shares it. */
  readonly deadlineAt: number
  /** Aborted when the store closes. */
  readonly signal: AbortSignal
}

/** A window, epoch ns, half-open. */
interface Window {
  readonly start: bigint
  readonly end: bigint
}

/** What a type's evaluation found. */
interface Finding {
  readonly outcome: RunOutcome
  readonly positives: number
  readonly alerts: Alert[]
  readonly suppressed?: number
}

const MINUTE_NS = 60_000_000_000n

function windowOf(m: Monitor, state: MonitorState, slotMs: number): Window {
  const end = BigInt(slotMs) * 1_000_000n - BigInt(m.secondDelay) * 1_000_000_000n
  let start = end - BigInt(m.rangeMinutes) * MINUTE_NS
  if (m.type === 'MatchEvent' && state.lastEndNs !== undefined) {
    const last = BigInt(state.lastEndNs)
    if (last > start && last < end) start = last
  }
  return { start, end }
}

async function query(ctx: RunContext, m: Monitor, w: Window, shift = 0n): Promise<QueryResult> {
  return ctx.db.queryResult(m.aplQuery, {
    startTime: formatRfc3339Nano(w.start - shift),
    endTime: formatRfc3339Nano(w.end - shift),
    deadlineMs: Math.max(1, Math.round(ctx.deadlineAt - performance.now())),
    signal: ctx.signal,
  })
}

/** Builds the alerts of one run. */
class AlertBuilder {
  readonly m: Monitor
  readonly w: Window
  readonly checkId: string
  readonly now: bigint

  constructor(m: Monitor, w: Window, checkId: string, now: bigint) {
    this.m = m
    this.w = w
    this.checkId = checkId
    this.now = now
  }

  make(action: Alert['action'], fields: Partial<Alert> & Pick<Alert, 'body'>): Alert {
    return {
      action,
      monitorId: this.m.id,
      title: this.m.name,
      description: this.m.description,
      type: this.m.type,
      value: 0,
      groupKeys: [],
      groupValues: [],
      matchedEvent: null,
      noData: false,
      checkId: this.checkId,
      queryStartTime: formatRfc3339Nano(this.w.start),
      queryEndTime: formatRfc3339Nano(this.w.end),
      timestamp: formatRfc3339Nano(this.now),
      ...fields,
    }
  }

  fromObservation(action: Alert['action'], o: Observation): Alert {
    return this.make(action, {
      body: action === 'Open' ? o.message : o.resolvedMessage,
      value: o.value,
      groupKeys: [...o.groupKeys],
      groupValues: [...o.groupValues],
    })
  }
}

/** Records a state change in the bounded history. */
function record(state: MonitorState, b: AlertBuilder, open: boolean, groupValues: readonly unknown[]) {
  const suffix = groupValues.length > 0 ? ` [${groupValues.map((v) => String(v)).join(', ')}]` : ''
  appendBounded(
    state.history,
    {
      name: b.m.name + suffix,
      checkId: b.checkId,
      timestamp: formatRfc3339Nano(b.now),
      state: open ? 'open' : 'closed',
    },
    HISTORY_LIMIT,
  )
}

/** Alerts (and history) of the transitions; Closed ones are not notified with `skipResolved`. */
function transitionAlerts(state: MonitorState, b: AlertBuilder, ts: readonly Transition[]): Alert[] {
  const alerts: Alert[] = []
  for (const t of ts) {
    if (t.stateChange) record(state, b, t.action === 'Open', t.observation.groupValues)
    if (t.action === 'Closed' && b.m.skipResolved) continue
    alerts.push(b.fromObservation(t.action, t.observation))
  }
  return alerts
}

/** A Threshold or AnomalyDetection run, from its observations (undefined: no data). */
function seriesFinding(
  state: MonitorState,
  b: AlertBuilder,
  observations: Observation[] | undefined,
  insufficient: boolean,
): Finding {
  const m = b.m
  const noData = observations === undefined
  const alerts = transitionAlerts(state, b, stepSeries(state, observations ?? [], m))
  if (noData && m.alertOnNoData && (!state.noData || m.notifyEveryRun)) {
    if (!state.noData) record(state, b, true, [])
    state.noData = true
    alerts.push(b.make('Open', { body: 'The query returned no data', noData: true }))
  } else if (!noData && state.noData) {
    state.noData = false
    record(state, b, false, [])
    // A crossing notified in the same run takes precedence over "data returned".
    if (!m.skipResolved && !alerts.some((a) => a.action === 'Open')) {
      alerts.push(b.make('Closed', { body: 'The query returns data again', noData: true }))
    }
  }
  const positives = (observations ?? []).filter((o) => o.positive).length
  const outcome: RunOutcome = noData
    ? 'no_data'
    : positives > 0
      ? 'triggered'
      : insufficient
        ? 'insufficient_data'
        : 'ok'
  return { outcome, positives, alerts }
}

const EVALUATE: Readonly<
  Record<MonitorType, (ctx: RunContext, b: AlertBuilder, state: MonitorState) => Promise<Finding>>
> = {
  Threshold: async (ctx, b, state) => {
    const m = b.m
    const res = await query(ctx, m, b.w)
    const rs = resultSeries(res.tables[0], m.columnName, m.notifyByGroup)
    const obs = rs.noData ? undefined : thresholdObservations(rs.series, m.operator ?? 'Above', m.threshold)
    return seriesFinding(state, b, obs, false)
  },
  AnomalyDetection: async (ctx, b, state) => {
    const m = b.m
    const res = await query(ctx, m, b.w)
    const cur = resultSeries(res.tables[0], m.columnName, true)
    if (cur.noData) return seriesFinding(state, b, undefined, false)
    const earlier = []
    for (let k = 1; k <= (m.compareDays ?? 0); k++) {
      const r = await query(ctx, m, b.w, BigInt(k) * DAY_NS)
      earlier.push(resultSeries(r.tables[0], m.columnName, true).series)
    }
    const found = anomalyObservations(cur.series, earlier, m.operator ?? 'AboveOrBelow', m.tolerance ?? 3)
    const obs = m.notifyByGroup ? found.observations : combineObservations(found.observations)
    return seriesFinding(state, b, obs, found.insufficient > 0)
  },
  MatchEvent: async (ctx, b, state) => {
    const m = b.m
    const events = matchedEvents((await query(ctx, m, b.w)).tables[0])
    const day = formatRfc3339Nano(b.now).slice(0, 10)
    if (state.matchDay?.day !== day) state.matchDay = { day, count: 0 }
    const quota = Math.max(
      0,
      Math.min(MATCHES_PER_MINUTE * m.intervalMinutes, MATCHES_PER_DAY - state.matchDay.count),
    )
    const sent = events.slice(0, quota)
    state.matchDay.count += sent.length
    const alerts = sent.map((e) => b.make('Open', { body: JSON.stringify(e), matchedEvent: e }))
    if (m.resolvable) {
      // A resolvable match alert stays open while runs keep matching and closes on a run without.
      const o: Observation = {
        key: '',
        positive: events.length > 0,
        value: events.length,
        groupKeys: [],
        groupValues: [],
        message: `${events.length} events matched`,
        resolvedMessage: 'No events matched',
      }
      const ts = stepSeries(state, [o], m)
      alerts.push(...transitionAlerts(state, b, ts).filter((a) => a.action === 'Closed'))
    } else if (events.length > 0) {
      record(state, b, true, [])
    }
    return {
      outcome: events.length > 0 ? 'triggered' : 'ok',
      positives: events.length,
      alerts,
      suppressed: events.length - sent.length,
    }
  },
}

/** The result of one run: its record (already appended to the state) and its alerts. */
export interface RunResult {
  readonly run: MonitorRun
  readonly alerts: Alert[]
}

/** Runs `m` for the scheduled time `slotMs` (`missed`: earlier slots skipped). Never throws. */
export async function runMonitor(
  ctx: RunContext,
  m: Monitor,
  state: MonitorState,
  slotMs: number,
  missed: number,
): Promise<RunResult> {
  const t0 = performance.now()
  const w = windowOf(m, state, slotMs)
  const b = new AlertBuilder(m, w, `chk_${randomBytes(8).toString('hex')}`, ctx.db.now())
  let finding: Finding
  let error: string | undefined
  try {
    finding = await EVALUATE[m.type](ctx, b, state)
  } catch (e) {
    error = e instanceof Error ? e.message : String(e)
    finding = { outcome: 'error', positives: 0, alerts: [] }
  }
  state.lastSlotMs = slotMs
  if (error === undefined) state.lastEndNs = w.end.toString()
  const run: MonitorRun = {
    checkId: b.checkId,
    time: formatRfc3339Nano(BigInt(slotMs) * 1_000_000n),
    queryStartTime: formatRfc3339Nano(w.start),
    queryEndTime: formatRfc3339Nano(w.end),
    outcome: finding.outcome,
    positives: finding.positives,
    missed,
    alerts: finding.alerts.length,
    ...(finding.suppressed ? { suppressed: finding.suppressed } : {}),
    ...(error !== undefined ? { error } : {}),
    elapsedMs: Math.round((performance.now() - t0) * 1000) / 1000,
  }
  appendBounded(state.runs, run, RUNS_LIMIT)
  return { run, alerts: finding.alerts }
}
