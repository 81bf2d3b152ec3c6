// service/routes/annotations.ts: `/v2/annotations` (api-contract.md §6): create (201), get, list with
// either client's filter form, update as merge-patch, delete (204).
import { parseAnnotationFilter } from '../annotation-filter.ts'
import type { Reply, RouteContext } from '../route-types.ts'

/** `GET /v2/annotations?datasets=…&start=…&end=…`. */
export async function listAnnotations(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.annotations.list(parseAnnotationFilter(ctx.query)) }
}

/** `GET /v2/annotations/{id}`. */
export async function getAnnotation(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.annotations.get(ctx.params.id) }
}

/** `POST /v2/annotations`: 201 with the new annotation. */
export async function createAnnotation(ctx: RouteContext): Promise<Reply> {
  return { status: 201, body: await ctx.annotations.create(await ctx.json()) }
}

/** `PUT /v2/annotations/{id}`: JSON merge-patch. */
export async function updateAnnotation(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.annotations.update(ctx.params.id, await ctx.json()) }
}

/** `DELETE /v2/annotations/{id}`: 204. */
export async function deleteAnnotation(ctx: RouteContext): Promise<Reply> {
  await ctx.annotations.delete(ctx.params.id)
  return { status: 204 }
}
