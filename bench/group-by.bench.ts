// bench/group-by.bench.ts: summarize with the common aggregations (count, countif, sum, avg, min, max)
// by keys of few to many groups, in process over generated sample-http-logs events in an in-memory
// store: median and minimum ms of RUNS runs after WARMUP runs per query; then the peak heap growth
// of one summarize over 1,000,000 distinct string keys (memory probe, sampled every 2 ms; run with
// --expose-gc for a clean baseline). Prints figures only; nothing is asserted.
// Run: node --expose-gc bench/group-by.bench.ts [events] [runs] [warm-ups] [only queries containing]
import { type Apldb, openStore } from '../src/index.ts'
import { loadApldb } from './apldb-load.ts'
import { httpLogs } from './data-gen.ts'

const N = Number(process.argv[2] ?? 1_000_000)
const RUNS = Number(process.argv[3] ?? 15)
const WARMUP = Number(process.argv[4] ?? 5)
const ONLY = process.argv[5]
/** The whole data, and time enough for the slowest summarize at 10M events. */
const WINDOW = { startTime: '2025-01-01T00:00:00Z', endTime: '2027-01-01T00:00:00Z', deadlineMs: 600_000 }
const CHUNK = 100_000

const QUERIES = [
  "['h'] | summarize avg(req_duration_ms), max(req_duration_ms) by method",
  "['h'] | summarize min(req_duration_ms), max(req_duration_ms), avg(req_duration_ms) by server_datacenter",
  "['h'] | summarize sum(req_duration_ms), avg(resp_body_size_bytes), min(req_duration_ms), count() by uri",
  "['h'] | summarize countif(status == '500'), sumif(req_duration_ms, method == 'GET') by bin(_time, 1h)",
  // Past 1,000,000 groups a result is refused (too_many_groups): counted instead of returned.
  "['h'] | summarize avg(req_duration_ms) by id | count",
]

function* chunks(n: number): Generator<Record<string, unknown>[]> {
  for (let i = 0; i < n; i += CHUNK)
    yield httpLogs(Math.min(CHUNK, n - i), { seed: 42 + i, startMs: Date.UTC(2026, 0, 1) + i * 2000 })
}

async function timeQueries(db: Apldb): Promise<void> {
  for (const q of QUERIES.filter((x) => ONLY === undefined || x.includes(ONLY))) {
    for (let i = 0; i < WARMUP; i++) await db.query(q, WINDOW)
    const ms: number[] = []
    let groups = 0
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now()
      const r = await db.queryResult(q, WINDOW)
      ms.push(performance.now() - t)
      groups = r.status.numGroups
    }
    ms.sort((a, b) => a - b)
    const median = ms[ms.length >> 1]
    console.log(`${median.toFixed(1).padStart(9)} ms  (min ${ms[0].toFixed(1)})  ${groups} groups  ${q}`)
  }
}

/** Peak heap growth of a summarize over 1,000,000 distinct string keys. */
async function manyGroups(): Promise<void> {
  const db = await openStore({ durability: 'none' })
  await db.datasets.create({ name: 'g' })
  const t0 = Date.UTC(2026, 0, 1)
  for (let i = 0; i < 1_000_000; i += 50_000) {
    const events = Array.from({ length: 50_000 }, (_, j) => ({
      _time: new Date(t0 + (i + j) * 1000).toISOString(),
      k: `key-${i + j}`,
      v: ((i + j) % 997) / 7,
    }))
    await db.ingest('g', events)
  }
  await db.settle()
  const q = "['g'] | summarize avg(v), sum(v), max(v), count() by k | count"
  const gc = (globalThis as { gc?: () => void }).gc
  for (let run = 0; run < 2; run++) {
    gc?.()
    const base = process.memoryUsage().heapUsed
    let peak = base
    const probe = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed)
    }, 2)
    const t = performance.now()
    await db.query(q, { ...WINDOW, parallel: 'off' })
    const ms = performance.now() - t
    clearInterval(probe)
    console.log(
      `${ms.toFixed(0).padStart(9)} ms  peak heap +${((peak - base) / 2 ** 20).toFixed(0)} MiB  ${q}`,
    )
  }
  await db.close()
}

const db = await openStore({ durability: 'none' })
await db.datasets.create({ name: 'h' })
const loadMs = await loadApldb(db, 'h', chunks(N))
console.log(
  `${N.toLocaleString('en-US')} events loaded in ${(loadMs / 1000).toFixed(1)} s; ${RUNS} runs after ${WARMUP} warm-ups`,
)
await timeQueries(db)
await db.close()
await manyGroups()
