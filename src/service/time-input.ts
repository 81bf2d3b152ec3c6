// service/time-input.ts: RFC 3339 times in token and annotation requests (api-contract.md §10):
// parsing, Go's zero time (`0001-01-01T00:00:00Z`, "unset"), and the stable output forms.
import { formatRfc3339Nano, parseRfc3339 } from '../util/time/index.ts'
import { badRequest } from './service-error.ts'

/** Epoch ns of year 0001 and earlier: Go zero-time values mean "unset". */
const YEAR_2_NS = -62_104_060_800_000_000_000n

/** True for a time Go sends for "unset" (any time in year 0001 or before). */
export function isZeroTime(ns: bigint): boolean {
  return ns < YEAR_2_NS
}

/**
 * An optional RFC 3339 time field: undefined for absent, null, `""` or Go's zero time; epoch ns
 * otherwise. 400 with `code` for anything else.
 */
export function optionalTime(field: string, v: unknown, code = 'invalid_time'): bigint | undefined {
  if (v === undefined || v === null || v === '') return undefined
  const ns = typeof v === 'string' ? parseRfc3339(v) : null
  if (ns === null) {
    throw badRequest(
      code,
      `${field} must be an RFC 3339 time such as 2024-01-02T15:04:05Z, got ${JSON.stringify(v)}`,
    )
  }
  return isZeroTime(ns) ? undefined : ns
}

/** `ns` rounded down to a whole second. */
export function truncateToSeconds(ns: bigint): bigint {
  return ns - (((ns % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n)
}

/** RFC 3339 in UTC truncated to whole seconds (the stable form token `expiresAt` echoes). */
export function formatSeconds(ns: bigint): string {
  return formatRfc3339Nano(truncateToSeconds(ns))
}

/** RFC 3339 Nano in UTC (annotation times). */
export function formatTime(ns: bigint): string {
  return formatRfc3339Nano(ns)
}
