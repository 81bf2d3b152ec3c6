// test/hostile/soak.ts: the opt-in 10-minute soak of issue 28 (`npm run soak`): a child `apldb serve`
// with a heap limit takes normal load (3 ingest loops, 2 query loops, a delete and a trim now and
// then) and, at the same time, every hostile request of test/hostile/attacks.ts in turn. At the end
// it prints the status counts, the slowest health answer, the slowest delete and trim, and peak RSS,
// and exits non-zero if the server died, answered 5xx, or a health check failed.
// Usage: node test/hostile/soak.ts [minutes (default 10)]
import { ATTACKS, apl, loadRows } from './attacks.ts'
import { type Reply, startChild } from './child-server.ts'

const MiB = 1 << 20
const minutes = Number(process.argv[2] ?? 10)
const until = Date.now() + minutes * 60_000
const s = await startChild({ heapMb: 1024, args: ['--memory', String(384 * MiB)] })
console.log(`soak: ${minutes} min against ${s.url} (pid ${s.pid}, heap 1024 MiB, memory 384 MiB)`)
await loadRows(s, 'load', 100_000)
await loadRows(s, 'd', 5000)

const statuses = new Map<string, number>()
let fiveHundreds = 0
let worstHealth = 0
let healthFailures = 0
let worstDelete = 0
let worstTrim = 0
const note = (r: Reply, what: string) => {
  const k = `${what} ${r.status || r.failure}`
  statuses.set(k, (statuses.get(k) ?? 0) + 1)
  if (r.status >= 500 || r.status === 0) {
    fiveHundreds++
    console.log(`soak: ${what} answered ${r.status || r.failure}: ${r.text.slice(0, 200)}`)
  }
}
const running = () => Date.now() < until && s.alive()
const NDJSON = { 'content-type': 'application/x-ndjson' }
const batch = Array.from({ length: 5000 }, (_, j) => `{"n":${j},"u":"w${j}","k":${j % 7}}`).join('\n')

const loops: Promise<void>[] = []
for (let i = 0; i < 3; i++)
  loops.push(
    (async () => {
      while (running())
        note(
          await s.call('POST', '/v1/datasets/load/ingest', {
            body: batch,
            headers: NDJSON,
            timeoutMs: 120_000,
          }),
          'ingest',
        )
    })(),
  )
for (let i = 0; i < 2; i++)
  loops.push(
    (async () => {
      while (running()) note(await apl(s, `['load'] | summarize count() by k | count`, 120_000), 'query')
    })(),
  )
loops.push(
  (async () => {
    let i = 0
    while (running()) {
      await new Promise((r) => setTimeout(r, 15_000))
      const d = await s.call('POST', '/v2/datasets/_apl/delete', {
        body: {
          apl: `['load'] | where u == 'u${i++}'`,
          startTime: '2000-01-01T00:00:00Z',
          endTime: '2100-01-01T00:00:00Z',
          commit: true,
        },
        timeoutMs: 120_000,
      })
      note(d, 'delete')
      worstDelete = Math.max(worstDelete, d.ms)
      const t = await s.call('POST', '/v2/datasets/load/trim', {
        body: { maxDuration: '2h' },
        timeoutMs: 120_000,
      })
      note(t, 'trim')
      worstTrim = Math.max(worstTrim, t.ms)
    }
  })(),
)
loops.push(
  (async () => {
    while (running()) {
      const h = await s.health(10_000)
      if (h.status !== 200) healthFailures++
      worstHealth = Math.max(worstHealth, h.ms)
      await new Promise((r) => setTimeout(r, 100))
    }
  })(),
)
loops.push(
  (async () => {
    // Hostile requests in turn (their own data sets up in their own datasets).
    let k = 0
    while (running()) {
      const a = ATTACKS[k++ % ATTACKS.length]
      try {
        if (k <= ATTACKS.length) await a.prepare?.(s, 'ci')
        const o = await a.run(s, 'ci')
        for (const r of o.replies) note(r, `attack ${a.id}`)
      } catch (e) {
        console.log(`soak: attack ${a.id} threw: ${(e as Error).message}`)
      }
    }
  })(),
)
await Promise.all(loops)
const alive = s.alive()
console.log(`soak: ${alive ? 'alive' : `DEAD (${s.exit()})`}, peak RSS ${(s.maxRss / MiB).toFixed(0)} MiB`)
console.log(
  `soak: slowest health ${worstHealth.toFixed(0)} ms (${healthFailures} failed); slowest delete ${(worstDelete / 1000).toFixed(1)} s, trim ${(worstTrim / 1000).toFixed(1)} s`,
)
for (const [k, n] of [...statuses].sort()) console.log(`soak: ${k} ×${n}`)
await s.dispose()
process.exit(alive && fiveHundreds === 0 && healthFailures === 0 ? 0 : 1)
