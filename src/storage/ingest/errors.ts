// storage/ingest/errors.ts: the error a caller gets for input that cannot be read as events at all
// (malformed JSON array, unknown format, bad CSV delimiter or header). Per-event problems are never thrown.

/** Stable codes of `IngestInputError`. */
export type IngestInputErrorCode =
  | 'invalid_json'
  | 'invalid_csv'
  | 'unsupported_format'
  | 'invalid_csv_delimiter'

/** The whole ingest input is unreadable; nothing from it was ingested. */
export class IngestInputError extends Error {
  /** Stable machine-readable code (see `IngestInputErrorCode`). */
  readonly code: IngestInputErrorCode

  constructor(code: IngestInputErrorCode, message: string) {
    super(message)
    this.name = 'IngestInputError'
    this.code = code
  }
}
