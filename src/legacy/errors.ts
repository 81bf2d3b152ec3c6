// legacy/errors.ts: the one error a bad legacy query raises: a stable code (for the HTTP status)
// and a message that names the offending part of the request and what to send instead.

/**
 * Stable codes of LegacyError. `dataset_not_found` is a 404; every other code is a 400 (the
 * request is wrong, resending it unchanged fails the same way).
 */
export const LEGACY_ERROR_CODES = [
  'invalid_request',
  'invalid_time',
  'invalid_filter',
  'invalid_aggregation',
  'unsupported_aggregation',
  'invalid_resolution',
  'invalid_order',
  'invalid_limit',
  'invalid_projection',
  'invalid_virtual_field',
  'invalid_cursor',
  'dataset_not_found',
] as const

/** One stable LegacyError code. */
export type LegacyErrorCode = (typeof LEGACY_ERROR_CODES)[number]

/** A legacy query the server refuses (see LEGACY_ERROR_CODES). */
export class LegacyError extends Error {
  readonly code: LegacyErrorCode

  constructor(code: LegacyErrorCode, message: string) {
    super(message)
    this.name = 'LegacyError'
    this.code = code
  }
}
