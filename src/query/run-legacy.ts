// query/run-legacy.ts: the one path from a legacy query body to its result: compile it (validate →
// translate to APL → bind: legacy/compile-request.ts), run its plans on the APL executor (run-apl.ts)
// against one pinned snapshot, and read their results back into the legacy shape (wire/legacy-result.ts).

import { MAX_ROW_LIMIT } from '../exec/run.ts'
import { compileLegacyRequest } from '../legacy/compile-request.ts'
import { type LogicalPlan, schemaFromSnapshot } from '../plan/index.ts'
import type { Snapshot } from '../storage/snapshot.ts'
import { aggregateResult, type LegacyResult, matchesResult, type WireFieldMeta } from '../wire/index.ts'
import { DEFAULT_DEADLINE_MS, runPlan } from './run-apl.ts'

/** Options of one legacy query run in-process. */
export interface LegacyRunOptions {
  /** Now, epoch ns. */
  readonly now: bigint
  /** Replaces the request's `startTime` (RFC 3339 or `now-1h` style). */
  readonly startTime?: string
  /** Replaces the request's `endTime`. */
  readonly endTime?: string
  /** Deadline in ms for the whole request, every query included (default 30,000). */
  readonly deadlineMs?: number
  readonly signal?: AbortSignal
  /** Apply the optimizer (default true; off only to compare results). */
  readonly optimize?: boolean
}

/** Runs a legacy query over `dataset` in `snapshot` (see module header). */
export async function runLegacy(
  snapshot: Snapshot,
  dataset: string,
  request: unknown,
  opts: LegacyRunOptions,
): Promise<LegacyResult> {
  const started = performance.now()
  const { request: req, compiled: c } = compileLegacyRequest(
    schemaFromSnapshot(snapshot),
    dataset,
    request,
    opts,
  )
  const budget = opts.deadlineMs ?? DEFAULT_DEADLINE_MS
  const run = (plan: LogicalPlan, limit?: number) =>
    runPlan(snapshot, plan, {
      now: opts.now,
      ...(req.startTime !== undefined ? { startTime: req.startTime } : {}),
      ...(req.endTime !== undefined ? { endTime: req.endTime } : {}),
      ...(limit !== undefined ? { limit } : {}),
      // One budget for the request: a second query gets what the first left.
      deadlineMs: Math.max(1, budget - (performance.now() - started)),
      ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
      ...(opts.optimize !== undefined ? { optimize: opts.optimize } : {}),
    })
  const out =
    c.kind === 'matches'
      ? matchesResult(await run(c.matches.plan), c.limit)
      : aggregateResult(await run(c.totals.plan), await run(c.series.plan, MAX_ROW_LIMIT), c)
  return { ...out, fieldsMeta: fieldsMeta(snapshot, dataset) }
}

/** `fieldsMeta` (§2.4): the dataset's fields and their storage types; no units or descriptions kept. */
function fieldsMeta(snapshot: Snapshot, dataset: string): WireFieldMeta[] {
  return snapshot
    .schema(dataset)
    .map((f) => ({ name: f.name, type: f.type, unit: '', hidden: false, description: '' }))
}
