// exec/context.ts: what one query run shares across its operators: the pinned snapshot, the window,
// the clock, the guard (deadline, abort signal and memory budget; checked between blocks and inside
// long loops), and the counters that become `status`. Never holds per-row state.
import type { ScanStats, Snapshot } from '../storage/snapshot.ts'
import { QueryGuard } from './guard.ts'

export { ExecError, type ExecErrorCode } from './exec-error.ts'

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
  /** Deadline, signal and memory budget as operators and kernels check them. */
  readonly guard: QueryGuard
  readonly stats: ExecStats
  /** externaldata's access: the bytes of a URL the caller allows (it throws otherwise); absent: none. */
  readonly readExternal?: ExternalReader
  /**
   * Tests: cut every summarize input batch into pieces of this many live rows (the cutting a
   * summarize does by itself once batches prove slow, ops/batch-pieces.ts), to compare results.
   */
  readonly pieceRows?: number
}

/** Reads one externaldata URL (at most `maxBytes`), or throws ExecError `external_data_*`. */
export type ExternalReader = (url: string) => Promise<Uint8Array>

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

/** Builds a context (a guard over its deadline and signal, without a memory budget, unless given). */
export function createContext(
  fields: Omit<ExecContext, 'stats' | 'guard'> & { stats?: ExecStats; guard?: QueryGuard },
): ExecContext {
  const guard = fields.guard ?? new QueryGuard({ deadline: fields.deadline, signal: fields.signal })
  return { ...fields, guard, stats: fields.stats ?? newStats() }
}

/** Throws when the query was aborted or ran past its deadline (called between blocks). */
export function checkInterrupt(ctx: ExecContext): void {
  ctx.guard.check()
}
