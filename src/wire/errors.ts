// wire/errors.ts: the one error of the wire formatters. It flags a malformed in-process result
// (an engine bug), never user input: sending such a result would crash or fail the official clients.

/** Stable codes of wire-format errors. */
export type FormatErrorCode = 'ragged_columns' | 'bad_agg_name' | 'bad_message'

/** A `QueryResult` that cannot be put on the wire without breaking a client. */
export class FormatError extends Error {
  /** Which invariant the result broke. */
  readonly code: FormatErrorCode

  constructor(code: FormatErrorCode, message: string) {
    super(message)
    this.name = 'FormatError'
    this.code = code
  }
}
