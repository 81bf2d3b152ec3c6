// http/serve.ts: `serve`: a standalone node:http server for the API with request and header
// timeouts set. `close()` stops accepting, drains in-flight requests (up to a deadline), then
// closes the store. The CLI's `apldb serve` is built on exactly this.
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AnyApldb as Apldb } from '../query/apldb.ts'
import { createHandler, type HttpOptions } from './handler.ts'

/** Options of `serve` (`console` defaults to true here: the web console at `/`). */
export interface ServeOptions extends HttpOptions {
  /** TCP port (default 3000; 0 = an ephemeral port). */
  readonly port?: number
  /** Interface to bind (default 127.0.0.1). */
  readonly host?: string
  /** Longest time to receive a whole request, ms (default 120,000). */
  readonly requestTimeoutMs?: number
  /** Longest time to receive the request headers, ms (default 30,000). */
  readonly headersTimeoutMs?: number
  /** Idle keep-alive connection lifetime, ms (default 5,000). */
  readonly keepAliveTimeoutMs?: number
  /** How long `close()` waits for in-flight requests before cutting them, ms (default 30,000). */
  readonly drainTimeoutMs?: number
}

/** A running server. */
export interface RunningServer {
  /** Base URL, such as `http://127.0.0.1:3000` (give it to the Axiom clients as `url`). */
  readonly url: string
  readonly port: number
  /** The root token's secret when this start generated it (print it once); else undefined. */
  readonly rootTokenSecret: string | undefined
  /** Stop accepting, drain in-flight requests, close the store. Idempotent. */
  close(): Promise<void>
}

/** Starts the API server over an open store. */
export async function serve(db: Apldb, opts: ServeOptions = {}): Promise<RunningServer> {
  const handler = createHandler(db, { ...opts, console: opts.console ?? true })
  const { rootTokenSecret } = await handler.ready
  let inflight = 0
  let drained: (() => void) | undefined
  const server = http.createServer(
    {
      requestTimeout: opts.requestTimeoutMs ?? 120_000,
      headersTimeout: opts.headersTimeoutMs ?? 30_000,
      keepAliveTimeout: opts.keepAliveTimeoutMs ?? 5_000,
    },
    (req, res) => {
      inflight++
      res.on('close', () => {
        if (--inflight === 0) drained?.()
      })
      handler(req, res)
    },
  )
  const host = opts.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 3000, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      if (inflight > 0) {
        const idle = new Promise<void>((resolve) => {
          drained = resolve
        })
        const timer = setTimeout(() => server.closeAllConnections(), opts.drainTimeoutMs ?? 30_000)
        await idle
        clearTimeout(timer)
      }
      server.closeIdleConnections()
      await stopped
      await db.close()
    })()
    return closing
  }
  const shownHost = host.includes(':') ? `[${host}]` : host
  return { url: `http://${shownHost}:${port}`, port, rootTokenSecret, close }
}
