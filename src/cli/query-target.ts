// cli/query-target.ts: one APL request against the command's target: the embedded engine (its
// result turned into Axiom's tabular JSON, with blocks pruned) or a server (`/v1/datasets/_apl`,
// whose JSON is kept as text so `--format json` passes it on byte for byte).

import type { AnyApldb } from '../query/apldb.ts'
import { parseJsonExact } from '../util/json-exact.ts'
import { type TabularResponse, toTabular } from '../wire/index.ts'
import type { QueryPage, RunRequest, Window } from './query-pages.ts'
import type { RemoteClient } from './remote.ts'

/** A request runner over an open store. */
export function embeddedRunner(db: AnyApldb): RunRequest {
  return async (apl: string, window: Window, limit: number | undefined): Promise<QueryPage> => {
    const result = await db.queryResult(apl, { ...window, ...(limit !== undefined ? { limit } : {}) })
    return { response: toTabular(result), blocksPruned: result.status.blocksPruned }
  }
}

/** The response header carrying the blocks a query pruned (apldb servers only). */
export const BLOCKS_PRUNED_HEADER = 'x-apldb-blocks-pruned'

/** A request runner over a server. */
export function remoteRunner(client: RemoteClient): RunRequest {
  return async (apl: string, window: Window, limit: number | undefined): Promise<QueryPage> => {
    const body = { apl, ...window, ...(limit !== undefined ? { defaultLimit: limit } : {}) }
    const res = await client.request('POST', '/v1/datasets/_apl?format=tabular', { json: body })
    const pruned = Number(res.headers.get(BLOCKS_PRUNED_HEADER))
    return {
      response: parseJsonExact(res.text) as TabularResponse,
      text: res.text,
      ...(res.headers.has(BLOCKS_PRUNED_HEADER) && Number.isFinite(pruned) ? { blocksPruned: pruned } : {}),
    }
  }
}
