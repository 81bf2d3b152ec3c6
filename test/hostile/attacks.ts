// test/hostile/attacks.ts: every attack of issue 28, each one small request (or a few) against a
// child `apldb serve`: what it sends, how big (`issue` scale reproduces the issue's figures, `ci`
// scale the same shape cheaply), and what the server answered. Shared by test/hostile/*.test.ts
// (which assert the documented outcome) and bench/attacks.bench.ts (the before/after table). Not a test.
import { zstdCompressSync } from 'node:zlib'
import type { ChildServer, Reply } from './child-server.ts'

/** Issue-sized attacks, or the same shapes small enough for CI. */
export type Scale = 'issue' | 'ci'

/** What an attack observed. */
export interface Outcome {
  /** Status summary: one status, or counts (`200×3 429×61`). */
  readonly status: string
  /** Stable error codes seen (`error` of the bodies), deduplicated. */
  readonly codes: readonly string[]
  /** Anything else worth a table cell (rows returned, latency figures). */
  readonly note?: string
  /** The raw replies (for assertions). */
  readonly replies: readonly Reply[]
}

/** One attack. */
export interface Attack {
  readonly id: string
  readonly title: string
  /** Arguments of `apldb serve` this attack needs (its server's settings), beyond the harness's own. */
  readonly args?: readonly string[]
  /** Work done before measuring (loading data). */
  prepare?(s: ChildServer, scale: Scale): Promise<void>
  run(s: ChildServer, scale: Scale): Promise<Outcome>
}

const NDJSON = { 'content-type': 'application/x-ndjson' }

/** Summarizes replies into an outcome. */
export function outcome(replies: readonly Reply[], note?: string): Outcome {
  const counts = new Map<string, number>()
  for (const r of replies) {
    const k = r.status === 0 ? `fail(${r.failure})` : String(r.status)
    counts.set(k, (counts.get(k) ?? 0) + 1)
  }
  const status =
    replies.length === 1
      ? [...counts.keys()][0]
      : [...counts]
          .sort()
          .map(([k, n]) => `${k}×${n}`)
          .join(' ')
  const codes = [
    ...new Set(replies.map((r) => r.json?.error).filter((c): c is string => typeof c === 'string')),
  ]
  return { status, codes, ...(note ? { note } : {}), replies }
}

/** Creates dataset `name` and ingests `n` events `{n, u, k}` in batches of 10,000. */
export async function loadRows(s: ChildServer, name: string, n: number, extra = ''): Promise<void> {
  await s.call('POST', '/v2/datasets', { body: { name } })
  const t0 = Date.parse('2026-01-01T00:00:00Z')
  for (let from = 0; from < n; from += 10_000) {
    const lines: string[] = []
    for (let i = from; i < Math.min(n, from + 10_000); i++)
      lines.push(
        `{"_time":"${new Date(t0 + i * 1000).toISOString()}","n":${i},"u":"u${i}","k":${i % 100}${extra}}`,
      )
    const r = await s.call('POST', `/v1/datasets/${name}/ingest`, { body: lines.join('\n'), headers: NDJSON })
    if (r.status !== 200) throw new Error(`ingest failed: ${r.status} ${r.text.slice(0, 200)}`)
  }
}

/** An APL query over the whole time range (tabular); `memoryBytes`: its own budget. */
export function apl(s: ChildServer, q: string, timeoutMs = 600_000, memoryBytes?: number): Promise<Reply> {
  return s.call('POST', '/v1/datasets/_apl?format=tabular', {
    body: {
      apl: q,
      startTime: '2000-01-01T00:00:00Z',
      endTime: '2100-01-01T00:00:00Z',
      ...(memoryBytes !== undefined ? { memoryBytes } : {}),
    },
    timeoutMs,
  })
}

/**
 * A text that takes seconds to compile and nothing to run: an unused `let` of 7,500 chained
 * `extend`s over `dataset` (bound, then dropped by the optimizer), then `dataset` itself. (3,000 took
 * ~0.5 s on a warm compile worker once binding got faster: too close to the tests' 0.8 s deadline.)
 */
export function slowCompile(dataset: string): string {
  const chain = Array.from({ length: 7500 }, (_, i) => ` | extend c${i} = n + ${i}`).join('')
  return `let unused = ['${dataset}']${chain};\n['${dataset}']`
}

/** `let s0 = '<16 x>'; let s1 = strcat(s0, s0); …` up to `s<levels>`. */
function doubling(levels: number): string {
  let q = "let s0 = 'xxxxxxxxxxxxxxxx';\n"
  for (let i = 1; i <= levels; i++) q += `let s${i} = strcat(s${i - 1}, s${i - 1});\n`
  return q
}

/**
 * `let c0 = '<k chars>'; let c1 = strcat(c0, c0, c0, c0); …` up to `c<levels>` (4^levels × k chars):
 * a big string from a small query whose expression tree stays small.
 */
function quadrupling(k: number, levels: number): string {
  let q = `let c0 = '${'x'.repeat(k)}';\n`
  for (let i = 1; i <= levels; i++) q += `let c${i} = strcat(c${i - 1}, c${i - 1}, c${i - 1}, c${i - 1});\n`
  return q
}

/** The rows a tabular reply returned. */
function rowsOf(r: Reply): number {
  return r.json?.tables?.[0]?.columns?.[0]?.length ?? 0
}

/** Every attack of the issue, in its order. */
export const ATTACKS: readonly Attack[] = [
  {
    id: '1-strcat-doubling',
    title: '1. `let`+`strcat` doubling to 256 MiB (1.7 KB query)',
    run: async (s) => outcome([await apl(s, `${doubling(24)}print n = strlen(s24)`)]),
  },
  {
    id: '1b-strrep',
    title: '1b. one `strrep` asking for 1 GiB',
    run: async (s) => outcome([await apl(s, `print n = strlen(strrep('abcdefgh', 134217728))`)]),
  },
  {
    id: '1c-array-concat-doubling',
    title: '1c. nested `array_concat` of a 1M-element `let` (20M elements from a 150-byte query)',
    run: async (s) => {
      const q = `let a = range(1, 1000000, 1); print n = array_length(array_concat(${Array(20).fill('a').join(', ')}))`
      return outcome([await apl(s, q)])
    },
  },
  {
    id: '1d-shared-array-response',
    title: '1d. one 1M-element `let` array in each of 300 rows (small in memory, 2 GB as JSON)',
    run: async (s) => {
      const q = 'let a = range(1, 1000000, 1); print i = range(1, 300, 1) | mv-expand i | extend x = a'
      return outcome([await apl(s, q)])
    },
  },
  {
    id: '2-strcat-rows',
    title: '2. `take 1000 | extend s = strcat(<4 MiB let>, u)`',
    prepare: (s) => loadRows(s, 'd', 1000),
    run: async (s, scale) => {
      const q = `${quadrupling(65_536, 3)}['d'] | take ${scale === 'ci' ? 300 : 1000} | extend s = strcat(c3, u)`
      return outcome([await apl(s, q)])
    },
  },
  {
    id: '2b-strcat-rows-budget',
    title: '2b. `take 1000 | extend s = strcat(<512 KiB let>, u)` (each string under the maximum)',
    prepare: (s) => loadRows(s, 'd', 1000),
    run: async (s, scale) => {
      const q = `${quadrupling(32_768, 2)}['d'] | take ${scale === 'ci' ? 300 : 1000} | extend s = strcat(c2, u)`
      return outcome([await apl(s, q)])
    },
  },
  {
    id: '3a-cartesian-join',
    title: '3a. cartesian join on a constant key (2k × 2k; 10k × 10k at issue scale)',
    prepare: (s, scale) => loadRows(s, 'd', scale === 'ci' ? 5000 : 10_000),
    run: async (s, scale) => {
      const n = scale === 'ci' ? 2000 : 10_000
      const q = `['d'] | take ${n} | extend key = 1 | join kind=inner (['d'] | take ${n} | extend key = 1 | project key, m = n) on key | count`
      const r = await apl(s, q)
      return outcome([r], r.status === 200 ? `count ${r.json?.tables?.[0]?.columns?.[0]?.[0]}` : undefined)
    },
  },
  {
    id: '3b-in-list',
    title: '3b. `in` list of 30,000 constants',
    prepare: (s) => loadRows(s, 'd', 20_000),
    run: async (s, scale) => {
      const k = scale === 'ci' ? 30_000 : 30_000
      const list = Array.from({ length: k }, (_, i) => i * 2).join(',')
      const r = await apl(s, `['d'] | where n in (${list}) | count`)
      return outcome([r], r.status === 200 ? `count ${r.json?.tables?.[0]?.columns?.[0]?.[0]}` : undefined)
    },
  },
  {
    id: '3c-chained-extends',
    title: '3c. 2,000 chained `extend`s',
    prepare: (s) => loadRows(s, 'd', 20_000),
    run: async (s) => {
      let q = `['d']`
      for (let i = 0; i < 2000; i++) q += ` | extend c${i} = n + ${i}`
      return outcome([await apl(s, `${q} | count`)])
    },
  },
  {
    id: '3d-take-huge',
    title: '3d. `take 1000000000`',
    prepare: (s) => loadRows(s, 'd', 20_000),
    run: async (s) => {
      const r = await apl(s, `['d'] | take 1000000000`)
      const msgs = (r.json?.status?.messages ?? []).map((m: { code: string }) => m.code).join(',')
      return outcome([r], `${rowsOf(r)} rows${msgs ? `; ${msgs}` : ''}`)
    },
  },
  {
    id: '3e-concurrent-groups',
    title: '3e. 16 concurrent summarizes of 2M groups (300k at CI scale)',
    prepare: (s, scale) => loadRows(s, 'd', scale === 'ci' ? 300_000 : 2_000_000),
    run: async (s) => {
      const rs = await Promise.all(
        Array.from({ length: 16 }, () => apl(s, `['d'] | summarize count() by u | count`)),
      )
      return outcome(rs)
    },
  },
  {
    id: '4a-fields-take',
    title: '4a. 10k events each with its own field, then `take 3` (20k at issue scale)',
    prepare: async (s, scale) => {
      await s.call('POST', '/v2/datasets', { body: { name: 'wide' } })
      const n = scale === 'ci' ? 10_000 : 20_000
      for (let from = 0; from < n; from += 10_000) {
        const lines = Array.from({ length: 10_000 }, (_, i) => `{"f${from + i}":1}`).join('\n')
        await s.call('POST', '/v1/datasets/wide/ingest', { body: lines, headers: NDJSON })
      }
    },
    run: async (s) => {
      const r = await apl(s, `['wide'] | take 3`)
      return outcome([r], `${r.json?.tables?.[0]?.fields?.length ?? 0} columns`)
    },
  },
  {
    id: '4b-fields-count',
    title: '4b. 100k field names (10 uploads), then `count`',
    run: async (s, scale) => {
      await s.call('POST', '/v2/datasets', { body: { name: 'wide' } })
      const n = scale === 'ci' ? 30_000 : 100_000
      const ingests: Reply[] = []
      for (let from = 0; from < n; from += 10_000) {
        const lines = Array.from({ length: 10_000 }, (_, i) => `{"f${from + i}":1}`).join('\n')
        ingests.push(await s.call('POST', '/v1/datasets/wide/ingest', { body: lines, headers: NDJSON }))
      }
      const failed = ingests.reduce((a, r) => a + (r.json?.failed ?? 0), 0)
      const r = await apl(s, `['wide'] | count`)
      return outcome(
        [...ingests, r],
        `${failed} events refused; count ${r.json?.tables?.[0]?.columns?.[0]?.[0]}`,
      )
    },
  },
  {
    id: '5-zstd-concurrent',
    title: '5. 64 concurrent 1 KB zstd ingests inflating to 32 MiB each',
    prepare: (s) => s.call('POST', '/v2/datasets', { body: { name: 'z' } }).then(() => {}),
    run: async (s) => {
      const line = `{"a":"${'x'.repeat(1000)}"}\n`
      const body = zstdCompressSync(Buffer.from(line.repeat(Math.floor((32 << 20) / line.length))))
      const rs = await Promise.all(
        Array.from({ length: 64 }, () =>
          s.call('POST', '/v1/datasets/z/ingest', {
            body,
            headers: { ...NDJSON, 'content-encoding': 'zstd' },
          }),
        ),
      )
      return outcome(rs, `body ${body.length} B`)
    },
  },
  {
    id: '6-deep-pipeline',
    title: '6. 10,000-stage pipeline (`| where n >= 0` ×9,999, then `| count`)',
    prepare: (s) => loadRows(s, 'd', 1000),
    run: async (s) => {
      const q = `['d']${' | where n >= 0'.repeat(9_999)} | count`
      const r = await apl(s, q)
      return outcome(
        [r],
        r.status === 200 ? `count ${r.json?.tables?.[0]?.columns?.[0]?.[0]}` : r.json?.message?.slice(0, 60),
      )
    },
  },
  {
    id: '6b-deep-extend',
    title: '6b. 2,500 stages of `extend` (with a 160 MiB request budget: every stage keeps its batch)',
    prepare: (s) => loadRows(s, 'd', 1000),
    run: async (s) => {
      let q = `['d']`
      for (let i = 0; i < 2500; i++) q += ` | extend x = n`
      const r = await apl(s, `${q} | count`, 600_000, 160 << 20)
      return outcome([r], r.status === 200 ? undefined : r.json?.message?.slice(0, 60))
    },
  },
  {
    id: '9-annotations',
    title: '9. 150 annotations of ~1 MiB `datasets` lists',
    run: async (s) => {
      const datasets = Array.from({ length: 7000 }, (_, i) =>
        `dataset-name-${String(i).padStart(6, '0')}-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`.slice(
          0,
          128,
        ),
      )
      const body = { type: 'deploy', title: 't', datasets: datasets.slice(0, 7000) }
      const rs: Reply[] = []
      for (let i = 0; i < 150; i++) rs.push(await s.call('POST', '/v2/annotations', { body }))
      const last = rs[rs.length - 1]
      return outcome(rs, `last create ${last.ms.toFixed(0)} ms`)
    },
  },
]

/** Opens `n` TCP connections to the server and keeps them (idle: nothing sent, or a partial request). */
export async function openSockets(
  s: ChildServer,
  n: number,
  send: string | undefined,
): Promise<{ sockets: import('node:net').Socket[]; closed: () => number }> {
  const net = await import('node:net')
  const { port, hostname } = new URL(s.url)
  const sockets: import('node:net').Socket[] = []
  let closed = 0
  for (let i = 0; i < n; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, n - i) }, () => {
        return new Promise<void>((resolve) => {
          const sock = net.connect(Number(port), hostname, () => {
            if (send !== undefined) sock.write(send)
            resolve()
          })
          sock.on('error', () => resolve())
          sock.on('close', () => {
            closed++
          })
          sock.on('data', () => {})
          sockets.push(sock)
        })
      }),
    )
  }
  return { sockets, closed: () => closed }
}

/** Attack 8: SIGTERM with idle and half-open connections open; ms until the process exits. */
export const SHUTDOWN_ATTACK: Attack = {
  id: '8-shutdown',
  title: '8. SIGTERM with 5,000 idle + 100 half-open sockets (500 + 50 at CI scale)',
  run: async (s, scale) => {
    const idle = await openSockets(s, scale === 'ci' ? 500 : 5000, undefined)
    const half = await openSockets(s, scale === 'ci' ? 50 : 100, 'GET /v2/user HTTP/1.1\r\nHost: x\r\n')
    const stopped = await s.stop(scale === 'ci' ? 60_000 : 330_000)
    for (const sock of [...idle.sockets, ...half.sockets]) sock.destroy()
    return {
      status: stopped.exit,
      codes: [],
      note: `exit after ${(stopped.ms / 1000).toFixed(1)} s`,
      replies: [],
    }
  },
}

/** Attack 8b: keep-alive sockets idle after one request each: how many outlive the idle timeout. */
export const IDLE_ATTACK: Attack = {
  id: '8b-idle-sockets',
  title: '8b. 5,000 sockets idle after a request or before one (500 at CI scale): open after 40 s',
  run: async (s, scale) => {
    const n = scale === 'ci' ? 500 : 5000
    const request = `GET /v2/user HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${(await import('./child-server.ts')).ROOT}\r\n\r\n`
    const after = await openSockets(s, n / 2, request)
    const before = await openSockets(s, n / 2, undefined)
    await new Promise((r) => setTimeout(r, 40_000))
    const open = n - after.closed() - before.closed()
    for (const sock of [...after.sockets, ...before.sockets]) sock.destroy()
    return { status: 'n/a', codes: [], note: `${open} of ${n} still open`, replies: [] }
  },
}

/**
 * Attack 3f: 16 summarizes of 50k groups arriving at once on a fresh server (cold code, the rows in
 * the unsealed tail), with 2 query slots and a 1.5 s queue wait: the burst's connections are accepted
 * one per event-loop iteration, so a health check behind them waited one query piece per connection.
 */
export const BURST_ATTACK: Attack = {
  id: '3f-burst-cold',
  title:
    '3f. 16 summarizes of 50k groups arriving at once on a fresh server (2 query slots, 1.5 s queue wait)',
  args: ['--max-queries', '2', '--queue-timeout', '1500'],
  prepare: (s) => loadRows(s, 'd', 50_000),
  run: async (s) =>
    outcome(
      await Promise.all(Array.from({ length: 16 }, () => apl(s, `['d'] | summarize count() by u | count`))),
    ),
}

/** Attack 7: delete and trim latency while 3 ingest and 2 query loops run. */
export const STARVATION_ATTACK: Attack = {
  id: '7-delete-trim-load',
  title: '7. delete and trim of a dataset under 3 ingest + 2 query loops on it',
  prepare: async (s, scale) => {
    await loadRows(s, 'load', scale === 'ci' ? 100_000 : 300_000)
  },
  run: async (s, scale) => {
    let stop = false
    const loops: Promise<void>[] = []
    for (let i = 0; i < 3; i++)
      loops.push(
        (async () => {
          const lines = Array.from({ length: 10_000 }, (_, j) => `{"n":${j},"u":"w${j}","k":${j % 7}}`).join(
            '\n',
          )
          while (!stop)
            await s.call('POST', '/v1/datasets/load/ingest', {
              body: lines,
              headers: NDJSON,
              timeoutMs: 120_000,
            })
        })(),
      )
    for (let i = 0; i < 2; i++)
      loops.push(
        (async () => {
          while (!stop) await apl(s, `['load'] | summarize count() by u | count`, 120_000)
        })(),
      )
    await new Promise((r) => setTimeout(r, 3000))
    const rs: Reply[] = []
    const rounds = scale === 'ci' ? 2 : 4
    for (let i = 0; i < rounds; i++) {
      rs.push(
        await s.call('POST', '/v2/datasets/_apl/delete', {
          body: {
            apl: `['load'] | where u == 'u${i * 1000}'`,
            startTime: '2000-01-01T00:00:00Z',
            endTime: '2100-01-01T00:00:00Z',
            commit: true,
          },
          timeoutMs: 120_000,
        }),
      )
      rs.push(
        await s.call('POST', '/v2/datasets/load/trim', { body: { maxDuration: '1h' }, timeoutMs: 120_000 }),
      )
    }
    stop = true
    await Promise.all(loops)
    const ms = (k: number) =>
      rs
        .filter((_, i) => i % 2 === k)
        .map((r) => (r.ms / 1000).toFixed(1))
        .join('/')
    return outcome(rs, `delete s ${ms(0)}; trim s ${ms(1)}`)
  },
}
