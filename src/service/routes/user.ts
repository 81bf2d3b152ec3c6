// service/routes/user.ts: `GET /v2/user` (api-contract.md §9.2): the caller as a user. apldb has no
// users, so the token stands in: its id and name, and a role that says what it is.
import type { Reply, RouteContext } from '../route-types.ts'

/** The current "user": `{id, name, email, role: {id, name}}` (Go's strict whitelist, §11). */
export async function currentUser(ctx: RouteContext): Promise<Reply> {
  const p = ctx.principal
  return {
    status: 200,
    body: {
      id: p.id,
      name: p.name,
      email: '',
      role: p.root ? { id: 'owner', name: 'Owner' } : { id: 'api-token', name: 'API token' },
    },
  }
}
