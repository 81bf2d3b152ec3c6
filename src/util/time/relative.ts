// util/time/relative.ts: query-window bounds: `now`, `now±<duration>` or an absolute RFC3339
// time. The clock is the caller's `nowNs`, so tests and queries stay deterministic.

import { type DurationUnits, GO_DURATION_UNITS, parseDurationWithUnits } from './duration.ts'
import { parseRfc3339 } from './rfc3339.ts'

const DAY = 86_400_000_000_000n

/** Relative-bound units: Go's (`ns us µs ms s m h`) plus `d`, `w`, `M` (30 d) and `y` (365 d). */
export const RELATIVE_UNITS: DurationUnits = new Map([
  ...GO_DURATION_UNITS,
  ['M', 30n * DAY],
  ['y', 365n * DAY],
])

/**
 * Resolves a query-window bound to epoch ns: `now`, `now()`, `now-1h`, `now+30m`, `now-1d`,
 * `now-1w`, `now-1h30m`, `now-1.5h` (units as in `RELATIVE_UNITS`; `m` is minutes, `M` months;
 * spaces around the sign are allowed), otherwise an RFC3339 time. null when neither.
 */
export function parseTimeBound(s: string, nowNs: bigint): bigint | null {
  const t = s.trim()
  if (t.length < 3 || t.slice(0, 3).toLowerCase() !== 'now') return parseRfc3339(t)
  let rest = t.slice(3)
  if (rest.startsWith('()')) rest = rest.slice(2)
  rest = rest.trimStart()
  if (rest === '') return nowNs
  const sign = rest.charCodeAt(0)
  if (sign !== 43 && sign !== 45) return null
  const body = rest.slice(1).trimStart()
  const first = body.charCodeAt(0)
  if (first === 43 || first === 45) return null // one sign only: `now--1h` is a typo, not +1h
  const offset = parseDurationWithUnits(body, RELATIVE_UNITS)
  if (offset === null) return null
  return sign === 45 ? nowNs - offset : nowNs + offset
}
