// service/routes/apl-explain.ts: `POST /v1/datasets/_apl/explain` (apldb's own; Axiom has no such
// route): explain analyze of the body's APL as the caller: the logical plan before and after the
// optimizer, the physical operators and the blocks and rows it read. Never returns rows.

import { explainAnalyze } from '../../query/explain.ts'
import { deadlineAt } from '../../query/run-apl.ts'
import { bindOptimizedOffThread } from '../apl-auth.ts'
import { objectBody, optString, reqString } from '../body-fields.ts'
import type { Reply, RouteContext } from '../route-types.ts'

/** Explains the request's APL over the request's window (the same body as a query). */
export async function aplExplain(ctx: RouteContext): Promise<Reply> {
  const body = objectBody(await ctx.json())
  const apl = reqString(body, 'apl')
  const window = { startTime: optString(body, 'startTime'), endTime: optString(body, 'endTime') }
  const now = ctx.db.now()
  await ctx.db.warmTails()
  const snap = ctx.db.snapshot()
  try {
    // Authorization first: the explain below binds against every dataset. A long text compiles on
    // the compile worker, within the query's deadline and abort signal.
    const limits = { deadline: deadlineAt(ctx.settings.queryDeadlineMs), signal: ctx.signal }
    await bindOptimizedOffThread(snap, apl, ctx.principal, 'read', undefined, limits)
    const report = await explainAnalyze(snap, apl, {
      ...window,
      now,
      deadlineMs: ctx.settings.queryDeadlineMs,
      signal: ctx.signal,
    })
    return { status: 200, body: report }
  } finally {
    snap.release()
  }
}
