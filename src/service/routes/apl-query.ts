// service/routes/apl-query.ts: `POST /v1/datasets/_apl` and its edge twin `/v1/query/_apl`
// (api-contract.md §1): the body and query-string options of both clients (JS puts `cursor` in the
// query string, Go in the body), authorization on every dataset the plan reads, and the tabular or
// legacy wire shape. A missing `format` means legacy (§1.1).

import { legacyRequestFromApl } from '../../legacy/index.ts'
import { deadlineAt, msLeft, runOptimizedPlan } from '../../query/run-apl.ts'
import { toLegacy, toTabularSliced } from '../../wire/index.ts'
import { bindOptimizedOffThread } from '../apl-auth.ts'
import { objectBody, optBool, optCount, optString, reqString } from '../body-fields.ts'
import { resultCursors, windowAfterCursor } from '../cursor.ts'
import type { Reply, RouteContext } from '../route-types.ts'
import { badRequest } from '../service-error.ts'

const FORMATS = ['tabular', 'legacy'] as const

function format(query: URLSearchParams): 'tabular' | 'legacy' {
  const f = query.get('format')
  if (f === null || f === '') return 'legacy'
  if (!(FORMATS as readonly string[]).includes(f)) {
    throw badRequest(
      'invalid_format',
      `format must be tabular or legacy, got ${JSON.stringify(f.slice(0, 32))}`,
    )
  }
  return f as 'tabular' | 'legacy'
}

function checkVariables(v: unknown): void {
  if (v === undefined || v === null) return
  if (typeof v !== 'object' || Array.isArray(v))
    throw badRequest('invalid_body', 'variables must be an object')
  if (Object.keys(v).length > 0) {
    throw badRequest(
      'not_supported',
      'query variables are not supported; declare them in the query with let statements instead',
    )
  }
}

/** Runs the request's APL as the caller and answers in the requested wire format. */
export async function aplQuery(ctx: RouteContext): Promise<Reply> {
  const fmt = format(ctx.query)
  const body = objectBody(await ctx.json())
  const apl = reqString(body, 'apl')
  checkVariables(body.variables)
  const cursor = optString(body, 'cursor') ?? (ctx.query.get('cursor') || undefined)
  const includeCursor = optBool(body, 'includeCursor') ?? ctx.query.get('includeCursor') === 'true'
  const limit = optCount(body, 'defaultLimit')
  // apldb's own: this query's memory budget (within the store's ceiling; exec/run.ts checks it).
  const memoryBytes = optCount(body, 'memoryBytes')
  let window: { startTime?: string; endTime?: string } = {
    startTime: optString(body, 'startTime'),
    endTime: optString(body, 'endTime'),
  }
  const now = ctx.db.now()
  // One deadline for compile and run; a client that disconnects stops either (issue 28).
  const deadline = deadlineAt(ctx.settings.queryDeadlineMs)
  await ctx.db.warmTails()
  const snap = ctx.db.snapshot()
  try {
    // Bound and optimized (a long text off the event loop: query/compile-off-thread.ts).
    const plan = await bindOptimizedOffThread(snap, apl, ctx.principal, 'read', now, {
      deadline,
      signal: ctx.signal,
    })
    if (cursor !== undefined) window = windowAfterCursor(window, cursor, includeCursor, plan, now)
    const result = await runOptimizedPlan(snap, plan, {
      ...window,
      ...(limit !== undefined && limit > 0 ? { limit } : {}),
      ...(memoryBytes !== undefined ? { memoryBytes } : {}),
      now,
      deadlineMs: msLeft(deadline),
      signal: ctx.signal,
      readExternal: ctx.settings.readExternal,
    })
    const cursors = resultCursors(result)
    // apldb's own figure, outside the wire body (Axiom's status has no such key): blocks skipped unread.
    const headers = { 'x-apldb-blocks-pruned': String(result.status.blocksPruned) }
    if (fmt === 'tabular') return { status: 200, headers, body: await toTabularSliced(result, cursors) }
    // Legacy answers echo the request when the APL is expressible as one (api-contract.md §1.6).
    const request = legacyRequestFromApl(apl, window)
    return { status: 200, headers, body: toLegacy(result, request ? { ...cursors, request } : cursors) }
  } finally {
    snap.release()
  }
}
