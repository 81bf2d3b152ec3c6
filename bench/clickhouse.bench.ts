// bench/clickhouse.bench.ts: the suite's queries (query-cases.ts) on the ClickHouse backend (apldb's
// layer: bind, compile to SQL, Arrow into the executor, result) against the same answer asked of the
// same ClickHouse table in plain SQL through the same client (Arrow, parsed), on chdb. Prints per
// query the medians, the ratio (apldb / plain SQL) and whether apldb ran it wholly as SQL.
// Needs test/clickhouse/peer installed (npm install --prefix test/clickhouse/peer).
// Run: node bench/clickhouse.bench.ts [events=1000000]
import { createRequire } from 'node:module'
import { join } from 'node:path'
import * as arrow from 'apache-arrow'
import type { ClickHouseClient } from '../src/clickhouse/index.ts'
import { ARROW_SETTINGS } from '../src/clickhouse/source-exec.ts'
import { openStore } from '../src/index.ts'
import { median, timeRuns } from './bench-timing.ts'
import { httpLogs } from './data-gen.ts'
import { QUERY_CASES } from './query-cases.ts'

const EVENTS = Number(process.argv[2] ?? 1_000_000)
const peer = join(new URL('.', import.meta.url).pathname, '../test/clickhouse/peer/package.json')
const require = createRequire(peer)
const { createClient } = require('@clickhouse/client') as {
  createClient(o: { connection: unknown }): ClickHouseClient
}
const { createChdbConnection } = require('chdb/connection') as {
  createChdbConnection(o: { path: string }): unknown
}
const client = createClient({ connection: createChdbConnection({ path: ':memory:' }) })

const db = await openStore({ clickhouse: client, database: 'bench' })
await db.datasets.create({ name: 'http-logs' })
const t0 = performance.now()
for (let off = 0; off < EVENTS; off += 100_000) {
  await db.ingest('http-logs', httpLogs(Math.min(100_000, EVENTS - off), { seed: 1 + off }))
}
const ingestS = (performance.now() - t0) / 1000
console.log(
  `ingested ${EVENTS} events in ${ingestS.toFixed(1)} s (${Math.round(EVENTS / ingestS)}/s) through apldb's ingest`,
)

// Plain SQL reads the fields where apldb put them (a typed column, or the typed columns and JSON
// subcolumns of a multi-typed field): what a person writing SQL against this table would read.
const src = db.storage.catalog.source('http-logs')!
const types = db.storage.catalog.fieldTypes(db.storage.catalog.dataset('http-logs')!.meta.id)
const col = (f: string, as: 'num' | 'str' = 'num') => {
  const parts = [...(types.get(f) ?? [])].map((t) => src.part(f, t)!)
  if (parts.length === 1) return parts[0]
  return as === 'num'
    ? `coalesce(${parts.map((p) => `toFloat64(${p})`).join(', ')})`
    : `coalesce(${parts.map((p) => `toString(${p})`).join(', ')})`
}
const W = (w: { startTime: string; endTime: string }) =>
  `_time >= parseDateTime64BestEffort('${w.startTime}', 9) AND _time < parseDateTime64BestEffort('${w.endTime}', 9)`
const T = src.table
const d = col('req_duration_ms')
const status = col('status', 'str')
const PLAIN: Record<string, (w: { startTime: string; endTime: string }) => string> = {
  '1': (w) => `SELECT count() FROM ${T} WHERE ${W(w)} AND ${status} = '500'`,
  '2': (w) => `SELECT ${status} AS s, count() FROM ${T} WHERE ${W(w)} GROUP BY s`,
  '3': (w) => `SELECT method, avg(${d}), max(${d}) FROM ${T} WHERE ${W(w)} GROUP BY method`,
  '4': (w) => `SELECT toStartOfHour(_time) AS h, count() FROM ${T} WHERE ${W(w)} GROUP BY h`,
  '5': (w) =>
    `SELECT server_datacenter, quantile(0.95)(${d}), quantile(0.99)(${d}) FROM ${T} WHERE ${W(w)} GROUP BY server_datacenter`,
  '6': (w) => `SELECT uniqCombined64(17)(id) FROM ${T} WHERE ${W(w)}`,
  '6b': (w) =>
    `SELECT \`geo.country\`, uniqCombined64(17)(id) FROM ${T} WHERE ${W(w)} GROUP BY \`geo.country\``,
  '7': (w) => `SELECT uri, count() AS c FROM ${T} WHERE ${W(w)} GROUP BY uri ORDER BY c DESC LIMIT 10`,
  '8': (w) =>
    `SELECT \`geo.country\`, count() AS c FROM ${T} WHERE ${W(w)} AND startsWith(lowerUTF8(uri), '/api') AND lowerUTF8(method) != 'get' GROUP BY \`geo.country\` ORDER BY c DESC LIMIT 5`,
  '9': (w) => `SELECT * FROM ${T} WHERE ${W(w)} AND ${d} > 500 ORDER BY ${d} DESC LIMIT 100`,
  '10': (w) =>
    `SELECT toStartOfFiveMinutes(_time) AS b, ${status} AS s, count() FROM ${T} WHERE ${W(w)} GROUP BY b, s`,
}

async function plain(sql: string): Promise<number> {
  const { stream } = await client.exec({
    query: `${sql} FORMAT ArrowStream`,
    clickhouse_settings: ARROW_SETTINGS,
  })
  const reader = await arrow.RecordBatchReader.from(stream as AsyncIterable<Uint8Array>)
  let n = 0
  for await (const b of reader) n += b.numRows
  return n
}

console.log(`\n| query | apldb on ClickHouse (ms) | plain SQL (ms) | ratio | whole query as SQL |`)
console.log(`| --- | ---: | ---: | ---: | --- |`)
for (const q of QUERY_CASES.filter((c) => PLAIN[c.id])) {
  const opts = { ...q.window, ...(q.limit ? { limit: q.limit } : {}) }
  const a = await timeRuns(() => db.queryResult(q.apl, opts))
  const p = await timeRuns(() => plain(PLAIN[q.id](q.window)))
  const e = await db.explain(q.apl, opts)
  const whole = e.physical.split('\n').length === 1
  const [am, pm] = [median(a.runsMs), median(p.runsMs)]
  console.log(
    `| ${q.id} ${q.title} | ${am.toFixed(1)} | ${pm.toFixed(1)} | ${(am / pm).toFixed(2)}× | ${whole ? 'yes' : `no: ${e.physical.split('\n')[0].split(' ')[0]} local`} |`,
  )
}
await db.close()
await client.close()
