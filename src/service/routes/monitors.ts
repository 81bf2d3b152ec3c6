// service/routes/monitors.ts: `/v2/monitors` (OpenAPI v2 Monitors): list, create (200, as Axiom),
// get, update (PUT replaces), delete (204), and `/{id}/history` (state changes in a window). A
// monitor's query must read only datasets the caller may query.
import type { MonitorInput } from '../monitors/monitors-api.ts'
import type { Reply, RouteContext } from '../route-types.ts'

/** `GET /v2/monitors`. */
export async function listMonitors(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.monitors.list() }
}

/** `POST /v2/monitors`. */
export async function createMonitor(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.monitors.create((await ctx.json()) as MonitorInput, ctx.principal) }
}

/** `GET /v2/monitors/{id}`. */
export async function getMonitor(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.monitors.get(ctx.params.id) }
}

/** `PUT /v2/monitors/{id}`. */
export async function updateMonitor(ctx: RouteContext): Promise<Reply> {
  const body = (await ctx.json()) as MonitorInput
  return { status: 200, body: await ctx.monitors.update(ctx.params.id, body, ctx.principal) }
}

/** `DELETE /v2/monitors/{id}`: 204. */
export async function deleteMonitor(ctx: RouteContext): Promise<Reply> {
  await ctx.monitors.delete(ctx.params.id)
  return { status: 204 }
}

/** `GET /v2/monitors/{id}/history?startTime=…&endTime=…`: Axiom's AlertHistory list. */
export async function monitorHistory(ctx: RouteContext): Promise<Reply> {
  const range = {
    startTime: ctx.query.get('startTime') ?? undefined,
    endTime: ctx.query.get('endTime') ?? undefined,
  }
  return { status: 200, body: await ctx.monitors.history(ctx.params.id, range) }
}
