// exec/exec-error.ts: the executor's user-facing error: a stable code plus a message a user can act
// on. Codes map to HTTP statuses in service/error-response.ts.

/** Why execution stopped or refused. */
export type ExecErrorCode =
  | 'not_supported'
  | 'deadline_exceeded'
  | 'aborted'
  | 'strict_types'
  | 'invalid_argument'
  | 'join_too_large'
  | 'too_many_groups'
  /** A charge would pass the query's budget (`scope: 'query'`) or the server's (`'process'`). */
  | 'query_memory_exceeded'
  /** A string or array a function would build is past the maximum size of a value. */
  | 'value_too_large'
  /** externaldata: the caller does not allow reading this URL (or any). */
  | 'external_data_refused'
  /** externaldata: a source could not be read (missing, too large) or does not fit its columns. */
  | 'external_data_invalid'

/** An error a query can cause at run time. */
export class ExecError extends Error {
  override readonly name = 'ExecError'
  readonly code: ExecErrorCode
  /** Whose memory budget ran out (`query_memory_exceeded` only). */
  readonly scope: 'query' | 'process' | undefined

  constructor(code: ExecErrorCode, message: string, scope?: 'query' | 'process') {
    super(message)
    this.code = code
    this.scope = scope
  }
}
