// exec/context.ts: what one query run shares across its operators: the pinned snapshot, the window,
// the clock, the deadline and abort signal (checked between blocks), and the counters that become
// `status`. Also the executor's user-facing error. Never holds per-row state.
import type { ScanStats, Snapshot } from '../storage/snapshot.ts'

/** Why execution stopped or refused: a stable code plus a message a user can act on. */
export type ExecErrorCode =
  | 'not_supported'
  | 'deadline_exceeded'
  | 'aborted'
  | 'strict_types'
  | 'invalid_argument'
  | 'join_too_large'
  | 'too_many_groups'

/** An error a query can cause at run time. */
export class ExecError extends Error {
  override readonly name = 'ExecError'
  readonly code: ExecErrorCode

  constructor(code: ExecErrorCode, message: string) {
    super(message)
    this.code = code
  }
}

/** Counters filled while running; `run.ts` turns them into `QueryStatus`. */
export interface ExecStats {
  /** Snapshot scan counters, summed over every scan of the query. */
  readonly scan: ScanStats
  /** Rows of the window that reached the first operator above a scan. */
  rowsExamined: number
  /** Rows that the root produced before any cap. */
  rowsMatched: number
  numGroups: number
  isEstimate: boolean
  /** Units of parallel scans (count), and those of them that a query worker thread ran. */
  readonly parallel: { units: number; workerUnits: number }
  /** Oldest / newest `_time` (epoch ns) over the blocks examined. */
  minBlockTime?: bigint
  maxBlockTime?: bigint
}

/** The per-query context every operator's `batches(ctx)` receives. */
export interface ExecContext {
  readonly snapshot: Snapshot
  /** Query window on `_time`, `[start, end)` epoch ns; an absent bound is open. */
  readonly window: { readonly start?: bigint; readonly end?: bigint }
  /** Now, epoch ns (one value per query). */
  readonly now: bigint
  /** `set stricttypes`: per-value comparisons of different kinds throw instead of being false. */
  readonly strictTypes: boolean
  /** Wall-clock deadline (`performance.now()` ms), or undefined for none. */
  readonly deadline: number | undefined
  readonly signal: AbortSignal | undefined
  readonly stats: ExecStats
}

/** Fresh, zeroed statistics. */
export function newStats(): ExecStats {
  return {
    scan: { blocksTotal: 0, blocksPruned: 0, blocksScanned: 0, rowsScanned: 0, blocksFromStats: 0 },
    rowsExamined: 0,
    rowsMatched: 0,
    numGroups: 0,
    isEstimate: false,
    parallel: { units: 0, workerUnits: 0 },
  }
}

/** Builds a context. */
export function createContext(fields: Omit<ExecContext, 'stats'> & { stats?: ExecStats }): ExecContext {
  return { ...fields, stats: fields.stats ?? newStats() }
}

/** Throws when the query was aborted or ran past its deadline (called between blocks). */
export function checkInterrupt(ctx: ExecContext): void {
  if (ctx.signal?.aborted) throw new ExecError('aborted', 'query aborted')
  if (ctx.deadline !== undefined && performance.now() > ctx.deadline) {
    throw new ExecError('deadline_exceeded', 'query ran past its deadline')
  }
}
