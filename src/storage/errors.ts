// storage/errors.ts: the one error type the storage layer throws for conditions a caller can cause
// or must handle, each with a stable code. HTTP maps codes to statuses; messages say what to do.

/** Stable storage error codes. */
export type StoreErrorCode =
  | 'invalid_dataset_name'
  | 'dataset_exists'
  | 'dataset_not_found'
  | 'map_field_exists'
  | 'map_field_not_found'
  | 'invalid_argument'
  | 'invalid_input'
  | 'store_locked'
  | 'store_closed'
  | 'store_failed'
  | 'store_read_only'
  | 'manifest_corrupt'
  | 'block_corrupt'
  | 'block_missing'
  | 'vacuum_too_soon'
  | 'not_supported'

/** An error with a stable code (see `StoreErrorCode`). */
export class StoreError extends Error {
  readonly code: StoreErrorCode
  /** When a refused request may be tried again (`vacuum_too_soon`), RFC 3339. */
  readonly retryAt?: string
  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown; retryAt?: string }) {
    super(message, options)
    this.name = 'StoreError'
    this.code = code
    if (options?.retryAt !== undefined) this.retryAt = options.retryAt
  }
}
