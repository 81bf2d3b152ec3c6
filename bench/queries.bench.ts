// bench/queries.bench.ts: query latency of apldb against DuckDB (issue 4 acceptance) on the same
// seeded sample-http-logs events, loaded chunk by chunk into both engines (an apldb store and an
// in-memory DuckDB with every core). Per query: median of 5 runs after a warm-up (bench-timing.ts), the ratio
// apldb/DuckDB, apldb's rows scanned and blocks pruned, and an agreement check of the answers.
// The apldb store is on disk (a temporary directory, no fsync) so the parallel executor (issue 7)
// can hand block files to its worker threads; apldb runs each query in-process (`parallel: 'off'`)
// and with the default `parallel: 'auto'`, and checks both give the same answer. `--store memory`
// uses an in-memory store instead (in-process only, the issue 4 setup).
// Prints a table; writes bench/results/queries-<n>.json.
// Run: npm run bench:queries [-- --sizes 1000000,5000000] [--store disk|memory]
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import * as os from 'node:os'
import { join } from 'node:path'
import { version as duckVersion } from '@duckdb/node-api'
import { parallelConfig, startParallelPool } from '../src/exec/parallel/index.ts'
import { type Apldb, openStore, type QueryResult } from '../src/index.ts'
import { describeWarmUp, median, RUNS, timeRuns } from './bench-timing.ts'
import { httpLogs } from './data-gen.ts'
import { appendEvents, type DuckBench, openDuck } from './duckdb-load.ts'
import { QUERY_CASES, type QueryCase } from './query-cases.ts'
import { disagreements, normalizeApldb, normalizeDuck } from './result-agree.ts'

/** Events generated (and loaded into both engines) at a time, so 5M never sit in memory at once. */
const CHUNK = 100_000
/** apldb ingest call size (events). */
const BATCH = 10_000
const START_MS = Date.UTC(2026, 0, 1)
const SPAN_MS = 30 * 86_400_000
const DATASET = 'http-logs'

function parseSizes(argv: readonly string[]): number[] {
  const i = argv.findIndex((a) => a === '--sizes' || a.startsWith('--sizes='))
  if (i < 0) return [1_000_000, 5_000_000]
  const text = argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : (argv[i + 1] ?? '')
  const sizes = text.split(',').map((s) => Number(s.replace(/_/g, '')))
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n <= 0)) {
    throw new Error(`--sizes wants positive integers separated by commas, got '${text}'`)
  }
  return sizes
}

/** Where the apldb store lives: on disk (parallel executor usable) or in memory (in-process only). */
function parseStore(argv: readonly string[]): 'disk' | 'memory' {
  const i = argv.findIndex((a) => a === '--store' || a.startsWith('--store='))
  if (i < 0) return 'disk'
  const v = argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : argv[i + 1]
  if (v !== 'disk' && v !== 'memory') throw new Error(`--store wants disk or memory, got '${v}'`)
  return v
}

/** Load times of one size, ms (generation excluded). */
interface LoadTimes {
  apldbMs: number
  duckdbMs: number
}

async function load(n: number, store: Apldb, duck: DuckBench): Promise<LoadTimes> {
  const times: LoadTimes = { apldbMs: 0, duckdbMs: 0 }
  for (let k = 0, from = 0; from < n; k++, from += CHUNK) {
    const count = Math.min(CHUNK, n - from)
    // Each chunk covers its share of the 30 days, so the whole set is in time order.
    const events = httpLogs(count, {
      seed: 1000 + k,
      startMs: START_MS + Math.floor((from / n) * SPAN_MS),
      spanMs: Math.floor((count / n) * SPAN_MS),
    })
    let t = performance.now()
    for (let b = 0; b < count; b += BATCH) {
      const st = await store.ingest(DATASET, events.slice(b, b + BATCH))
      if (st.failed) throw new Error(`apldb ingest failed: ${JSON.stringify(st.failures[0])}`)
    }
    times.apldbMs += performance.now() - t
    t = performance.now()
    await appendEvents(duck.conn, events)
    times.duckdbMs += performance.now() - t
  }
  const t = performance.now()
  await store.flush()
  await store.settle()
  times.apldbMs += performance.now() - t
  return times
}

/** One query's figures. */
interface CaseResult {
  readonly id: string
  readonly title: string
  readonly apl: string
  readonly sql: string
  /** apldb with the default `parallel: 'auto'`. */
  readonly apldbMs: number
  /** apldb with `parallel: 'off'` (in-process). */
  readonly apldbSerialMs: number
  readonly duckdbMs: number
  readonly ratio: number
  /** apldbSerialMs / apldbMs. */
  readonly parallelSpeedup: number
  /** Whether the parallel and in-process answers are identical (elapsed time aside). */
  readonly parallelAgree: boolean
  readonly apldbRunsMs: number[]
  readonly apldbSerialRunsMs: number[]
  readonly duckdbRunsMs: number[]
  readonly rowsExamined: number
  readonly rowsMatched: number
  readonly blocksExamined: number
  readonly blocksPruned: number
  readonly isEstimate: boolean
  readonly agree: boolean
  readonly disagreements: string[]
  readonly mergedGroups: number
}

/** The timed runs of `run` (bench-timing.ts: a cold run and a warm-up first). */
async function timedRuns(run: () => Promise<unknown>): Promise<number[]> {
  return (await timeRuns(run)).runsMs
}

/** The answer as text, elapsed time aside (the parallel and in-process answers must be identical). */
function canonical(r: QueryResult): string {
  const plain = { ...r, status: { ...r.status, elapsedTime: 0 } }
  return JSON.stringify(plain, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))
}

async function runCase(c: QueryCase, store: Apldb, duck: DuckBench): Promise<CaseResult> {
  let last: QueryResult | undefined
  let serial: QueryResult | undefined
  const opts = c.limit === undefined ? c.window : { ...c.window, limit: c.limit }
  const apldbSerialRunsMs = await timedRuns(async () => {
    serial = await store.queryResult(c.apl, { ...opts, parallel: 'off' } as never)
  })
  const apldbRunsMs = await timedRuns(async () => {
    last = await store.queryResult(c.apl, { ...opts, parallel: 'auto' } as never)
  })
  const duckdbRunsMs = await timedRuns(() => duck.conn.runAndReadAll(c.sql))
  const result = last as QueryResult
  const aplSide = normalizeApldb(c, result)
  const duckSide = normalizeDuck(c, await duck.conn.runAndReadAll(c.checkSql ?? c.sql))
  const diffs = disagreements(c, aplSide, duckSide)
  const apldbMs = median(apldbRunsMs)
  const apldbSerialMs = median(apldbSerialRunsMs)
  const duckdbMs = median(duckdbRunsMs)
  const s = result.status
  return {
    id: c.id,
    title: c.title,
    apl: c.apl,
    sql: c.sql,
    apldbMs,
    apldbSerialMs,
    duckdbMs,
    ratio: apldbMs / duckdbMs,
    parallelSpeedup: apldbSerialMs / apldbMs,
    parallelAgree: canonical(result) === canonical(serial as QueryResult),
    apldbRunsMs,
    apldbSerialRunsMs,
    duckdbRunsMs,
    rowsExamined: s.rowsExamined,
    rowsMatched: s.rowsMatched,
    blocksExamined: s.blocksExamined,
    blocksPruned: s.blocksPruned,
    isEstimate: s.isEstimate,
    agree: diffs.length === 0,
    disagreements: diffs,
    mergedGroups: aplSide.merged,
  }
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0))

function printTable(results: readonly CaseResult[]): void {
  const head = [
    '#',
    'query',
    'apldb ms',
    'serial ms',
    'par speedup',
    'duckdb ms',
    'ratio',
    'rows scanned',
    'blocks pruned/total',
    'agree',
  ]
  const rows = results.map((r) => [
    r.id,
    r.title.length > 58 ? `${r.title.slice(0, 57)}…` : r.title,
    ms(r.apldbMs),
    ms(r.apldbSerialMs),
    `${r.parallelSpeedup.toFixed(2)}x${r.parallelAgree ? '' : ' DIFF'}`,
    ms(r.duckdbMs),
    `${r.ratio.toFixed(1)}x`,
    r.rowsExamined.toLocaleString('en-US'),
    `${r.blocksPruned}/${r.blocksExamined + r.blocksPruned}`,
    r.agree ? 'yes' : 'NO',
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')
  console.log(line(head))
  for (const r of rows) console.log(line(r))
}

async function benchSize(n: number, threads: number, where: 'disk' | 'memory'): Promise<void> {
  console.log(
    `\n== ${n.toLocaleString('en-US')} events (apldb store ${where === 'disk' ? 'on disk' : 'in memory'}) ==`,
  )
  const dir = where === 'disk' ? await mkdtemp(join(os.tmpdir(), 'apldb-bench-')) : undefined
  const store = await openStore({ durability: 'none', ...(dir ? { path: dir } : {}) })
  await store.datasets.create({ name: DATASET })
  const duck = await openDuck(threads)
  const loadMs = await load(n, store, duck)
  console.log(
    `load: apldb ${(loadMs.apldbMs / 1000).toFixed(2)} s (ingest + flush), DuckDB ${(loadMs.duckdbMs / 1000).toFixed(2)} s (appender)`,
  )
  // Worker threads up before the first timing (a query before that runs its units on the main thread).
  if (where === 'disk') await startParallelPool()
  const results: CaseResult[] = []
  for (const c of QUERY_CASES) {
    const r = await runCase(c, store, duck)
    results.push(r)
    if (!r.agree) console.log(`query ${c.id} DISAGREES: ${r.disagreements.join('; ')}`)
    if (!r.parallelAgree) console.log(`query ${c.id}: the parallel and in-process answers DIFFER`)
  }
  printTable(results)
  const merged = results.filter((r) => r.mergedGroups > 0).map((r) => `${r.id} (${r.mergedGroups})`)
  if (merged.length > 0) {
    console.log(
      `note: apldb groups status 200 (number) apart from '200' (string); merged for the check in: ${merged.join(', ')}`,
    )
  }
  const file = new URL(`./results/queries-${n}.json`, import.meta.url)
  await mkdir(new URL('./results/', import.meta.url), { recursive: true })
  const json = {
    events: n,
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      duckdb: duckVersion(),
    },
    duckdbThreads: threads,
    apldbStore: where,
    parallel: parallelConfig(),
    runs: RUNS,
    loadMs,
    queries: results,
  }
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`)
  console.log(`wrote ${file.pathname}`)
  await store.close()
  if (dir) await rm(dir, { recursive: true, force: true })
  duck.conn.closeSync()
  duck.instance.closeSync()
}

const sizes = parseSizes(process.argv.slice(2))
const where = parseStore(process.argv.slice(2))
const threads = os.availableParallelism()
console.log(
  `query bench: node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model ?? '?'}), ` +
    `DuckDB ${duckVersion()} with ${threads} threads, ${describeWarmUp()}`,
)
for (const n of sizes) await benchSize(n, threads, where)
