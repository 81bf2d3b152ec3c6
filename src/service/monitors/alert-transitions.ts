// service/monitors/alert-transitions.ts: the alert state machine of one run. A series' alert opens
// when at least `triggerAfterNPositiveResults` of its last `triggerFromNRuns` runs were positive and
// closes when fewer are; a series that stops returning data counts as negative (value 0). With
// `notifyEveryRun` an open alert notifies again on each positive run.

import { MAX_SERIES, type MonitorState, type SeriesState } from './monitor-state.ts'
import type { Monitor } from './monitor-types.ts'
import type { Observation } from './threshold.ts'

/** A notification-worthy step of one series. */
export interface Transition {
  readonly action: 'Open' | 'Closed'
  readonly observation: Observation
  /** True when the alert's state changed (recorded in history); false for a repeat notification. */
  readonly stateChange: boolean
}

function gone(s: SeriesState): Observation {
  return {
    key: s.key,
    positive: false,
    value: 0,
    groupKeys: s.groupKeys,
    groupValues: s.groupValues,
    message: 'The query returned no data for this series',
    resolvedMessage: 'The query stopped returning data for this series',
  }
}

/** Applies one run's observations to `state.series` (mutated) and returns the transitions. */
export function stepSeries(
  state: MonitorState,
  observations: readonly Observation[],
  m: Monitor,
): Transition[] {
  const byKey = new Map(state.series.map((s) => [s.key, s]))
  const seen = new Set(observations.map((o) => o.key))
  const all = [...observations, ...state.series.filter((s) => !seen.has(s.key)).map(gone)]
  const out: Transition[] = []
  for (const o of all) {
    let s = byKey.get(o.key)
    if (!s) {
      if (byKey.size >= MAX_SERIES) continue
      s = {
        key: o.key,
        recent: [],
        open: false,
        groupKeys: o.groupKeys,
        groupValues: o.groupValues,
        value: 0,
      }
      byKey.set(o.key, s)
    }
    s.recent.push(o.positive)
    if (s.recent.length > m.triggerFromNRuns) s.recent.splice(0, s.recent.length - m.triggerFromNRuns)
    const positives = s.recent.filter(Boolean).length
    const open = positives >= m.triggerAfterNPositiveResults
    if (open !== s.open) out.push({ action: open ? 'Open' : 'Closed', observation: o, stateChange: true })
    else if (open && o.positive && m.notifyEveryRun)
      out.push({ action: 'Open', observation: o, stateChange: false })
    s.open = open
    s.value = o.value
  }
  // Closed series with no positive run left carry nothing worth keeping.
  state.series = [...byKey.values()].filter((s) => s.open || s.recent.some(Boolean))
  return out
}
