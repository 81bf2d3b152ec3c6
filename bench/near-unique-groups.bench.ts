// bench/near-unique-groups.bench.ts: a summarize by a near-unique string key on an on-disk store (every
// event its own `u`), run with `parallel` 'off', 'on' and 'auto': wall time, how long the event loop
// was held (monitorEventLoopDelay at 5 ms resolution) and the garbage-collection pauses on the main
// thread during the query. The case `exec/parallel/merge-bound.ts` keeps in process under 'auto'.
// Prints figures only; nothing is asserted.
// Run: node bench/near-unique-groups.bench.ts [events] [rounds]
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import { openStore } from '../src/index.ts'

const N = Number(process.argv[2] ?? 2_000_000)
const ROUNDS = Number(process.argv[3] ?? 2)
const QUERY = `['d'] | summarize count() by u | count`
const WINDOW = { startTime: '2000-01-01T00:00:00Z', endTime: '2100-01-01T00:00:00Z', deadlineMs: 600_000 }

const dir = await mkdtemp(join(tmpdir(), 'apldb-near-unique-'))
try {
  let store = await openStore({ path: dir, durability: 'none' })
  await store.datasets.create({ name: 'd' })
  const t0 = Date.parse('2026-01-01T00:00:00Z')
  for (let from = 0; from < N; from += 50_000) {
    const events = []
    for (let i = from; i < Math.min(N, from + 50_000); i++)
      events.push({ _time: new Date(t0 + i * 1000).toISOString(), n: i, u: `u${i}` })
    await store.ingest('d', events)
  }
  // Reopened: every full block sealed on disk (the workers read files), the rest the tail.
  await store.close()
  store = await openStore({ path: dir, durability: 'none' })
  await store.startWorkers()
  let pauses: number[] = []
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push(e.duration)
  })
  gc.observe({ entryTypes: ['gc'] })
  console.log(`${N.toLocaleString('en-US')} events, ${N.toLocaleString('en-US')} distinct u: ${QUERY}`)
  console.log(
    '| round | parallel | ms | event loop held, max ms | GC pause max ms | GC pauses total ms | groups |',
  )
  console.log('| --: | --- | --: | --: | --: | --: | --: |')
  for (let round = 1; round <= ROUNDS; round++) {
    for (const parallel of ['off', 'on', 'auto'] as const) {
      pauses = []
      const loop = monitorEventLoopDelay({ resolution: 5 })
      loop.enable()
      const start = performance.now()
      const r = await store.queryResult(QUERY, { ...WINDOW, parallel })
      const ms = performance.now() - start
      loop.disable()
      const held = loop.max / 1e6
      const gcMax = Math.max(0, ...pauses)
      const gcSum = pauses.reduce((a, b) => a + b, 0)
      const groups = r.tables[0].columns[0][0]
      console.log(
        `| ${round} | ${parallel} | ${ms.toFixed(0)} | ${held.toFixed(0)} | ${gcMax.toFixed(0)} | ${gcSum.toFixed(0)} | ${groups} |`,
      )
    }
  }
  gc.disconnect()
  await store.close()
} finally {
  await rm(dir, { recursive: true, force: true })
}
