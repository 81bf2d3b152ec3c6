// service/routes/delete-blocks.ts: `POST /v2/datasets/_apl/delete` (api-contract.md §7, DESIGN.md §7):
// block deletion by APL. The caller must hold dataset `data: delete` (or org `datasets: update`) on
// every dataset the APL names; the store's `deleteBlocks` (when this build has it) does the rest.
import type { AnyApldb as Apldb } from '../../query/apldb.ts'
import { deadlineAt } from '../../query/run-apl.ts'
import { bindOptimizedOffThread } from '../apl-auth.ts'
import { objectBody, optString, reqString } from '../body-fields.ts'
import { asUserError } from '../foreign-errors.ts'
import type { Reply, RouteContext } from '../route-types.ts'
import { badRequest, ServiceError } from '../service-error.ts'

/** The arguments of the store's `deleteBlocks`. */
export interface DeleteBlocksArgs {
  apl: string
  startTime?: string
  endTime?: string
  commit: boolean
  variables?: Record<string, unknown>
}

type DeleteBlocks = (
  args: DeleteBlocksArgs,
  opts?: { deadlineMs?: number; signal?: AbortSignal },
) => Promise<unknown>

/** The store's `deleteBlocks`, or undefined when this build has none. */
export function deleteMethod(db: Apldb): DeleteBlocks | undefined {
  const fn = (db as unknown as { deleteBlocks?: unknown }).deleteBlocks
  return typeof fn === 'function' ? (fn.bind(db) as DeleteBlocks) : undefined
}

/** Dry-runs or commits a block deletion. */
export async function deleteBlocks(ctx: RouteContext): Promise<Reply> {
  const run = deleteMethod(ctx.db)
  if (!run) throw new ServiceError(501, 'not_implemented', 'block deletion is not available in this build')
  const body = objectBody(await ctx.json())
  const apl = reqString(body, 'apl')
  if (typeof body.commit !== 'boolean') {
    throw badRequest('invalid_body', 'commit is required: false for a dry run, true to delete')
  }
  const variables = body.variables
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== 'object' || Array.isArray(variables))
  ) {
    throw badRequest('invalid_body', 'variables must be an object')
  }
  await ctx.db.warmTails()
  const snap = ctx.db.snapshot()
  try {
    // A long text compiles on the compile worker, within the request's deadline and abort signal.
    const limits = { deadline: deadlineAt(ctx.settings.queryDeadlineMs), signal: ctx.signal }
    await bindOptimizedOffThread(snap, apl, ctx.principal, 'delete', undefined, limits)
  } finally {
    snap.release()
  }
  const args: DeleteBlocksArgs = {
    apl,
    commit: body.commit,
    ...(optString(body, 'startTime') !== undefined ? { startTime: optString(body, 'startTime') } : {}),
    ...(optString(body, 'endTime') !== undefined ? { endTime: optString(body, 'endTime') } : {}),
    ...(variables ? { variables: variables as Record<string, unknown> } : {}),
  }
  const opts = {
    ...(ctx.settings.queryDeadlineMs !== undefined ? { deadlineMs: ctx.settings.queryDeadlineMs } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  }
  return { status: 200, body: await asUserError(() => run(args, opts)) }
}
