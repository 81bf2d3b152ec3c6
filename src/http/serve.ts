// http/serve.ts: `serve`: a standalone node:http server for the API with request, header and idle
// timeouts set (a connection that sends nothing is closed after the idle timeout, like a keep-alive
// one). `close()` stops accepting, closes idle and half-open connections at once, drains in-flight
// requests (up to a deadline, then cuts them), then closes the store. The CLI's `apldb serve` is
// built on exactly this.
import * as http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { AnyApldb as Apldb } from '../query/apldb.ts'
import { noteConnection, StepClock, TURN_MS } from '../util/loop-turn.ts'
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
  /** Idle connection lifetime (keep-alive after a response, or before the first request), ms (default 5,000). */
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

/** How often timed-out header reads are looked for, ms (Node's default is 30 s). */
const CHECK_INTERVAL_MS = 1_000

/** Starts the API server over an open store. */
export async function serve(db: Apldb, opts: ServeOptions = {}): Promise<RunningServer> {
  const handler = createHandler(db, { ...opts, console: opts.console ?? true })
  const { rootTokenSecret } = await handler.ready
  const idleMs = opts.keepAliveTimeoutMs ?? 5_000
  const connections = new Connections(idleMs)
  const server = http.createServer(
    {
      requestTimeout: opts.requestTimeoutMs ?? 120_000,
      headersTimeout: opts.headersTimeoutMs ?? 30_000,
      keepAliveTimeout: idleMs,
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
    (req, res) => {
      connections.started(req.socket, res)
      handler(req, res)
    },
  )
  server.on('connection', (s: Socket) => {
    noteConnection()
    connections.add(s)
  })
  // With a listener here Node leaves a timed-out socket to us (it would destroy it at once).
  server.on('timeout', (s: Socket) => connections.timedOut(s))
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
      await connections.drain(opts.drainTimeoutMs ?? 30_000)
      await stopped
      await db.close()
    })()
    return closing
  }
  const shownHost = host.includes(':') ? `[${host}]` : host
  return { url: `http://${shownHost}:${port}`, port, rootTokenSecret, close }
}

/** The server's open connections and the requests in flight on each. */
class Connections {
  readonly #idleMs: number
  /** Requests in flight per connection (absent: none). */
  readonly #busy = new Map<Socket, number>()
  readonly #all = new Set<Socket>()
  /** Connections timed out and not yet looked at (closed in pieces: `timedOut`). */
  readonly #expired: Socket[] = []
  #closing = false
  #drained: (() => void) | undefined

  constructor(idleMs: number) {
    this.#idleMs = idleMs
  }

  /** A new connection: idle until its first request, and closed if it stays idle too long. */
  add(s: Socket): void {
    if (this.#closing) {
      s.destroy()
      return
    }
    this.#all.add(s)
    s.setTimeout(this.#idleMs)
    s.once('close', () => {
      this.#all.delete(s)
      this.#busy.delete(s)
      this.#check()
    })
  }

  /**
   * `s` was idle for the idle timeout: closed, unless a request on it is in flight or arrives in this
   * turn of the event loop (after a long stall timers run before pending input is read; a request
   * already sent must not be reset for the server's own delay). Connections that time out together
   * (thousands opened at once) are closed in pieces of TURN_MS, the event loop running between.
   */
  timedOut(s: Socket): void {
    this.#expired.push(s)
    if (this.#expired.length === 1) setImmediate(() => this.#closeExpired())
  }

  /** Closes the timed-out connections still idle, a piece at a time (see `timedOut`). */
  #closeExpired(): void {
    const clock = new StepClock(TURN_MS, 64)
    const expired = this.#expired
    let i = 0
    while (i < expired.length && !clock.due()) {
      const s = expired[i++]
      if (!this.#busy.has(s)) s.destroy()
    }
    expired.splice(0, i)
    if (expired.length > 0) setImmediate(() => this.#closeExpired())
  }

  /** A request arrived on `s`: no idle timeout while it runs (Node sets keep-alive's after). */
  started(s: Socket, res: http.ServerResponse): void {
    s.setTimeout(0)
    this.#busy.set(s, (this.#busy.get(s) ?? 0) + 1)
    res.once('close', () => {
      const left = (this.#busy.get(s) ?? 1) - 1
      if (left > 0) this.#busy.set(s, left)
      else this.#busy.delete(s)
      // Shutting down: a connection whose last request is answered is closed, not kept alive.
      if (this.#closing && left <= 0) s.destroy()
      this.#check()
    })
  }

  /** Closes idle and half-open connections now, waits for in-flight requests up to `timeoutMs`, then cuts the rest. */
  async drain(timeoutMs: number): Promise<void> {
    this.#closing = true
    for (const s of this.#all) if (!this.#busy.has(s)) s.destroy()
    if (this.#busy.size > 0) {
      const idle = new Promise<void>((resolve) => {
        this.#drained = resolve
      })
      const timer = setTimeout(() => this.#drained?.(), timeoutMs)
      await idle
      clearTimeout(timer)
    }
    for (const s of this.#all) s.destroy()
  }

  #check(): void {
    if (this.#closing && this.#busy.size === 0) this.#drained?.()
  }
}
