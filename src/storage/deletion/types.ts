// storage/deletion/types.ts: the observable vocabulary of block deletions (states and the info
// record `deletions()` returns). Types only.

/**
 * Where a committed deletion is: `queued` (hidden from queries, files still on disk), `applying`
 * (files being unlinked), `deleted` (files gone, `DeleteApplied` durable), `failed` (an I/O error;
 * retried with backoff, back to `applying`).
 */
export type DeletionState = 'queued' | 'applying' | 'deleted' | 'failed'

/** One committed block deletion as `deletions()` reports it. */
export interface DeletionInfo {
  /** Stable id of the request (`del_<opstamp>`), as returned by `deleteBlocks`. */
  readonly requestId: string
  /** Monotonic request number. */
  readonly opstamp: number
  /** Dataset name when the request was made. */
  readonly dataset: string
  readonly blockIds: readonly string[]
  /** Rows held by the deleted blocks. */
  readonly rowsDeleted: number
  readonly state: DeletionState
  /** When the request was committed, RFC3339 (store clock). */
  readonly createdAt: string
  /** When the files were gone and `DeleteApplied` durable, RFC3339 (store clock). */
  readonly appliedAt?: string
  /** Wall time from queued (in this process) to deleted, ms. */
  readonly latencyMs?: number
  /** Failed attempts so far. */
  readonly attempts: number
  /** The last I/O error, while `failed`. */
  readonly lastError?: string
}

/** The request id of an opstamp. */
export function requestIdOf(opstamp: number): string {
  return `del_${opstamp}`
}
