// bench/suite.bench.ts: `npm run bench`, issue 7's benchmark suite. Per size: seeded
// sample-http-logs events, generated chunk by chunk, loaded into an on-disk apldb store (default
// durability 'fsync') and into one in-memory DuckDB (both cores) as a VARCHAR table and an ENUM
// copy; the ten queries timed in all three (bench-timing.ts: a cold run, a warm-up, the median of
// 5) with answers checked; ingest rates; memory. Then a scaling run (apldb, three queries, 1M–10M events). Writes
// bench/results/suite-<date>.json, suite.svg and scaling.svg (bench/suite-results.ts).
// Run: npm run bench [-- --sizes 1000000,10000000] [--quick] [--no-scaling] [--scaling-sizes …]
import { mkdtemp, rm } from 'node:fs/promises'
import * as os from 'node:os'
import { join } from 'node:path'
import { parallelConfig, startParallelPool } from '../src/exec/parallel/index.ts'
import { type Apldb, openStore } from '../src/index.ts'
import { INGEST_BATCH, INGEST_IN_FLIGHT, LOAD_STRETCH, loadApldb } from './apldb-load.ts'
import { describeWarmUp, RUNS, WARM_UP } from './bench-timing.ts'
import { appendEventChunks } from './duckdb-chunk-append.ts'
import { connectToEnumCopy, createEnumCopy } from './duckdb-enum.ts'
import { openDuck } from './duckdb-load.ts'
import { duckMemoryBytes } from './duckdb-memory.ts'
import { CHUNK_EVENTS, constantRate, eventChunks, fixedSpan, SPAN_DAYS } from './event-chunks.ts'
import { describeMachine, machineInfo } from './machine-info.ts'
import { dirBytes, settledMemory } from './mem-probe.ts'
import { QUERY_CASES, type QueryCase } from './query-cases.ts'
import { parseSuiteArgs } from './suite-args.ts'
import { type DuckConfig, runSuiteCase, type SuiteCaseResult, timeApldb } from './suite-case.ts'
import { loadAndMemoryLines, queryTable, scalingTable } from './suite-report.ts'
import { type ScalingResult, type SizeResult, writeSuiteOutputs } from './suite-results.ts'

const DATASET = 'http-logs'
const DUCK_THREADS = os.availableParallelism()
const CONFIGS = ['DuckDB VARCHAR', 'DuckDB ENUM']
/**
 * The scaling run's queries: a filtered full-scan count by a second field, a group-by with value
 * aggregates, and the one-day window. (Cases 1 and 2 are answered from zone-map counts without a
 * scan, so they would show the per-block cost of statistics, not of scanning.)
 */
const SCALING_IDS = ['8', '3', '10']
/** The scaling run's window: the second day, inside the data at every scaling size. */
const SCALING_DAY = { startTime: '2026-01-02T00:00:00Z', endTime: '2026-01-03T00:00:00Z' }

const progress = (s: string) => process.stderr.write(`${s}\n`)
const tempDir = () => mkdtemp(join(os.tmpdir(), 'apldb-suite-'))

/** Loads `n` events into a fresh apldb store and into DuckDB, runs every query, measures memory. */
async function benchSize(n: number): Promise<SizeResult> {
  console.log(`\n== ${n.toLocaleString('en-US')} events ==`)
  const dir = await tempDir()
  const store = await openStore({ path: dir })
  await store.datasets.create({ name: DATASET })
  const memBefore = settledMemory()
  progress(`loading apldb (${dir}) …`)
  const apldbMs = await loadApldb(store, DATASET, eventChunks(0, n, fixedSpan(n)))
  const memAfterApldb = settledMemory()
  const diskBytes = await dirBytes(dir)
  const blockBytes = await dirBytes(join(dir, 'blocks')).catch(() => 0)

  progress('loading DuckDB …')
  const duck = await openDuck(DUCK_THREADS)
  let duckVarcharMs = 0
  for (const events of eventChunks(0, n, fixedSpan(n))) {
    const t = performance.now()
    await appendEventChunks(duck.conn, events)
    duckVarcharMs += performance.now() - t
  }
  const varcharBytes = await duckMemoryBytes(duck.conn)
  let t = performance.now()
  await createEnumCopy(duck.conn)
  const enumConvertMs = performance.now() - t
  const enumBytes = (await duckMemoryBytes(duck.conn)) - varcharBytes
  const enumConn = await connectToEnumCopy(duck.instance)
  const rssAfterDuck = settledMemory().rss

  // Worker threads up before the first timing (a query before that runs its units on the main thread).
  await startParallelPool()
  const ducks: DuckConfig[] = [
    { name: CONFIGS[0], conn: duck.conn },
    { name: CONFIGS[1], conn: enumConn },
  ]
  const queries: SuiteCaseResult[] = []
  for (const c of QUERY_CASES) {
    t = performance.now()
    queries.push(await runSuiteCase(store, ducks, c))
    progress(`  query ${c.id} measured (${((performance.now() - t) / 1000).toFixed(1)} s)`)
  }
  const cacheBytes = store.health().cacheBytes
  const rssAfterQueries = settledMemory().rss
  const result: SizeResult = {
    events: n,
    load: {
      apldbMs,
      apldbEventsPerSec: n / (apldbMs / 1000),
      duckdbVarcharMs: duckVarcharMs,
      duckdbVarcharEventsPerSec: n / (duckVarcharMs / 1000),
      duckdbEnumConvertMs: enumConvertMs,
      duckdbEnumEventsPerSec: n / ((duckVarcharMs + enumConvertMs) / 1000),
    },
    memory: {
      rssBeforeApldbBytes: memBefore.rss,
      rssAfterApldbLoadBytes: memAfterApldb.rss,
      apldbRssBytesPerEvent: (memAfterApldb.rss - memBefore.rss) / n,
      apldbLiveBytesPerEvent: (memAfterApldb.live - memBefore.live) / n,
      apldbDiskBytesPerEvent: diskBytes / n,
      apldbBlockBytesPerEvent: blockBytes / n,
      apldbMainCacheBytes: cacheBytes,
      rssAfterDuckdbLoadBytes: rssAfterDuck,
      rssAfterQueriesBytes: rssAfterQueries,
      duckdbVarcharBytesPerEvent: varcharBytes / n,
      duckdbEnumBytesPerEvent: enumBytes / n,
    },
    queries,
  }
  console.log(queryTable(queries))
  console.log(loadAndMemoryLines(result, CONFIGS, parallelConfig().cacheBytes))
  enumConn.closeSync()
  duck.conn.closeSync()
  duck.instance.closeSync()
  await store.close()
  await rm(dir, { recursive: true, force: true })
  return result
}

/** The scaling queries: cases 8 and 3 as they are, case 10 moved to SCALING_DAY. */
function scalingCases(): QueryCase[] {
  return SCALING_IDS.map((id) => {
    const c = QUERY_CASES.find((q) => q.id === id)
    if (!c) throw new Error(`scaling query ${id} is not in QUERY_CASES`)
    return id === '10' ? { ...c, window: SCALING_DAY } : c
  })
}

/**
 * One store grown through `sizes` at a constant rate (the largest size spans SPAN_DAYS days), so
 * the day window holds the same events at every size; the three queries are timed at each size.
 */
async function scalingRun(sizes: readonly number[]): Promise<ScalingResult> {
  const largest = sizes[sizes.length - 1]
  const eventsPerDay = Math.ceil(largest / SPAN_DAYS)
  const layout = constantRate(eventsPerDay)
  if (sizes[0] < 2 * eventsPerDay) {
    console.log(`warning: ${sizes[0]} events cover less than two days; the day window is only partly filled`)
  }
  console.log(
    `\n== scaling: apldb, ${sizes.map((s) => s.toLocaleString('en-US')).join(' → ')} events in one growing store, ` +
      `${eventsPerDay.toLocaleString('en-US')} events/day (durability 'none': its load is not an ingest figure) ==`,
  )
  const cases = scalingCases()
  const dir = await tempDir()
  const store: Apldb = await openStore({ path: dir, durability: 'none' })
  await store.datasets.create({ name: DATASET })
  await startParallelPool()
  const points: ScalingResult['points'][number][] = []
  let loaded = 0
  for (const n of sizes) {
    progress(`scaling: loading up to ${n.toLocaleString('en-US')} …`)
    await loadApldb(store, DATASET, eventChunks(loaded, n, layout))
    loaded = n
    const figures = []
    for (const c of cases) {
      const { timing: tm } = await timeApldb(store, c)
      figures.push({
        id: c.id,
        ms: tm.ms,
        runsMs: tm.runsMs,
        msPerMillionEvents: tm.ms / (n / 1e6),
        rowsExamined: tm.rowsExamined,
        blocksPruned: tm.blocksPruned,
        blocksExamined: tm.blocksExamined,
        ...(tm.error ? { error: tm.error } : {}),
      })
    }
    points.push({ events: n, figures })
  }
  await store.close()
  await rm(dir, { recursive: true, force: true })
  const result: ScalingResult = {
    eventsPerDay,
    dayWindow: SCALING_DAY,
    queries: cases.map((c) => ({
      id: c.id,
      title: c.id === '10' ? `${c.title} (2026-01-02)` : c.title,
      apl: c.apl,
    })),
    points,
  }
  console.log(scalingTable(result))
  return result
}

const argv = process.argv.slice(2)
const args = parseSuiteArgs(argv)
const machine = machineInfo()
const date = new Date().toISOString()
console.log(`apldb benchmark suite (issue 7), ${date}`)
console.log(`machine: ${describeMachine(machine)}`)
console.log(
  `settings: sizes ${args.sizes.join(', ')}; ${describeWarmUp()}; apldb on disk in a temp dir, default query options (parallel 'auto', ` +
    `${parallelConfig().workers} workers); DuckDB in memory, threads=${DUCK_THREADS}; data generated in chunks of ${CHUNK_EVENTS.toLocaleString('en-US')} over ${SPAN_DAYS} days`,
)
const sizes: SizeResult[] = []
for (const n of args.sizes) sizes.push(await benchSize(n))
const scaling = args.scaling ? await scalingRun(args.scalingSizes) : undefined
const written = await writeSuiteOutputs({
  date,
  quick: args.quick,
  argv,
  machine,
  settings: {
    runs: RUNS,
    warmUp: WARM_UP,
    chunkEvents: CHUNK_EVENTS,
    spanDays: SPAN_DAYS,
    apldb: {
      store: 'on disk (temp dir), durability fsync (default)',
      load: `ingest from objects, batches of ${INGEST_BATCH}, ${INGEST_IN_FLIGHT} calls in flight; generated ${LOAD_STRETCH} events at a time (untimed), each timed stretch waits for its seals; final flush`,
      queryOptions: "defaults (parallel 'auto')",
      parallel: parallelConfig(),
    },
    duckdb: {
      storage: 'in-memory instance',
      threads: DUCK_THREADS,
      varcharLoad: 'appender, appendDataChunk with 2,048-row chunks',
      enumLoad:
        'CREATE TYPE … AS ENUM (SELECT DISTINCT …) then CREATE TABLE enums.http_logs AS SELECT with casts',
    },
  },
  sizes,
  ...(scaling ? { scaling } : {}),
})
for (const f of written) console.log(`wrote ${f}`)
