// service/routes/tokens.ts: `/v2/tokens` (api-contract.md §5): list, get, create, delete,
// regenerate. Only create and regenerate answers carry a secret; a token can only grant what it holds.
import type { Reply, RouteContext } from '../route-types.ts'
import type { CreateTokenRequest, RegenerateTokenRequest } from '../token-types.ts'

/** `GET /v2/tokens`. */
export async function listTokens(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.tokens.list() }
}

/** `GET /v2/tokens/{id}`. */
export async function getToken(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.tokens.get(ctx.params.id) }
}

/** `POST /v2/tokens`: the token with its secret. */
export async function createToken(ctx: RouteContext): Promise<Reply> {
  const body = (await ctx.json()) as CreateTokenRequest
  return { status: 200, body: await ctx.tokens.create(body, ctx.principal) }
}

/** `DELETE /v2/tokens/{id}`: 204. */
export async function deleteToken(ctx: RouteContext): Promise<Reply> {
  await ctx.tokens.delete(ctx.params.id)
  return { status: 204 }
}

/** `POST /v2/tokens/{id}/regenerate`: a new token (new id, new secret). */
export async function regenerateToken(ctx: RouteContext): Promise<Reply> {
  const body = (await ctx.json()) as RegenerateTokenRequest
  return { status: 200, body: await ctx.tokens.regenerate(ctx.params.id, body, ctx.principal) }
}
