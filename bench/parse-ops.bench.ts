// bench/parse-ops.bench.ts: issue 21's acceptance bench: `parse` of an access-log line into 6 typed
// columns and `mv-expand` of 5-element arrays, N rows each (default 1,000,000), apldb beside DuckDB
// (`regexp_extract`, `unnest`) on the same data in the same run. Prints ms and rows/s (best of `runs`, default 3) and
// the load average (the machine is shared).
// Run: `node bench/parse-ops.bench.ts [rows] [runs]` (Node 24).
import { writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os, { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { openStore } from '../src/index.ts'

const N = Number(process.argv[2] ?? 1_000_000)
/** Runs per measurement (the best is reported). */
const RUNS = Number(process.argv[3] ?? 3)
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']
const START_MS = Date.UTC(2026, 0, 1)

/** Access-log line i (deterministic): ip, time, method, path, status, bytes. */
function line(i: number): string {
  const ip = `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`
  const ts = new Date(START_MS + i * 37).toISOString()
  const status = [200, 200, 200, 404, 500, 301][i % 6]
  return `${ip} - - [${ts}] "${METHODS[i % 5]} /api/v${i % 3}/items/${i % 1000} HTTP/1.1" ${status} ${(i * 7919) % 50_000}`
}

async function best(run: () => Promise<unknown>): Promise<{ ms: number; result: unknown }> {
  let ms = Number.POSITIVE_INFINITY
  let result: unknown
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now()
    result = await run()
    ms = Math.min(ms, performance.now() - t0)
  }
  return { ms, result }
}

const dir = await mkdtemp(join(tmpdir(), 'apldb-parse-ops-'))
const lines = Array.from({ length: N }, (_, i) => line(i))
const arrays = Array.from({ length: N }, (_, i) => [i, i + 1, i + 2, i + 3, i + 4])

const store = await openStore({ durability: 'none' })
await store.datasets.create({ name: 'logs' })
await store.datasets.create({ name: 'arr' })
for (let at = 0; at < N; at += 100_000) {
  await store.ingest(
    'logs',
    lines.slice(at, at + 100_000).map((l, k) => ({ _time: START_MS + (at + k) * 37, line: l })),
  )
  await store.ingest(
    'arr',
    arrays.slice(at, at + 100_000).map((a, k) => ({ _time: START_MS + (at + k) * 37, a })),
  )
}
await store.flush()

writeFileSync(
  join(dir, 'lines.csv'),
  `line\n${lines.map((l) => `"${l.replaceAll('"', '""')}"`).join('\n')}\n`,
)
const duck = await DuckDBInstance.create(':memory:', { threads: '2' })
const conn = await duck.connect()
await conn.run(
  `CREATE TABLE logs AS SELECT line FROM read_csv('${join(dir, 'lines.csv')}', header=true, columns={'line': 'VARCHAR'}, quote='"')`,
)
await conn.run(`CREATE TABLE arr AS SELECT [i, i + 1, i + 2, i + 3, i + 4] AS a FROM range(${N}) t(i)`)

const APL_PARSE = `logs | parse line with ip ' - - [' ts:datetime '] "' method ' ' path ' HTTP/1.1" ' status:long ' ' bytes:long | summarize count(), dcount(ip), max(ts), count_distinct = dcount(path), sum(status), sum(bytes) by method`
const DUCK_PARSE = `SELECT m.method, count(*), count(DISTINCT m.ip), max(CAST(m.ts AS TIMESTAMP)), count(DISTINCT m.path), sum(CAST(m.status AS BIGINT)), sum(CAST(m.bytes AS BIGINT)) FROM (SELECT regexp_extract(line, '^(.*?) - - \\[(.*?)\\] "(.*?) (.*?) HTTP/1.1" (\\d+) (\\d+)$', ['ip', 'ts', 'method', 'path', 'status', 'bytes']) AS m FROM logs) GROUP BY m.method`
const APL_EXPAND = `arr | mv-expand a to typeof(long) | summarize count(), sum(a)`
const DUCK_EXPAND = `SELECT count(*), sum(x) FROM (SELECT unnest(a) AS x FROM arr)`

const rows: string[][] = []
const add = (what: string, engine: string, ms: number, outRows: number) =>
  rows.push([what, engine, ms.toFixed(0), Math.round((outRows / ms) * 1000).toLocaleString('en-US')])
const q = async (apl: string) =>
  (await store.queryResult(apl, { parallel: 'off', deadlineMs: 3_600_000 })).tables[0].columns
const p1 = await best(() => q(APL_PARSE))
add('parse 6 typed columns', 'apldb', p1.ms, N)
const d1 = await best(() => conn.runAndReadAll(DUCK_PARSE))
add('parse 6 typed columns', 'duckdb regexp_extract', d1.ms, N)
const p2 = await best(() => q(APL_EXPAND))
add('mv-expand 5-element arrays', 'apldb', p2.ms, N)
const d2 = await best(() => conn.runAndReadAll(DUCK_EXPAND))
add('mv-expand 5-element arrays', 'duckdb unnest', d2.ms, N)

console.log(
  `rows=${N} node=${process.version} cpus=${os.cpus().length} loadavg=${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
)
console.log(`| work | engine | ms (best of ${RUNS}) | input rows/s |`)
console.log('| --- | --- | ---: | ---: |')
for (const r of rows) console.log(`| ${r.join(' | ')} |`)
console.log(
  `apldb parse groups: ${JSON.stringify((p1.result as unknown[][])[0])}; mv-expand: ${JSON.stringify(p2.result)}`,
)
console.log(
  `duckdb mv-expand: ${JSON.stringify((await conn.runAndReadAll(DUCK_EXPAND)).getRows().map((r) => r.map(String)))}`,
)
await store.close()
await rm(dir, { recursive: true, force: true })
