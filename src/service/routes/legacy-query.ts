// service/routes/legacy-query.ts: `POST /v1/datasets/{id}/query` (api-contract.md §2): the legacy
// structured query, answered by the store's `queryLegacy` (src/legacy translates it into the same
// plan APL builds). The body goes to the translator as sent; Go's zero-valued keys are its to default.
import type { QueryRequest } from '../../legacy/index.ts'
import { objectBody } from '../body-fields.ts'
import { asUserError } from '../foreign-errors.ts'
import type { Reply, RouteContext } from '../route-types.ts'

/** Runs a legacy query on the path's dataset. */
export async function legacyQuery(ctx: RouteContext): Promise<Reply> {
  const request = objectBody(await ctx.json()) as QueryRequest
  const result = await asUserError(() =>
    ctx.db.queryLegacy(ctx.params.id, request, {
      ...(ctx.settings.queryDeadlineMs !== undefined ? { deadlineMs: ctx.settings.queryDeadlineMs } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    }),
  )
  return { status: 200, body: result }
}
