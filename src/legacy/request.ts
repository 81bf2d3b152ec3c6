// legacy/request.ts: validates and normalises a legacy query body (api-contract.md §2.1) into a
// NormalRequest: defaults applied (Go's all-keys-present bodies included), times resolved, limits
// checked, expressions parsed. Throws LegacyError; never touches data.

import { MAX_ROW_LIMIT } from '../exec/run.ts'
import { parseGoDuration, parseTimeBound } from '../util/time/index.ts'
import { cursorAt, cursorOfToken } from './cursor.ts'
import { LegacyError } from './errors.ts'
import { type JsonObject, object, optArray, optBool, optString, requiredString } from './json-shape.ts'
import type { NormalCursor, NormalRequest } from './normalized.ts'
import { normalizeAggregation } from './request-aggregations.ts'
import { normalizeFilter } from './request-filter.ts'
import { parseScalarExpr } from './scalar-expr.ts'

/** Rows (or groups) returned when the request's limit is 0 or absent. */
export const DEFAULT_LEGACY_LIMIT = 1000

/** Fields every event has, which a virtual field may not replace. */
const SYSTEM_FIELDS: readonly string[] = ['_time', '_sysTime', '_rowId']

/** Go's zero `time.Time` in epoch ns: Go sends it for an unset start or end time. */
const GO_ZERO_TIME_NS = -62_135_596_800n * 1_000_000_000n

/** Overrides and context for normalising (the query clock and the caller's window). */
export interface NormalizeOptions {
  /** Now, epoch ns. */
  readonly now: bigint
  /** Replaces the request's `startTime` when given. */
  readonly startTime?: string
  /** Replaces the request's `endTime` when given. */
  readonly endTime?: string
}

/** A window bound's text and value; Go's zero time and `""` count as unset. */
function bound(text: string | undefined, now: bigint, key: string): { text?: string; ns?: bigint } {
  if (text === undefined || text.trim() === '') return {}
  const ns = parseTimeBound(text, now)
  if (ns === null)
    throw new LegacyError('invalid_time', `${key} '${text}' is not an RFC 3339 time or now-relative bound`)
  return ns === GO_ZERO_TIME_NS ? {} : { text, ns }
}

function resolution(o: JsonObject): bigint | 'auto' {
  const text = optString(o, 'resolution', 'invalid_resolution', 'request') ?? ''
  if (text === '' || text.toLowerCase() === 'auto') return 'auto'
  const ns = parseGoDuration(text)
  if (ns === null || ns < 0n)
    throw new LegacyError(
      'invalid_resolution',
      `resolution '${text}' is not 'auto' or a Go duration such as 1m30s`,
    )
  return ns === 0n ? 'auto' : ns
}

function limit(o: JsonObject): number {
  const v = o.limit
  if (v === undefined || v === null || v === 0) return DEFAULT_LEGACY_LIMIT
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_ROW_LIMIT)
    throw new LegacyError(
      'invalid_limit',
      `limit must be a whole number 0…${MAX_ROW_LIMIT} (0 = ${DEFAULT_LEGACY_LIMIT})`,
    )
  return v
}

function cursor(o: JsonObject): NormalCursor | null {
  const inclusive = optBool(o, 'includeCursor', 'invalid_request', 'request') ?? false
  const token = optString(o, 'continuationToken', 'invalid_cursor', 'request') ?? ''
  if (token !== '') return cursorOfToken(token)
  const at = optString(o, 'cursor', 'invalid_cursor', 'request') ?? ''
  return at === '' ? null : cursorAt(at, inclusive, 'cursor')
}

function unique<T>(
  items: readonly T[],
  key: (t: T) => string,
  code: 'invalid_virtual_field' | 'invalid_projection',
  what: string,
): void {
  const seen = new Set<string>()
  for (const it of items) {
    const k = key(it)
    if (seen.has(k)) throw new LegacyError(code, `${what} '${k}' appears twice`)
    seen.add(k)
  }
}

/** Validates `raw` (a parsed JSON body or an in-process object) into a NormalRequest. */
export function normalizeRequest(raw: unknown, opts: NormalizeOptions): NormalRequest {
  const o = object(raw, 'invalid_request', 'request')
  const start = bound(
    opts.startTime ?? optString(o, 'startTime', 'invalid_time', 'request'),
    opts.now,
    'startTime',
  )
  const end = bound(opts.endTime ?? optString(o, 'endTime', 'invalid_time', 'request'), opts.now, 'endTime')
  const aggregations = optArray(o, 'aggregations', 'invalid_aggregation', 'request').map((a, i) =>
    normalizeAggregation(a, `aggregations[${i}]`),
  )
  const groupBy = optArray(o, 'groupBy', 'invalid_request', 'request').map((g, i) => {
    if (typeof g !== 'string' || g === '')
      throw new LegacyError('invalid_request', `groupBy[${i}] must be a field name (a non-empty string)`)
    return g
  })
  const order = optArray(o, 'order', 'invalid_order', 'request').map((r, i) => {
    const e = object(r, 'invalid_order', `order[${i}]`)
    return {
      field: requiredString(e, 'field', 'invalid_order', `order[${i}]`),
      desc: optBool(e, 'desc', 'invalid_order', `order[${i}]`) ?? false,
    }
  })
  const virtualFields = optArray(o, 'virtualFields', 'invalid_virtual_field', 'request').map((r, i) => {
    const path = `virtualFields[${i}]`
    const e = object(r, 'invalid_virtual_field', path)
    const alias = requiredString(e, 'alias', 'invalid_virtual_field', path)
    if (SYSTEM_FIELDS.includes(alias))
      throw new LegacyError(
        'invalid_virtual_field',
        `${path}: '${alias}' is a system field; choose another alias`,
      )
    const text = requiredString(e, 'expr', 'invalid_virtual_field', path)
    return { alias, expr: parseScalarExpr(text, 'invalid_virtual_field', `${path} '${alias}'`) }
  })
  unique(virtualFields, (v) => v.alias, 'invalid_virtual_field', 'virtual field')
  const project = optArray(o, 'project', 'invalid_projection', 'request').map((r, i) => {
    const e = object(r, 'invalid_projection', `project[${i}]`)
    const field = requiredString(e, 'field', 'invalid_projection', `project[${i}]`)
    return { field, alias: optString(e, 'alias', 'invalid_projection', `project[${i}]`) || field }
  })
  unique(project, (p) => p.alias, 'invalid_projection', 'projected name')
  return {
    ...(start.text !== undefined ? { startTime: start.text } : {}),
    ...(end.text !== undefined ? { endTime: end.text } : {}),
    window: { start: start.ns ?? 0n, end: end.ns ?? opts.now },
    resolution: resolution(o),
    aggregations,
    // groupBy means nothing without aggregations (Go's doc); duplicates would be one key anyway.
    groupBy: aggregations.length === 0 ? [] : [...new Set(groupBy)],
    filter: normalizeFilter(o.filter),
    order,
    limit: limit(o),
    virtualFields,
    project,
    cursor: cursor(o),
  }
}
