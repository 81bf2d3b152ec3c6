// syntax/datetime-text.ts: datetime literal text ⇄ nanoseconds since the Unix epoch, UTC
// (apl-reference §2.4). Delegates to util/time, the one RFC 3339 / ISO 8601 implementation.
import { formatRfc3339Nano, parseRfc3339 } from '../util/time/index.ts'

/** Parses datetime text to ns since the epoch, or returns the reason it is invalid. */
export function parseDatetimeText(text: string): bigint | { readonly reason: string } {
  const ns = parseRfc3339(text.trim())
  return (
    ns ?? {
      reason:
        'expected ISO-8601 in years 0000–9999, e.g. 2024-05-01, 2024-05-01 13:45:00 or 2024-05-01T13:45:00.5Z',
    }
  )
}

/** RFC 3339 UTC text with the fraction trimmed (`2019-11-30T23:59:59.9Z`); parses back to the same ns. */
export function formatDatetime(ns: bigint): string {
  return formatRfc3339Nano(ns)
}
