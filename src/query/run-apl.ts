// query/run-apl.ts: the one path from APL text to a result, above the layers it strings together
// (syntax → plan → optimize → exec ← storage): compile against a pinned snapshot's schemas, apply
// the optimizer (on unless asked off, for differential tests), run, and turn bind errors into an
// AplError carrying the diagnostics (code, span, line/column in the message).
import { AplError } from '../diagnostics/diagnostic.ts'
import { ENGINE_CAPABILITIES } from '../exec/capabilities.ts'
import type { ExternalReader } from '../exec/context.ts'
import type { ParallelMode } from '../exec/parallel/index.ts'
import type { QueryOptions, QueryResult } from '../exec/result.ts'
import { runQuery } from '../exec/run.ts'
import { optimize } from '../optimize/index.ts'
import { compileApl, type LogicalPlan, schemaFromSnapshot } from '../plan/index.ts'
import type { Snapshot } from '../storage/snapshot.ts'
import { type CompileLimits, compileAplOffThread } from './compile-off-thread.ts'

/** Options of one APL query run in-process. */
export interface AplRunOptions extends QueryOptions {
  /** Now, epoch ns (the store's clock when omitted by the caller above). */
  readonly now: bigint
  /** Deadline in ms from the start (default 30,000). */
  readonly deadlineMs?: number
  readonly signal?: AbortSignal
  /** Apply the optimizer rules (default true; off only to compare results). */
  readonly optimize?: boolean
  /** Worker threads for large on-disk scans: 'auto' (default), 'on', 'off'; env APLDB_PARALLEL. */
  readonly parallel?: ParallelMode
  /** The group bound of aggregating results (default exec/run.ts MAX_AGGREGATE_ROWS; tests lower it). */
  readonly maxAggregateRows?: number
  /** externaldata's access (query/external-access.ts); absent: refused. */
  readonly readExternal?: ExternalReader
  /** Tests: summarize input fed in pieces of this many rows (exec/context.ts ExecContext.pieceRows). */
  readonly pieceRows?: number
}

/** Default query deadline, ms (issue 4 item 5). */
export const DEFAULT_DEADLINE_MS = 30_000

/** The absolute deadline (performance.now() ms) of a query given `deadlineMs` now: compile and run share it. */
export function deadlineAt(deadlineMs: number | undefined): number {
  return performance.now() + (deadlineMs ?? DEFAULT_DEADLINE_MS)
}

/** What is left of `deadline` for the run once the query has compiled, ms (0 when it has passed). */
export function msLeft(deadline: number): number {
  return Math.max(0, deadline - performance.now())
}

/** Compiles `apl` against `snapshot`; throws AplError with the diagnostics when it does not bind. */
export function compileForSnapshot(snapshot: Snapshot, apl: string): LogicalPlan {
  const bound = compileApl(apl, schemaFromSnapshot(snapshot), { capabilities: ENGINE_CAPABILITIES })
  if (!bound.plan) throw new AplError(bound.diagnostics)
  return bound.plan
}

/**
 * `compileForSnapshot` (unoptimized), a long text on the compile worker (compile-off-thread.ts),
 * within `limits` (the query's deadline and abort signal).
 */
export async function compileForSnapshotOffThread(
  snapshot: Snapshot,
  apl: string,
  limits: CompileLimits,
): Promise<LogicalPlan> {
  const bound = await compileAplOffThread(apl, schemaFromSnapshot(snapshot), undefined, 'auto', limits)
  if (!bound.plan) throw new AplError(bound.diagnostics)
  return bound.plan
}

/** Runs a bound plan (optimized unless `optimize: false`). */
export function runPlan(snapshot: Snapshot, plan: LogicalPlan, opts: AplRunOptions): Promise<QueryResult> {
  const p = opts.optimize === false ? plan : optimize(plan, { now: opts.now })
  return runOptimizedPlan(snapshot, p, opts)
}

/** Runs a plan as it is (`compileAplOffThread` optimized it already, or the caller wants it unoptimized). */
export function runOptimizedPlan(
  snapshot: Snapshot,
  plan: LogicalPlan,
  opts: AplRunOptions,
): Promise<QueryResult> {
  return runQuery(snapshot, plan, { ...opts, deadlineMs: opts.deadlineMs ?? DEFAULT_DEADLINE_MS })
}

/** Compiles (a long text on the compile worker: compile-off-thread.ts) and runs `apl` against `snapshot`. */
export async function runApl(snapshot: Snapshot, apl: string, opts: AplRunOptions): Promise<QueryResult> {
  const at = opts.optimize === false ? undefined : opts.now
  // The deadline and the abort signal cover the compile too (issue 28).
  const deadline = deadlineAt(opts.deadlineMs)
  const bound = await compileAplOffThread(apl, schemaFromSnapshot(snapshot), at, 'auto', {
    deadline,
    signal: opts.signal,
  })
  if (!bound.plan) throw new AplError(bound.diagnostics)
  return runOptimizedPlan(snapshot, bound.plan, { ...opts, deadlineMs: msLeft(deadline) })
}
