// otlp/otlp-error.ts: the errors OTLP ingest raises for a whole request (HTTP status and stable code),
// and the one a single span or log record raises to fail alone.

/** Stable codes of a refused OTLP request. */
export type OtlpErrorCode = 'otlp_invalid_protobuf' | 'otlp_invalid_json' | 'otlp_unsupported_media_type'

/** A refused OTLP request: nothing of it was ingested. */
export class OtlpError extends Error {
  readonly code: OtlpErrorCode
  /** HTTP status: 400 for a malformed body, 415 for a content type OTLP/HTTP does not define. */
  readonly status: number
  constructor(code: OtlpErrorCode, status: number, message: string) {
    super(message)
    this.name = 'OtlpError'
    this.code = code
    this.status = status
  }
}

/** One span or log record that cannot be stored (the rest of the request still is). */
export class OtlpItemError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OtlpItemError'
  }
}
