// service/error-response.ts: any error a request raised → the API's error response (api-contract.md
// §8): `{code: <HTTP status>, message, error: <stable code>}`, plus `detail` (code, line, column,
// span) for APL. The one place statuses are chosen for the store's, engine's and formatters' codes.
import { AplError } from '../diagnostics/diagnostic.ts'
import { ExecError, type ExecErrorCode } from '../exec/context.ts'
import { OtlpError } from '../otlp/otlp-error.ts'
import { StoreError, type StoreErrorCode } from '../storage/errors.ts'
import { IngestInputError } from '../storage/ingest/index.ts'
import { FormatError, WireTooLarge } from '../wire/index.ts'
import type { ServiceResponse } from './route-types.ts'
import { type ErrorDetail, ServiceError } from './service-error.ts'

/** HTTP status of each storage code (unknown codes are the caller's fault: 400). */
const STORE_STATUS: Readonly<Record<StoreErrorCode, number>> = {
  invalid_dataset_name: 400,
  dataset_exists: 409,
  dataset_not_found: 404,
  map_field_exists: 409,
  map_field_not_found: 404,
  invalid_argument: 400,
  invalid_input: 400,
  store_locked: 503,
  store_closed: 503,
  store_failed: 503,
  store_read_only: 409,
  manifest_corrupt: 500,
  block_corrupt: 500,
  block_missing: 500,
  vacuum_too_soon: 429,
  not_supported: 501,
}

/** HTTP status of each executor code. */
const EXEC_STATUS: Readonly<Record<ExecErrorCode, number>> = {
  not_supported: 400,
  deadline_exceeded: 408,
  aborted: 499,
  strict_types: 400,
  invalid_argument: 400,
  join_too_large: 400,
  // Axiom answers a query past its memory limit with 432 (reference/performance.mdx); a server
  // whose memory for queries is taken by others answers 429 with Retry-After (see errorParts).
  query_memory_exceeded: 432,
  value_too_large: 400,
  too_many_groups: 400,
  external_data_refused: 403,
  external_data_invalid: 400,
}

/** Error codes of the OS that mean the disk cannot take a write now (not the request's fault). */
const DISK_ERRNO = new Set(['ENOSPC', 'EDQUOT', 'EROFS'])

/** Seconds a client should wait before retrying a request refused for lack of server memory. */
export const MEMORY_RETRY_AFTER_S = 2

const LOCATION = /^line: (\d+), col: (\d+): /

function aplDetail(e: AplError): { message: string; detail: ErrorDetail } {
  const d = e.diagnostics.find((x) => x.severity === 'error') ?? e.diagnostics[0]
  if (!d) return { message: e.message, detail: {} }
  const m = LOCATION.exec(d.message)
  return {
    message: d.message,
    detail: {
      code: d.code,
      message: m ? d.message.slice(m[0].length) : d.message,
      line: m ? Number(m[1]) : 1,
      column: m ? Number(m[2]) : 1,
      start: d.span.start,
      length: d.span.length,
    },
  }
}

/** A refused request's parts: status, stable code, message and optional detail. */
export interface ErrorParts {
  readonly status: number
  readonly code: string
  readonly message: string
  readonly detail?: ErrorDetail
  /** True for a fault of the server rather than the request (worth logging). */
  readonly internal: boolean
  /** Extra response headers (Retry-After). */
  readonly headers?: Readonly<Record<string, string>>
}

/** Classifies any thrown value. */
export function errorParts(e: unknown): ErrorParts {
  if (e instanceof ServiceError) {
    return { status: e.status, code: e.code, message: e.message, detail: e.detail, internal: e.status >= 500 }
  }
  if (e instanceof AplError) {
    const { message, detail } = aplDetail(e)
    return {
      status: e.httpStatus,
      code: String(detail.code ?? 'apl_error'),
      message,
      detail,
      internal: false,
    }
  }
  if (e instanceof StoreError) {
    const status = Object.hasOwn(STORE_STATUS, e.code) ? STORE_STATUS[e.code] : 400
    return { status, code: e.code, message: e.message, internal: status >= 500 && status !== 503 }
  }
  if (e instanceof ExecError) {
    if (e.code === 'query_memory_exceeded' && e.scope === 'process') {
      const headers = { 'retry-after': String(MEMORY_RETRY_AFTER_S) }
      return { status: 429, code: e.code, message: e.message, internal: false, headers }
    }
    return { status: EXEC_STATUS[e.code] ?? 400, code: e.code, message: e.message, internal: false }
  }
  if (e instanceof IngestInputError) return { status: 400, code: e.code, message: e.message, internal: false }
  if (e instanceof OtlpError) return { status: e.status, code: e.code, message: e.message, internal: false }
  if (e instanceof WireTooLarge) return { status: 400, code: e.code, message: e.message, internal: false }
  if (e instanceof FormatError) {
    return { status: 500, code: e.code, message: `the result cannot be sent: ${e.message}`, internal: true }
  }
  const errno = (e as { code?: unknown } | null)?.code
  if (typeof errno === 'string' && DISK_ERRNO.has(errno)) {
    const message = `the store cannot write now (${errno}: the disk is full or read-only); retry after freeing space`
    return { status: 503, code: 'storage_unavailable', message, internal: true }
  }
  return { status: 500, code: 'internal', message: 'internal error; see the server log', internal: true }
}

/** The JSON error response of `parts`. */
export function errorResponse(parts: ErrorParts, headers: Record<string, string> = {}): ServiceResponse {
  return {
    status: parts.status,
    headers: { ...headers, ...parts.headers },
    body: {
      code: parts.status,
      message: parts.message,
      error: parts.code,
      ...(parts.detail !== undefined ? { detail: parts.detail } : {}),
    },
  }
}
