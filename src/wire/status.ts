// wire/status.ts: `QueryStatus` → the wire `status` object of both formats (api-contract.md §1.5),
// with the Go message enums (§2.6). Emits only §1.5 keys; never a float elapsedTime or an empty time.

import type { QueryStatus, ResultMessage } from '../exec/result.ts'
import { wireTime } from './cells.ts'
import { FormatError } from './errors.ts'
import type { FormatOptions, WireMessage, WireStatus } from './types.ts'

/** Message priorities Go's `querylegacy.MessagePriority` decodes; anything else fails the response. */
export const GO_MESSAGE_PRIORITIES: readonly string[] = [
  '',
  'trace',
  'debug',
  'info',
  'warn',
  'error',
  'fatal',
]

/** Message codes Go's `querylegacy.MessageCode` decodes besides any `apl_…` code. */
export const GO_MESSAGE_CODES: readonly string[] = [
  '',
  'virtual_field_finalize_error',
  'missing_column',
  'license_limit_for_query_warning',
  'default_limit_warning',
]

/** True when Go's legacy decoder accepts `code` (a listed code or any `apl_` prefix). */
export function isGoMessageCode(code: string): boolean {
  return code.startsWith('apl_') || GO_MESSAGE_CODES.includes(code)
}

/** A non-negative integer from an in-process figure (Go decodes these as unsigned integers). */
function count(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0
}

function wireMessage(m: ResultMessage): WireMessage {
  if (!GO_MESSAGE_PRIORITIES.includes(m.priority)) {
    throw new FormatError('bad_message', `message priority '${m.priority}' is not one Go's client decodes`)
  }
  if (!isGoMessageCode(m.code)) {
    throw new FormatError(
      'bad_message',
      `message code '${m.code}' is not one Go's client decodes (use a listed code or an 'apl_' prefix)`,
    )
  }
  return { priority: m.priority, count: count(m.count), code: m.code, msg: m.msg }
}

/**
 * The wire `status`. `elapsedTime` is rounded to whole µs; counts are clamped to non-negative
 * integers; block times are present only when known; `cacheStatus` is always 1 (miss); `messages`
 * is always sent (possibly empty). `extra` messages come after the result's own.
 */
export function toWireStatus(
  s: QueryStatus,
  opts: FormatOptions = {},
  extra: readonly ResultMessage[] = [],
): WireStatus {
  return {
    elapsedTime: count(Math.round(s.elapsedTime)),
    ...(opts.minCursor !== undefined ? { minCursor: opts.minCursor } : {}),
    ...(opts.maxCursor !== undefined ? { maxCursor: opts.maxCursor } : {}),
    blocksExamined: count(s.blocksExamined),
    rowsExamined: count(s.rowsExamined),
    rowsMatched: count(s.rowsMatched),
    numGroups: count(s.numGroups),
    isPartial: s.isPartial,
    isEstimate: s.isEstimate,
    cacheStatus: 1,
    ...(s.minBlockTime !== undefined ? { minBlockTime: wireTime(s.minBlockTime) } : {}),
    ...(s.maxBlockTime !== undefined ? { maxBlockTime: wireTime(s.maxBlockTime) } : {}),
    messages: [...s.messages, ...extra].map(wireMessage),
  }
}
