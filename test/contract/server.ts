// test/contract/server.ts: shared fixture of the contract tests: a real store served by `serve` on
// 127.0.0.1 with an ephemeral port, a root token, a raw-fetch helper and a token factory. Not a test.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { type RunningServer, type ServeOptions, serve } from '../../src/http/index.ts'
import { type Apldb, type OpenStoreOptions, openStore } from '../../src/index.ts'

/** The root token every fixture server uses unless told otherwise. */
export const ROOT = 'xaat-contract-test-root-token-0123456789'

/** A raw response: status, headers and the body as text and (when JSON) parsed. */
export interface RawResponse {
  status: number
  headers: Headers
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: test convenience for reading JSON bodies
  json: any
}

/** Options of one raw call. */
export interface CallOptions {
  /** Bearer token; `null` sends no Authorization header. Default: the root token. */
  token?: string | null
  /** A JSON value (serialized) or raw bytes/text sent as is. */
  body?: unknown
  headers?: Record<string, string>
}

/** A running fixture. */
export interface TestServer {
  db: Apldb
  srv: RunningServer
  url: string
  /** Store directory (disk fixtures only). */
  dir: string | undefined
  logs: string[]
  call(method: string, p: string, opts?: CallOptions): Promise<RawResponse>
  /** Creates a token through the API (as root) and returns its secret. */
  token(caps: {
    datasetCapabilities?: Record<string, Record<string, string[]>>
    orgCapabilities?: Record<string, string[]>
    expiresAt?: string
  }): Promise<string>
  close(): Promise<void>
}

/** Starts a fixture: in memory unless `disk`, root token `ROOT` unless `http.rootToken` says otherwise. */
export async function startServer(
  opts: { disk?: boolean; dir?: string; store?: OpenStoreOptions; http?: Partial<ServeOptions> } = {},
): Promise<TestServer> {
  const dir = opts.dir ?? (opts.disk ? await mkdtemp(path.join(tmpdir(), 'apldb-http-')) : undefined)
  const db = await openStore({ ...(dir ? { path: dir, durability: 'none' } : {}), ...opts.store })
  const logs: string[] = []
  const srv = await serve(db, { port: 0, rootToken: ROOT, log: (l) => logs.push(l), ...opts.http })
  const call = async (method: string, p: string, o: CallOptions = {}): Promise<RawResponse> => {
    const headers: Record<string, string> = { ...o.headers }
    const token = o.token === undefined ? (opts.http?.rootToken ?? ROOT) : o.token
    if (token !== null) headers.authorization = `Bearer ${token}`
    let body: Uint8Array | string | undefined
    if (o.body instanceof Uint8Array || typeof o.body === 'string') body = o.body
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await fetch(srv.url + p, { method, headers, body })
    const text = await res.text()
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, text, json }
  }
  const token: TestServer['token'] = async (caps) => {
    const r = await call('POST', '/v2/tokens', { body: { name: 'test', ...caps } })
    if (r.status !== 200) throw new Error(`token create failed: ${r.status} ${r.text}`)
    return r.json.token as string
  }
  return {
    db,
    srv,
    url: srv.url,
    dir,
    logs,
    call,
    token,
    close: async () => {
      await srv.close()
      if (dir && !opts.dir) await rm(dir, { recursive: true, force: true })
    },
  }
}
