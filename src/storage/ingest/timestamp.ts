// storage/ingest/timestamp.ts: an event's raw timestamp value → epoch ns (api-contract.md §3.3),
// or a clear error naming the field and the value. Accepts only times that fit in int64 ns.

import {
  bigintToParts,
  epochToNs,
  epochToParts,
  MAX_INT64_NS,
  MIN_INT64_NS,
  type NsParts,
  parseGoLayout,
  parseRfc3339Parts,
  parseTimeAuto,
  partsInInt64,
} from '../../util/time/index.ts'

/** Longest piece of an offending value quoted in an error message, in UTF-16 units. */
const PREVIEW_UNITS = 64

/** The outcome of reading a timestamp: ns, or a user-facing error. */
export type TimestampResult = { ok: true; ns: bigint } | { ok: false; error: string }

/**
 * Reads a timestamp value. Strings: with `format` a Go layout (see `parseGoLayout`), else
 * auto-detected (RFC3339/ISO 8601, numeric epoch by magnitude, common layouts; `parseTimeAuto`).
 * Numbers and bigints: Unix epoch by magnitude. Dates: their milliseconds. The result must lie
 * within int64 ns (years 1677–2262).
 */
export function readTimestamp(v: unknown, field: string, format: string | undefined): TimestampResult {
  let ns: bigint | null
  let expected: string
  if (typeof v === 'string') {
    ns = format === undefined ? parseTimeAuto(v) : parseGoLayout(v, format)
    expected =
      format === undefined
        ? 'expected RFC3339/ISO 8601 or a Unix epoch'
        : `does not match timestamp-format "${format}"`
  } else if (typeof v === 'number' || typeof v === 'bigint') {
    ns = epochToNs(v)
    expected = 'expected a finite Unix epoch number'
  } else if (v instanceof Date) {
    const ms = v.getTime()
    ns = Number.isNaN(ms) ? null : BigInt(ms) * 1_000_000n
    expected = 'the Date is invalid'
  } else {
    return { ok: false, error: `cannot use ${describe(v)} in timestamp field "${field}" as a time` }
  }
  if (ns === null)
    return { ok: false, error: `cannot parse timestamp field "${field}" value ${preview(v)}: ${expected}` }
  if (ns < MIN_INT64_NS || ns > MAX_INT64_NS) {
    return {
      ok: false,
      error: `timestamp field "${field}" value ${preview(v)} is out of range (1677-09-21 to 2262-04-11 UTC)`,
    }
  }
  return { ok: true, ns }
}

/**
 * `readTimestamp` for the per-event path: the instant goes into `out` as parts (see ns-parts.ts),
 * with no BigInt for RFC 3339 strings, safe-integer epochs and Dates. Returns the error message,
 * or undefined on success (`out` is then set; on an error it is unspecified). Same rules and
 * messages as `readTimestamp`.
 */
export function readTimestampParts(
  v: unknown,
  field: string,
  format: string | undefined,
  out: NsParts,
): string | undefined {
  let ok: boolean
  if (typeof v === 'string') {
    const c = v.charCodeAt(0)
    // The common shape first; anything else (and every failure) goes the general way.
    ok = format === undefined && c >= 48 && c <= 57 && parseRfc3339Parts(v, out)
    if (!ok) {
      const ns = format === undefined ? parseTimeAuto(v) : parseGoLayout(v, format)
      if (ns === null) return failure(v, field, format)
      bigintToParts(ns, out)
      ok = true
    }
  } else if (typeof v === 'number') {
    ok = epochToParts(v, out)
  } else if (v instanceof Date) {
    const ms = v.getTime()
    ok = !Number.isNaN(ms)
    out.ms = ms
    out.sub = 0
  } else {
    const res = readTimestamp(v, field, format)
    if (!res.ok) return res.error
    bigintToParts(res.ns, out)
    return undefined
  }
  if (ok && partsInInt64(out.ms, out.sub)) return undefined
  return failure(v, field, format)
}

/** The error `readTimestamp` reports for `v` (which must fail there). */
function failure(v: unknown, field: string, format: string | undefined): string {
  const res = readTimestamp(v, field, format)
  return res.ok ? `timestamp field "${field}" value ${preview(v)} was read inconsistently` : res.error
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return 'an array'
  if (v === null) return 'null'
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`
}

/** The value quoted for a message, cut to PREVIEW_UNITS. */
export function preview(v: unknown): string {
  if (typeof v === 'string') {
    return v.length > PREVIEW_UNITS ? JSON.stringify(v.slice(0, PREVIEW_UNITS)) + '…' : JSON.stringify(v)
  }
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString()
  return String(v)
}
