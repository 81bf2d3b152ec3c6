// service/routes/notifiers.ts: `/v2/notifiers` (OpenAPI v2): list, create (200), get, update (PUT
// replaces; a masked secret sent back keeps its value), delete (204). Secrets are never answered.
import type { NotifierInput } from '../monitors/notifiers-api.ts'
import type { Reply, RouteContext } from '../route-types.ts'

/** `GET /v2/notifiers`. */
export async function listNotifiers(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.notifiers.list() }
}

/** `POST /v2/notifiers`. */
export async function createNotifier(ctx: RouteContext): Promise<Reply> {
  return {
    status: 200,
    body: await ctx.notifiers.create((await ctx.json()) as NotifierInput, ctx.principal.id),
  }
}

/** `GET /v2/notifiers/{id}`. */
export async function getNotifier(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.notifiers.get(ctx.params.id) }
}

/** `PUT /v2/notifiers/{id}`. */
export async function updateNotifier(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.notifiers.update(ctx.params.id, (await ctx.json()) as NotifierInput) }
}

/** `DELETE /v2/notifiers/{id}`: 204. */
export async function deleteNotifier(ctx: RouteContext): Promise<Reply> {
  await ctx.notifiers.delete(ctx.params.id)
  return { status: 204 }
}
