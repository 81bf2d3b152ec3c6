// service/service-error.ts: the error the service layer throws for a request it refuses: an HTTP
// status, a stable code and a message that says what to do. Never carries a token secret.

/** Extra, machine-readable context of an error (APL line/column and the like). */
export type ErrorDetail = Readonly<Record<string, unknown>>

/** A refused request: `status` is the HTTP status, `code` a stable snake_case name. */
export class ServiceError extends Error {
  readonly status: number
  readonly code: string
  readonly detail: ErrorDetail | undefined

  constructor(status: number, code: string, message: string, detail?: ErrorDetail) {
    super(message)
    this.name = 'ServiceError'
    this.status = status
    this.code = code
    this.detail = detail
  }
}

/** 400 with `code`. */
export function badRequest(code: string, message: string, detail?: ErrorDetail): ServiceError {
  return new ServiceError(400, code, message, detail)
}

/** 404 with `code`. */
export function notFound(code: string, message: string): ServiceError {
  return new ServiceError(404, code, message)
}

/** 403: a valid token without the capability. */
export function forbidden(message: string): ServiceError {
  return new ServiceError(403, 'forbidden', message)
}

/** 413: a body over `limit` bytes, measured after decompression. */
export function payloadTooLarge(limit: number): ServiceError {
  return new ServiceError(
    413,
    'payload_too_large',
    `the request body exceeds ${limit} bytes (measured after decompression)`,
  )
}
