// storage/ingest/declared-value.ts: how a value of a field declared `timespan` is read at ingest:
// numbers are nanoseconds (reals truncated toward zero), text is a Go or Kusto duration. A value
// that is neither (or beyond int64) is stored as it is, in its own type: nothing is lost.
import { parseDurationText } from '../../util/time/index.ts'

const MAX_NS = 2 ** 63

/** Nanoseconds of a finite number, or undefined beyond int64. */
export function timespanOfNumber(v: number): bigint | undefined {
  const t = Math.trunc(v)
  if (t >= MAX_NS || t < -MAX_NS) return undefined
  return BigInt(t)
}

/** Nanoseconds of duration text (`250ms`, `1h30m`, `1.02:03:04`), or undefined when it is not one. */
export function timespanOfText(s: string): bigint | undefined {
  return parseDurationText(s.trim()) ?? undefined
}
