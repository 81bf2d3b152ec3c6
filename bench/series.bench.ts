// bench/series.bench.ts: the dashboard shape of issue #22: `make-series count() on _time step 1m by
// status` over a day of N seeded http events (default 1M), then `series_fill_linear` +
// `series_stats` on the typed series (exec/num-series.ts). Prints median ms of 5 runs per query,
// serial and parallel 'auto'. Run: node --max-old-space-size=8000 bench/series.bench.ts [N]
import { type Apldb, openStore } from '../src/index.ts'
import { loadApldb } from './apldb-load.ts'
import { timeRuns } from './bench-timing.ts'
import { httpLogs } from './data-gen.ts'

const N = Number(process.argv[2] ?? 1_000_000)
const DAY = 86_400_000
const START = Date.UTC(2026, 0, 1)
const CHUNK = 50_000

function* chunks(): Generator<unknown[]> {
  for (let at = 0; at < N; at += CHUNK) {
    const n = Math.min(CHUNK, N - at)
    const span = (DAY * n) / N
    yield httpLogs(n, { seed: 7 + at, startMs: START + (DAY * at) / N, spanMs: span })
  }
}

const WINDOW = { startTime: new Date(START).toISOString(), endTime: new Date(START + DAY).toISOString() }
const BASE = `http | make-series n = count() default = 0 on _time step 1m by status`
const CASES: [string, string][] = [
  ['make-series (warm-up pass)', BASE],
  ['make-series count() step 1m by status', BASE],
  [
    '  + series_fill_linear + series_stats',
    `${BASE} | extend f = series_fill_linear(n) | extend s = series_stats(f)`,
  ],
  [
    '  + fill_linear + stats, JSON in between',
    `${BASE} | extend f = todynamic(tostring(series_fill_linear(n))) | extend s = series_stats(f)`,
  ],
  [
    '  + divide, fir, stats_dynamic (chain)',
    `${BASE} | extend r = series_fir(series_divide(n, 60), dynamic([1, 1, 1, 1, 1])) | extend s = series_stats_dynamic(r)`,
  ],
]

async function run(store: Apldb, apl: string, parallel: 'off' | 'auto'): Promise<number> {
  const t = await timeRuns(() => store.queryResult(apl, { ...WINDOW, parallel } as never))
  const sorted = [...t.runsMs].sort((a, b) => a - b)
  return sorted[sorted.length >> 1]
}

const store = await openStore({ durability: 'none' })
await store.datasets.create({ name: 'http' })
const loadMs = await loadApldb(store, 'http', chunks())
console.log(`${N.toLocaleString('en-US')} events over one day loaded in ${(loadMs / 1000).toFixed(1)} s`)
const probe = await store.queryResult(`${BASE} | count`, WINDOW as never)
console.log(`series rows (statuses): ${JSON.stringify(probe.tables[0].columns[0][0])}`)
for (const [name, apl] of CASES) {
  const serial = await run(store, apl, 'off')
  const auto = await run(store, apl, 'auto')
  console.log(
    `${name.padEnd(44)} serial ${serial.toFixed(1).padStart(8)} ms   auto ${auto.toFixed(1).padStart(8)} ms`,
  )
}
await store.close()
