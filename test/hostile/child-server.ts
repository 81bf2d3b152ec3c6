// test/hostile/child-server.ts: the real `apldb serve` as a child process with a V8 heap limit, for
// the hostile-request tests and the attack table (bench/attacks.bench.ts): raw HTTP calls with
// timeouts, a health prober, the child's RSS and peak RSS from /proc, and an RSS watchdog that
// kills a runaway child (so an old checkout under attack cannot take the machine down). Not a test.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import * as http from 'node:http'
import * as net from 'node:net'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

/** The launcher of this checkout. */
export const THIS_BIN = fileURLToPath(new URL('../../bin/apldb.js', import.meta.url))
/** The root token every child server accepts. */
export const ROOT = 'xaat-hostile-test-root-token-0123456789abcdef'
const MiB = 1 << 20

/** One HTTP exchange. */
export interface Reply {
  /** HTTP status, or 0 when the request failed (connection refused or reset, or timed out). */
  readonly status: number
  readonly headers: http.IncomingHttpHeaders
  readonly text: string
  // biome-ignore lint/suspicious/noExplicitAny: test convenience for reading JSON bodies
  readonly json: any
  readonly ms: number
  /** Why status is 0. */
  readonly failure?: string
}

/** Options of one call. */
export interface CallOptions {
  /** Bearer token (default root); null sends none. */
  readonly token?: string | null
  /** JSON value, or raw text/bytes sent as is. */
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
  /** Give up after this long, ms (default 600,000). */
  readonly timeoutMs?: number
}

/** A raw HTTP call (a fresh connection: a stuck server shows as a timeout, not a stuck pool). */
export function call(base: string, method: string, p: string, o: CallOptions = {}): Promise<Reply> {
  const url = new URL(p, base)
  const headers: Record<string, string> = { ...o.headers }
  const token = o.token === undefined ? ROOT : o.token
  if (token !== null) headers.authorization = `Bearer ${token}`
  let body: Uint8Array | undefined
  if (typeof o.body === 'string') body = Buffer.from(o.body)
  else if (o.body instanceof Uint8Array) body = o.body
  else if (o.body !== undefined) {
    body = Buffer.from(JSON.stringify(o.body))
    headers['content-type'] ??= 'application/json'
  }
  if (body) headers['content-length'] = String(body.length)
  const t0 = performance.now()
  return new Promise((resolve) => {
    let done = false
    const finish = (r: Omit<Reply, 'ms'>) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve({ ...r, ms: performance.now() - t0 })
    }
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', (e) =>
        finish({ status: 0, headers: {}, text: '', json: undefined, failure: e.message }),
      )
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString()
        let json: unknown
        try {
          json = text === '' ? undefined : JSON.parse(text)
        } catch {
          json = undefined
        }
        finish({ status: res.statusCode ?? 0, headers: res.headers, text, json })
      })
    })
    const timer = setTimeout(() => {
      req.destroy()
      finish({ status: 0, headers: {}, text: '', json: undefined, failure: 'timeout' })
    }, o.timeoutMs ?? 600_000)
    req.on('error', (e) => finish({ status: 0, headers: {}, text: '', json: undefined, failure: e.message }))
    req.end(body)
  })
}

/**
 * Sends an APL query (over all time) on a raw socket the caller can destroy mid-request, as a client
 * that goes away does; the answer is never read.
 */
export function sendAplRaw(url: string, apl: string): net.Socket {
  const { port, hostname } = new URL(url)
  const body = JSON.stringify({ apl, startTime: '2000-01-01T00:00:00Z', endTime: '2100-01-01T00:00:00Z' })
  const sock = net.connect(Number(port), hostname)
  sock.on('error', () => {})
  sock.write(
    `POST /v1/datasets/_apl?format=tabular HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ROOT}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
  return sock
}

/** RSS and peak RSS of a process, bytes (0 when it is gone). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(s)?.[1] ?? 0) * 1024
    return { rss: kb('VmRSS'), peak: kb('VmHWM') }
  } catch {
    return { rss: 0, peak: 0 }
  }
}

/** Options of a child server. */
export interface ChildOptions {
  /** Launcher to run (another checkout's bin/apldb.js for before/after figures). */
  readonly bin?: string
  /** V8 old-space limit, MiB (default 768). */
  readonly heapMb?: number
  /** Extra `apldb serve` arguments. */
  readonly args?: readonly string[]
  readonly env?: Readonly<Record<string, string>>
  /** Extra Node options before the launcher (e.g. `--cpu-prof`). */
  readonly nodeArgs?: readonly string[]
  /** Store directory (default a fresh temporary one, removed by `dispose`). */
  readonly dir?: string
  /** Kill the child when its RSS passes this many bytes (default 6 GiB). */
  readonly rssKillBytes?: number
}

/** A running child server. */
export interface ChildServer {
  readonly url: string
  readonly pid: number
  readonly dir: string
  call(method: string, p: string, o?: CallOptions): Promise<Reply>
  /** GET /v2/user (the cheapest authenticated route): status and ms. */
  health(timeoutMs?: number): Promise<Reply>
  /** Current and peak RSS, bytes. */
  memory(): { rss: number; peak: number }
  /** Highest RSS the watchdog saw since the start or `resetPeak`, bytes. */
  readonly maxRss: number
  /** Restart peak tracking (the kernel's VmHWM too, where /proc/PID/clear_refs allows it). */
  resetPeak(): void
  /** Still running. */
  alive(): boolean
  /** Why it exited (code/signal), or undefined while running; `watchdog` when the RSS watchdog killed it. */
  exit(): string | undefined
  readonly stderr: () => string
  /** Everything the child wrote to stdout (e.g. its `--trace-gc` lines). */
  readonly stdout: () => string
  /** SIGTERM; resolves with the exit description and ms to exit (SIGKILL after `killAfterMs`). */
  stop(killAfterMs?: number): Promise<{ exit: string; ms: number }>
  /** Stop (if running) and remove the directory (when this module made it). */
  dispose(): Promise<void>
}

/** Starts `apldb serve` with a heap limit; resolves once it listens. */
export async function startChild(o: ChildOptions = {}): Promise<ChildServer> {
  const own = o.dir === undefined
  const dir = o.dir ?? mkdtempSync(path.join(tmpdir(), 'apldb-hostile-'))
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('APLDB_')) env[k] = v
  const child: ChildProcess = spawn(
    process.execPath,
    [
      `--max-old-space-size=${o.heapMb ?? 768}`,
      ...(o.nodeArgs ?? []),
      o.bin ?? THIS_BIN,
      'serve',
      '--data',
      path.join(dir, 'store'),
      '--port',
      '0',
      '--root-token',
      ROOT,
      ...(o.args ?? []),
    ],
    { env: { ...env, ...o.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let out = ''
  let err = ''
  let exit: string | undefined
  let maxRss = 0
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit ??= signal ? `signal ${signal}` : `code ${code}`
      resolve()
    }),
  )
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    out += d
  })
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    err = (err + d).slice(-20_000)
  })
  const pid = child.pid as number
  const killAt = o.rssKillBytes ?? 6 * 1024 * MiB
  const watchdog = setInterval(() => {
    const { rss } = memoryOf(pid)
    maxRss = Math.max(maxRss, rss)
    if (rss > killAt && exit === undefined) {
      exit = `watchdog: RSS ${(rss / MiB).toFixed(0)} MiB > ${(killAt / MiB).toFixed(0)} MiB`
      child.kill('SIGKILL')
    }
  }, 50)
  watchdog.unref()
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start\n${out}\n${err}`)), 60_000)
    const check = () => {
      const m = /apldb serving (\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[1])
      }
    }
    child.stdout?.on('data', check)
    exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`serve exited (${exit})\n${out}\n${err}`))
    })
  })
  const alive = () => exit === undefined
  const stop = async (killAfterMs = 60_000) => {
    const t0 = performance.now()
    if (alive()) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs)
      await exited
      clearTimeout(timer)
    }
    clearInterval(watchdog)
    return { exit: exit ?? 'gone', ms: performance.now() - t0 }
  }
  return {
    url,
    pid,
    dir,
    call: (method, p, co) => call(url, method, p, co),
    health: (timeoutMs = 10_000) => call(url, 'GET', '/v2/user', { timeoutMs }),
    memory: () => memoryOf(pid),
    get maxRss() {
      return Math.max(maxRss, memoryOf(pid).rss)
    },
    resetPeak: () => {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5')
      } catch {}
      maxRss = memoryOf(pid).rss
    },
    alive,
    exit: () => exit,
    stderr: () => err,
    stdout: () => out,
    stop,
    dispose: async () => {
      await stop(5_000)
      if (own) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Source of the prober thread: GET /v2/user on a fresh connection every `everyMs` (after each
 * answer), each answer's status and ms posted back; stops after the answer in flight on 'stop'.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads')
const http = require('node:http')
const { url, token, everyMs } = workerData
let stop = false
parentPort.on('message', () => { stop = true })
const probe = () => new Promise((resolve) => {
  const t0 = performance.now()
  let done = false
  const finish = (status) => { if (!done) { done = true; clearTimeout(timer); resolve({ status, ms: performance.now() - t0 }) } }
  const req = http.request(new URL('/v2/user', url), { headers: { authorization: 'Bearer ' + token }, agent: false }, (res) => {
    res.resume()
    res.on('end', () => finish(res.statusCode))
    res.on('error', () => finish(0))
  })
  const timer = setTimeout(() => { req.destroy(); finish(0) }, 10000)
  req.on('error', () => finish(0))
  req.end()
})
;(async () => {
  while (!stop) {
    parentPort.postMessage(await probe())
    if (!stop) await new Promise((r) => setTimeout(r, everyMs))
  }
  parentPort.postMessage('done')
})()
`

/**
 * Runs `work` while a prober polls the server's health (the cheapest authenticated route). The
 * prober runs on a thread of its own: the work's own client-side effort (building a large request,
 * parsing a large answer) must not delay the probes and count against the server. The work starts
 * once the prober has answered once (its thread and its connection code warm); that answer is not counted.
 */
export async function whileProbing<T>(
  s: ChildServer,
  work: () => Promise<T>,
  everyMs = 50,
): Promise<{ result: T; healthMaxMs: number; healthFailures: number; probes: number }> {
  let healthMaxMs = 0
  let healthFailures = 0
  let probes = 0
  let first = true
  let warm: () => void = () => {}
  const warmed = new Promise<void>((resolve) => {
    warm = resolve
  })
  const prober = new Worker(PROBER, { eval: true, workerData: { url: s.url, token: ROOT, everyMs } })
  const finished = new Promise<void>((resolve) => {
    prober.on('message', (m: { status: number; ms: number } | 'done') => {
      if (m === 'done') return resolve()
      if (first) {
        first = false
        return warm()
      }
      probes++
      if (m.status !== 200) healthFailures++
      healthMaxMs = Math.max(healthMaxMs, m.ms)
    })
    prober.on('error', () => resolve())
    prober.on('exit', () => resolve())
  })
  await Promise.race([warmed, finished])
  let result: T
  try {
    result = await work()
  } finally {
    prober.postMessage('stop')
    await finished
    await prober.terminate()
  }
  return { result, healthMaxMs, healthFailures, probes }
}
