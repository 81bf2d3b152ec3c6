// http/handler.ts: `createHandler`: the API as a `(req, res, next?)` function for node:http and
// Express. A thin adapter: every decision is the service's; this only moves bytes, logs one line
// per request (method, the matched route's pattern, status, ms: never the path as sent, headers or
// the query string, which may carry secrets) and, under Express, passes paths that are not API
// routes to `next`.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Apldb } from '../query/apldb.ts'
import { createService, type Service, type ServiceOptions } from '../service/index.ts'
import { type RequestState, splitUrl, toServiceRequest } from './request.ts'
import { writeResponse } from './response.ts'

/** Options of `createHandler` (the service's, plus logging). */
export interface HttpOptions extends ServiceOptions {
  /** Receives one line per request (`POST /v1/datasets/_apl 200 12.3ms`) and per server fault. */
  readonly log?: (line: string) => void
}

/** A request handler for node:http (`http.createServer(handler)`) or Express (`app.use(handler)`). */
export type Handler = ((
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
) => void) & {
  /** The service behind the handler (tokens, annotations, route table). */
  readonly service: Service
  /** The root token's secret when this start generated it (print it once); else undefined. */
  readonly rootTokenSecret: string | undefined
}

/** The path as logged: the matched route's pattern (`/v1/datasets/{id}/ingest`), never the raw text. */
function loggedPath(service: Service, method: string, path: string): string {
  const m = service.match(method, path)
  if (m.kind === 'route') return m.match.route.path
  return m.kind === 'method' ? '(a route of another method)' : '(no such route)'
}

/** How long a refused upload may keep sending after its response, ms (then the socket goes). */
const DISCARD_GRACE_MS = 2_000

/**
 * Reads and drops the rest of an unread request body (the response says `Connection: close`), so
 * the client can finish writing and read the answer; a sender that keeps going is cut off.
 */
function discardRest(req: IncomingMessage): void {
  const timer = setTimeout(() => req.socket.destroy(), DISCARD_GRACE_MS)
  timer.unref()
  req.once('end', () => clearTimeout(timer))
  req.once('close', () => clearTimeout(timer))
  req.resume()
}

/** Largest unread request body drained before a response (a refused small request keeps its connection clean). */
const DRAIN_BYTES = 64 * 1024

/**
 * Resolves once a small unread body is read to its end (within the grace period), so answering does
 * not close a connection with request bytes unread (which resets it under the client's reading).
 */
function drainSmall(req: IncomingMessage): Promise<void> {
  const declared = Number(req.headers['content-length'])
  if (req.complete || !(declared <= DRAIN_BYTES) || req.headers['content-encoding']) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DISCARD_GRACE_MS)
    timer.unref()
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    req.once('end', done)
    req.once('close', done)
    req.resume()
  })
}

/** Builds the API handler over an open store (see `createService` for the root token). */
export async function createHandler(db: Apldb, opts: HttpOptions = {}): Promise<Handler> {
  const log = opts.log
  const service = await createService(db, { ...opts, onError: opts.onError ?? log })
  const handle = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void => {
    const t0 = performance.now()
    if (next && service.match(req.method ?? 'GET', splitUrl(req.url).path).kind === 'none') {
      next()
      return
    }
    const state: RequestState = { bodyStarted: false }
    service
      .handle(toServiceRequest(req, res, state))
      .then(async (r) => {
        if (!state.bodyStarted) await drainSmall(req)
        writeResponse(req, res, r)
        if (!req.complete) discardRest(req)
        log?.(
          `${req.method} ${loggedPath(service, req.method ?? 'GET', splitUrl(req.url).path)} ${r.status} ${(performance.now() - t0).toFixed(1)}ms`,
        )
      })
      .catch((e: unknown) => {
        // handle() never rejects; a failure here is in writing the response.
        log?.(
          `${req.method} ${loggedPath(service, req.method ?? 'GET', splitUrl(req.url).path)} write failed: ${e instanceof Error ? e.message : String(e)}`,
        )
        res.destroy()
      })
  }
  return Object.assign(handle, { service, rootTokenSecret: service.rootTokenSecret })
}
