// query/delete-blocks-error.ts: the errors a block deletion request can cause outside its APL text
// (APL problems are AplErrors with a span). Each has a stable code and the HTTP status it deserves.

/** Stable codes of `DeleteError`. */
export type DeleteErrorCode = 'invalid_argument' | 'time_range_required' | 'delete_too_large'

/** HTTP status per code (all are the caller's to fix). */
const HTTP_STATUS: { readonly [C in DeleteErrorCode]: number } = {
  invalid_argument: 400,
  time_range_required: 400,
  delete_too_large: 400,
}

/** A refused block deletion request; nothing was written. */
export class DeleteError extends Error {
  readonly code: DeleteErrorCode
  constructor(code: DeleteErrorCode, message: string) {
    super(message)
    this.name = 'DeleteError'
    this.code = code
  }

  /** HTTP status the API answers with. */
  get httpStatus(): number {
    return HTTP_STATUS[this.code]
  }
}
