// bench/suite.bench.ts: `npm run bench`, the benchmark suite (issues 7 and 24). Per size: seeded
// sample-http-logs events, generated chunk by chunk, written as NDJSON files (untimed) and loaded
// into an on-disk apldb store from objects (durability 'fsync'), into one in-memory DuckDB (both
// cores) as a VARCHAR table and an ENUM copy, and into ClickHouse (chdb, on disk, from the NDJSON
// files); ingest benchmark (a) loads the same files into apldb and DuckDB too. Every query is timed in
// every engine under one warm-up run and under the suite's warm-up (bench-timing.ts), answers checked
// across engines, then timed cold in apldb. A scaling run (apldb, own process) follows. Writes
// bench/results/suite-<date>.json, suite.md, suite.svg and scaling.svg (bench/suite-results.ts).
// Run: npm run bench [-- --sizes 1000000,10000000] [--quick] [--no-scaling] [--scaling-sizes …]
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import * as os from 'node:os'
import { join } from 'node:path'
import { parallelConfig, startParallelPool } from '../src/exec/parallel/index.ts'
import { openStore } from '../src/index.ts'
import { INGEST_BATCH, INGEST_IN_FLIGHT, LOAD_STRETCH, loadApldb } from './apldb-load.ts'
import { describeWarmUp, RUNS, WARM_UP } from './bench-timing.ts'
import { CH_THREADS, openClickHouse } from './clickhouse-peer.ts'
import { coldQueryMs } from './cold-queries.ts'
import { appendEventChunks } from './duckdb-chunk-append.ts'
import { connectToEnumCopy, createEnumCopy } from './duckdb-enum.ts'
import { openDuck } from './duckdb-load.ts'
import { duckMemoryBytes } from './duckdb-memory.ts'
import { CHUNK_EVENTS, eventChunks, fixedSpan, SPAN_DAYS } from './event-chunks.ts'
import { describeMachine, machineInfo } from './machine-info.ts'
import { dirBytes, settledMemory } from './mem-probe.ts'
import { apldbFromNdjson, duckFromNdjson, writeNdjsonFiles } from './ndjson-ingest.ts'
import { QUERY_CASES } from './query-cases.ts'
import { clickHousePeer, duckPeer } from './sql-peers.ts'
import { parseSuiteArgs } from './suite-args.ts'
import { runSuiteCase, type SuiteCaseResult } from './suite-case.ts'
import { ingestTable, memoryLines, queryTable, scalingTable } from './suite-report.ts'
import { type ScalingResult, type SizeResult, writeSuiteOutputs } from './suite-results.ts'

const DATASET = 'http-logs'
const DUCK_THREADS = os.availableParallelism()
const CONFIGS = ['DuckDB VARCHAR', 'DuckDB ENUM', 'ClickHouse']

const progress = (s: string) => process.stderr.write(`${s}\n`)
let clickhouseVersion: string | undefined

/** Loads `n` events into every engine, runs every query, measures memory and ingest. */
async function benchSize(n: number): Promise<SizeResult> {
  console.log(`\n== ${n.toLocaleString('en-US')} events ==`)
  const dir = await mkdtemp(join(os.tmpdir(), 'apldb-suite-'))
  const storeDir = join(dir, 'store')
  progress(`writing NDJSON files (${dir}) …`)
  const nd = await writeNdjsonFiles(join(dir, 'ndjson'), n)

  const store = await openStore({ path: storeDir })
  await store.datasets.create({ name: DATASET })
  const memBefore = settledMemory()
  progress('loading apldb from objects …')
  const apldbMs = await loadApldb(store, DATASET, eventChunks(0, n, fixedSpan(n)))
  const memAfterApldb = settledMemory()
  const diskBytes = await dirBytes(storeDir)
  const blockBytes = await dirBytes(join(storeDir, 'blocks')).catch(() => 0)

  progress('ingest (a): apldb from NDJSON files …')
  const apldbNd = await apldbFromNdjson(join(dir, 'ndjson-store'), nd.files)
  progress('ingest (a): DuckDB read_json …')
  const duckNd = await duckFromNdjson(join(dir, 'duck-file'), nd.glob, DUCK_THREADS)
  progress('ingest (a): ClickHouse from NDJSON files (its query table) …')
  const ch = await openClickHouse(join(dir, 'clickhouse'))
  clickhouseVersion = ch.version
  const chMs = await ch.loadNdjson(nd.glob)
  const chDisk = await ch.diskBytes()
  await rm(nd.dir, { recursive: true, force: true })

  progress('loading DuckDB from objects …')
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
  const rssAfterLoads = settledMemory().rss

  // Worker threads up before the first timing (a query before that runs its units on the main thread).
  await startParallelPool()
  const peers = [
    duckPeer(CONFIGS[0], duck.conn),
    duckPeer(CONFIGS[1], enumConn),
    clickHousePeer(CONFIGS[2], ch),
  ]
  const queries: SuiteCaseResult[] = []
  for (const c of QUERY_CASES) {
    t = performance.now()
    queries.push(await runSuiteCase(store, peers, c))
    progress(`  query ${c.id} measured (${((performance.now() - t) / 1000).toFixed(1)} s)`)
  }
  const cacheBytes = store.health().cacheBytes
  const rssAfterQueries = settledMemory().rss
  await store.close()
  progress('cold queries …')
  const cold = coldQueryMs(storeDir, QUERY_CASES)
  for (const q of queries) q.coldMs = cold.get(q.id)

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
    ndjson: { bytes: nd.bytes, apldb: apldbNd, clickhouse: { ms: chMs, diskBytes: chDisk }, duckdb: duckNd },
    memory: {
      rssBeforeApldbBytes: memBefore.rss,
      rssAfterApldbLoadBytes: memAfterApldb.rss,
      apldbRssBytesPerEvent: (memAfterApldb.rss - memBefore.rss) / n,
      apldbLiveBytesPerEvent: (memAfterApldb.live - memBefore.live) / n,
      apldbDiskBytesPerEvent: diskBytes / n,
      apldbBlockBytesPerEvent: blockBytes / n,
      apldbMainCacheBytes: cacheBytes,
      rssAfterDuckdbLoadBytes: rssAfterLoads,
      rssAfterQueriesBytes: rssAfterQueries,
      duckdbVarcharBytesPerEvent: varcharBytes / n,
      duckdbEnumBytesPerEvent: enumBytes / n,
    },
    queries,
  }
  console.log(queryTable(queries))
  console.log(ingestTable(result))
  console.log(memoryLines(result, parallelConfig().cacheBytes))
  ch.close()
  enumConn.closeSync()
  duck.conn.closeSync()
  duck.instance.closeSync()
  await rm(dir, { recursive: true, force: true })
  return result
}

/** The scaling run in a child process (its peak RSS is apldb's alone). */
async function scaling(sizes: readonly number[]): Promise<ScalingResult> {
  console.log(
    `\n== scaling: apldb, ${sizes.map((s) => s.toLocaleString('en-US')).join(' → ')} events in one growing store ` +
      "(own process; durability 'none': its load is not an ingest figure) ==",
  )
  const out = join(await mkdtemp(join(os.tmpdir(), 'apldb-scaling-out-')), 'scaling.json')
  execFileSync(
    process.execPath,
    [
      '--max-old-space-size=16000',
      new URL('./scaling.bench.ts', import.meta.url).pathname,
      out,
      sizes.join(','),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  )
  const result = JSON.parse(await readFile(out, 'utf8')) as ScalingResult
  await rm(join(out, '..'), { recursive: true, force: true })
  console.log(scalingTable(result))
  return result
}

const argv = process.argv.slice(2)
const args = parseSuiteArgs(argv)
const machine = machineInfo()
const date = new Date().toISOString()
console.log(`apldb benchmark suite (issues 7, 24), ${date}`)
console.log(`machine: ${describeMachine(machine)} (shared: other processes run on it too)`)
console.log(
  `settings: sizes ${args.sizes.join(', ')}; ${describeWarmUp()}, and again after one warm-up run; apldb on disk in a temp dir, default query options (parallel 'auto', ` +
    `${parallelConfig().workers} workers); DuckDB in memory, threads=${DUCK_THREADS}; ClickHouse (chdb) on disk, max_threads=${CH_THREADS}; ` +
    `data generated in chunks of ${CHUNK_EVENTS.toLocaleString('en-US')} over ${SPAN_DAYS} days`,
)
const settings = {
  runs: RUNS,
  warmUp: WARM_UP,
  oneWarmUp: 'the first run untimed, then the median of the timed runs; measured before the suite warm-up',
  cold: 'a fresh process per query opens the store on its directory and starts its workers (untimed); its first query timed',
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
  clickhouse: {
    storage: 'chdb session on disk, MergeTree ORDER BY _time, LowCardinality strings',
    maxThreads: CH_THREADS,
    load: 'INSERT INTO http_logs SELECT * FROM file(<NDJSON files>, JSONEachRow)',
  },
}
const sizes: SizeResult[] = []
/** Writes what has been measured so far (after each size, so a failure later keeps it). */
async function write(scaling?: ScalingResult): Promise<string[]> {
  const loadAvgEnd = os.loadavg().map((x) => Math.round(x * 100) / 100)
  return writeSuiteOutputs({
    date,
    quick: args.quick,
    argv,
    machine,
    loadAvgEnd,
    settings,
    sizes,
    ...(scaling ? { scaling } : {}),
  })
}
for (const n of args.sizes) {
  sizes.push(await benchSize(n))
  machine.clickhouse = clickhouseVersion
  await write()
}
const scalingResult = args.scaling ? await scaling(args.scalingSizes) : undefined
console.log(
  `\nload average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
)
const written = await write(scalingResult)
for (const f of written) console.log(`wrote ${f}`)
