// http/handler.ts: `createHandler`: the API as a `(req, res, next?)` function for node:http and
// Express. A thin adapter: every decision is the service's; this only moves bytes, logs one line
// per request (method, the matched route's pattern, status, ms: never the path as sent, headers or
// the query string, which may carry secrets) and, under Express, passes paths that are not API
// routes to `next`. Returned synchronously; requests that arrive before the service is set up wait
// for it. Serves the web console when asked (console-assets.ts).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AnyApldb as Apldb } from '../query/apldb.ts'
import { createService, type Service, type ServiceOptions } from '../service/index.ts'
import { consoleServer } from './console-assets.ts'
import { type RequestState, splitUrl, toServiceRequest } from './request.ts'
import { writeResponse } from './response.ts'

/** Options of `createHandler` (the service's, plus logging and the console). */
export interface HttpOptions extends ServiceOptions {
  /** Receives one line per request (`POST /v1/datasets/_apl 200 12.3ms`) and per server fault. */
  readonly log?: (line: string) => void
  /**
   * Serve the web console at `/` and `/console/*` (default false here; `serve` turns it on). It
   * signs in with an API token and calls only this API.
   */
  readonly console?: boolean
}

/** What `handler.ready` resolves to once the service is set up. */
export interface HandlerReady {
  /** The service behind the handler (tokens, annotations, route table). */
  readonly service: Service
  /** The root token's secret when this start generated it (print it once); else undefined. */
  readonly rootTokenSecret: string | undefined
}

/**
 * A request handler for node:http (`http.createServer(handler)`) or Express (`app.use(handler)`).
 * Requests that arrive before its set-up finishes wait for it.
 */
export type Handler = ((
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
) => void) & {
  /** Resolves once the handler is set up (rejects if it cannot be: every request then gets 503). */
  readonly ready: Promise<HandlerReady>
}

/** The path as logged: the matched route's pattern (`/v1/datasets/{id}/ingest`), never the raw text. */
function loggedPath(service: Service, method: string, path: string): string {
  let m: ReturnType<Service['match']>
  try {
    m = service.match(method, path)
  } catch {
    // A path the router refuses (e.g. malformed percent-encoding) was answered 400 already.
    return '(a malformed path)'
  }
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

/**
 * Builds the API handler over an open store, synchronously; its set-up (the root token, see
 * `createService`) finishes in the background and `handler.ready` tells when.
 */
export function createHandler(db: Apldb, opts: HttpOptions = {}): Handler {
  const log = opts.log
  const site = opts.console === true ? consoleServer() : undefined
  let service: Service | undefined
  const ready = createService(db, { ...opts, onError: opts.onError ?? log }).then((s) => {
    service = s
    return { service: s, rootTokenSecret: s.rootTokenSecret }
  })
  // A failed set-up is answered on every request; it is no unhandled rejection when nobody awaits it.
  ready.catch((e: unknown) => log?.(`apldb: the HTTP handler could not start: ${errorText(e)}`))
  const serveWith = (
    s: Service,
    req: IncomingMessage,
    res: ServerResponse,
    next?: (err?: unknown) => void,
  ) => {
    const t0 = performance.now()
    if (next && s.match(req.method ?? 'GET', splitUrl(req.url).path).kind === 'none') {
      next()
      return
    }
    const state: RequestState = { bodyStarted: false }
    s.handle(toServiceRequest(req, res, state))
      .then(async (r) => {
        if (!state.bodyStarted) await drainSmall(req)
        await writeResponse(req, res, r)
        if (!req.complete) discardRest(req)
        log?.(
          `${req.method} ${loggedPath(s, req.method ?? 'GET', splitUrl(req.url).path)} ${r.status} ${(performance.now() - t0).toFixed(1)}ms`,
        )
      })
      .catch((e: unknown) => {
        // handle() never rejects; a failure here is in writing the response.
        log?.(
          `${req.method} ${loggedPath(s, req.method ?? 'GET', splitUrl(req.url).path)} write failed: ${errorText(e)}`,
        )
        res.destroy()
      })
  }
  const handle = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void => {
    const t0 = performance.now()
    // The console's static files need no service: they are answered even while it sets up.
    if (site?.(req, res, splitUrl(req.url).path)) {
      log?.(`${req.method} (a console file) ${res.statusCode} ${(performance.now() - t0).toFixed(1)}ms`)
      return
    }
    if (service) {
      serveWith(service, req, res, next)
      return
    }
    ready.then(
      (r) => serveWith(r.service, req, res, next),
      (e: unknown) => {
        if (next) {
          next(e)
          return
        }
        const body = { code: 503, message: `apldb is not available: ${errorText(e)}`, error: 'unavailable' }
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      },
    )
  }
  return Object.assign(handle, { ready })
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
