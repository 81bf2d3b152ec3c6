// http/request.ts: a node:http request → the service's transport-free request: method, path, query,
// lower-case headers, a lazy limited body reader, an abort signal for client disconnects, and the
// client address. Holds no API logic.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ServiceRequest } from '../service/index.ts'
import { readRequestBody } from './read-body.ts'

/** The request line split into path and query. */
export function splitUrl(url: string | undefined): { path: string; query: URLSearchParams } {
  const u = url ?? '/'
  const q = u.indexOf('?')
  return q < 0
    ? { path: u, query: new URLSearchParams() }
    : { path: u.slice(0, q), query: new URLSearchParams(u.slice(q + 1)) }
}

function headerMap(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = Object.create(null)
  for (const [k, v] of Object.entries(req.headers)) out[k] = Array.isArray(v) ? v.join(', ') : v
  return out
}

/** What the adapter needs to know afterwards: whether the body was read to its end. */
export interface RequestState {
  bodyStarted: boolean
}

/** Builds the service request; `state` records whether the service started reading the body. */
export function toServiceRequest(
  req: IncomingMessage,
  res: ServerResponse,
  state: RequestState,
): ServiceRequest {
  const { path, query } = splitUrl(req.url)
  const abort = new AbortController()
  // The response closing before it finished means the client went away: stop the query.
  res.on('close', () => {
    if (!res.writableFinished) abort.abort()
  })
  return {
    method: req.method ?? 'GET',
    path,
    query,
    headers: headerMap(req),
    readBody: (limit, budget) => {
      state.bodyStarted = true
      return readRequestBody(req, limit, budget)
    },
    signal: abort.signal,
    remoteAddress: req.socket.remoteAddress,
  }
}
