// service/monitors/match-events.ts: a MatchEvent run's result as events: one plain object per row,
// oldest first, and the notification bound (Axiom: 10 notifications a minute, 500 a day).
import type { ResultTable } from '../../exec/result.ts'
import { formatRfc3339Nano } from '../../util/time/index.ts'
import { plainCell } from './result-series.ts'

/** Match notifications per minute of the monitor's interval. */
export const MATCHES_PER_MINUTE = 10
/** Match notifications per monitor per UTC day. */
export const MATCHES_PER_DAY = 500

/** The rows of `t` as events (datetime cells as RFC 3339), oldest `_time` first. */
export function matchedEvents(t: ResultTable | undefined): Record<string, unknown>[] {
  if (t === undefined) return []
  const rows = t.columns[0]?.length ?? 0
  const timeAt = t.fields.findIndex((f) => f.name === '_time' && f.type === 'datetime')
  const order = Array.from({ length: rows }, (_, r) => r)
  if (timeAt >= 0) {
    const col = t.columns[timeAt]
    order.sort((a, b) => {
      const x = col[a] as bigint | null
      const y = col[b] as bigint | null
      return x === y ? a - b : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1
    })
  }
  return order.map((r) => {
    const e: Record<string, unknown> = {}
    t.fields.forEach((f, i) => {
      const c = t.columns[i][r]
      const v = f.type === 'datetime' && typeof c === 'bigint' ? formatRfc3339Nano(c) : plainCell(c)
      Object.defineProperty(e, f.name, { value: v, enumerable: true, writable: true, configurable: true })
    })
    return e
  })
}
