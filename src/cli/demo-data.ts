// cli/demo-data.ts: seeded, deterministic generators of sample-http-logs events (apl-reference §9b.1)
// for `apldb serve --demo`, benchmarks and tests (bench/data-gen.ts re-exports them). No I/O; same
// seed, same events.

/** A small fast PRNG (mulberry32); returns floats in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const STATUS = [
  '200',
  '200',
  '200',
  '200',
  '200',
  '200',
  '200',
  '201',
  '204',
  '301',
  '302',
  '304',
  '400',
  '401',
  '403',
  '404',
  '404',
  '500',
  '502',
  '503',
  '504',
]
const METHODS = [
  'GET',
  'GET',
  'GET',
  'GET',
  'GET',
  'POST',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'TRACE',
]
const NOUNS = [
  'buy',
  'textdata',
  'bank',
  'messages',
  'ping',
  'pub',
  'payment',
  'users',
  'cart',
  'search',
  'orders',
  'login',
]
const VERBS = [
  'commit',
  'cnfigs',
  'warn',
  'back',
  'user',
  'sub',
  'id',
  'go',
  'list',
  'get',
  'create',
  'delete',
]
const CITIES: [string, string][] = [
  ['Seattle', 'United States'],
  ['New York', 'United States'],
  ['Covina', 'United States'],
  ['Humboldt', 'United States'],
  ['Ojinaga', 'Mexico'],
  ['Nevers', 'France'],
  ['Paris', 'France'],
  ['Camaquã', 'Brazil'],
  ['Okayama', 'Japan'],
  ['Nagasaki', 'Japan'],
  ['Tokyo', 'Japan'],
  ['London', 'United Kingdom'],
  ['Berlin', 'Germany'],
  ['Mumbai', 'India'],
  ['São Paulo', 'Brazil'],
  ['', 'United States'],
]
const CONTENT = [
  'text/html',
  'text/plain-charset=utf-8',
  'image/jpeg',
  'text/css',
  'text/csv',
  'application/json',
  'application/octet-stream',
  'application/charset=utf-8',
]
const DCS = ['DCA', 'GRU', 'FRA', 'SIN', 'NRT']
const AGENTS = [
  'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; AS; rv:11.0) like Gecko',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  'curl/8.4.0',
]
const MESSAGES = [
  'QCD permutations were not solvable in linear time, expected compressed time',
  'Expected a new layer of particle physics but got a Higgs Boson',
  'request served',
  'upstream timed out',
]

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]
}

// Strings are built with Array.prototype.join, which gives a flat string, as JSON.parse does; a
// template literal would give a rope, and whoever reads the event first would pay to flatten it.
function uuid(r: () => number): string {
  const h = () =>
    Math.floor(r() * 0x10000)
      .toString(16)
      .padStart(4, '0')
  const a = h()
  const b = h()
  const c = h()
  const d = h().slice(1)
  const e = (8 + Math.floor(r() * 4)).toString(16)
  const f = h().slice(1)
  return [a, b, '-', c, '-4', d, '-', e, f, '-', h(), h(), h()].join('')
}

function uri(r: () => number): string {
  const noun = pick(r, NOUNS)
  const verb = pick(r, VERBS)
  return ['/api/v1/', noun, '/', verb, r() < 0.05 ? '?duration=200' : ''].join('')
}

/** Options of `httpLogs`. */
export interface HttpLogsOptions {
  readonly seed?: number
  /** First event time, epoch ms (default 2026-01-01T00:00:00Z). */
  readonly startMs?: number
  /** Spread of event times, ms (default 30 days). */
  readonly spanMs?: number
  /** Distinct request ids to draw from (default count / 4). */
  readonly ids?: number
}

/** `count` sample-http-logs events as plain objects with `_time` as RFC3339 strings, in time order. */
export function httpLogs(count: number, opts: HttpLogsOptions = {}): Record<string, unknown>[] {
  const r = rng(opts.seed ?? 42)
  const start = opts.startMs ?? Date.UTC(2026, 0, 1)
  const span = opts.spanMs ?? 30 * 86_400_000
  const idPool = Array.from({ length: Math.max(1, opts.ids ?? Math.ceil(count / 4)) }, () => uuid(r))
  const out: Record<string, unknown>[] = new Array(count)
  for (let i = 0; i < count; i++) {
    const [city, country] = pick(r, CITIES)
    const heavy = r() < 0.02
    const duration = heavy ? 5 + r() * 600 : r() < 0.05 ? Math.floor(r() * 6) : 0.1 + -Math.log(1 - r()) * 0.8
    out[i] = {
      _time: new Date(start + Math.floor((i / count) * span)).toISOString(),
      status: r() < 0.01 ? 200 : pick(r, STATUS),
      method: pick(r, METHODS),
      uri: uri(r),
      req_duration_ms: duration,
      resp_body_size_bytes: 1000 + Math.floor(r() * 4000),
      resp_header_size_bytes: 20 + Math.floor(r() * 70),
      id: pick(r, idPool),
      geo: { city, country },
      content_type: pick(r, CONTENT),
      server_datacenter: pick(r, DCS),
      is_tls: r() < 0.5,
      user_agent: pick(r, AGENTS),
      message: pick(r, MESSAGES),
    }
  }
  return out
}

/** The same events as NDJSON text. */
export function httpLogsNdjson(count: number, opts: HttpLogsOptions = {}): string {
  return httpLogs(count, opts)
    .map((e) => JSON.stringify(e))
    .join('\n')
}
