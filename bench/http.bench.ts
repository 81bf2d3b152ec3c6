// bench/http.bench.ts: the HTTP API on loopback (issue 6). (1) Ingest throughput: gzip NDJSON
// batches of 1,000 sample-http-logs events (bench/data-gen.ts, compressed up front as a client
// would) POSTed with 4 requests in flight to an on-disk store (durability fsync). (2) APL query
// latency p50/p99 with 8 concurrent clients over a fixed mix of queries. Prints the figures.
// Run: node bench/http.bench.ts [events=200000] [queries=400]
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { gzipSync } from 'node:zlib'
import { serve } from '../src/http/index.ts'
import { openStore } from '../src/index.ts'
import { httpLogsNdjson } from './data-gen.ts'

const EVENTS = Number(process.argv[2] ?? 200_000)
const QUERIES = Number(process.argv[3] ?? 400)
const BATCH = 1_000
const IN_FLIGHT = 4
const CLIENTS = 8
const ROOT = 'xaat-http-bench-root-token-000000'
const START = Date.UTC(2026, 0, 1)

const QUERY_MIX = [
  "['http-logs'] | count",
  "['http-logs'] | where status == '500' | count",
  "['http-logs'] | summarize count() by status",
  "['http-logs'] | summarize avg(req_duration_ms), percentile(req_duration_ms, 95) by method",
  "['http-logs'] | where method == 'GET' | summarize count() by bin(_time, 1d)",
  "['http-logs'] | top 10 by req_duration_ms desc | project _time, uri, req_duration_ms",
  "['http-logs'] | where uri contains 'users' | take 100",
  "['http-logs'] | summarize dcount(id) by ['geo.country']",
]

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

function fmt(ms: number): string {
  return ms.toFixed(1)
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apldb-http-bench-'))
  const db = await openStore({ path: dir })
  const srv = await serve(db, { port: 0, rootToken: ROOT })
  const auth = { authorization: `Bearer ${ROOT}` }
  try {
    await fetch(`${srv.url}/v2/datasets`, { method: 'POST', headers: auth, body: '{"name":"http-logs"}' })

    // Batches are generated and compressed before the clock starts: the server is measured.
    const batches: { gz: Buffer; bytes: number }[] = []
    for (let i = 0; i < EVENTS / BATCH; i++) {
      const text = httpLogsNdjson(BATCH, { seed: i + 1, startMs: START + i * 3_600_000, spanMs: 3_600_000 })
      batches.push({ gz: gzipSync(text), bytes: Buffer.byteLength(text) })
    }
    const rawBytes = batches.reduce((n, b) => n + b.bytes, 0)
    const gzBytes = batches.reduce((n, b) => n + b.gz.length, 0)
    const latencies: number[] = []
    let next = 0
    const t0 = performance.now()
    const ingestWorker = async () => {
      while (next < batches.length) {
        const b = batches[next++]
        const s = performance.now()
        const res = await fetch(`${srv.url}/v1/datasets/http-logs/ingest`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' },
          body: b.gz,
        })
        const st = (await res.json()) as { ingested: number; processedBytes: number }
        if (res.status !== 200 || st.ingested !== BATCH || st.processedBytes !== b.bytes) {
          throw new Error(`ingest failed: ${res.status} ${JSON.stringify(st)}`)
        }
        latencies.push(performance.now() - s)
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, ingestWorker))
    const secs = (performance.now() - t0) / 1000
    latencies.sort((a, b) => a - b)
    console.log(
      `http ingest: events=${EVENTS} batches=${batches.length}x${BATCH} in_flight=${IN_FLIGHT} time=${secs.toFixed(2)}s ` +
        `events/s=${Math.round(EVENTS / secs).toLocaleString('en-US')} MB/s(ndjson)=${(rawBytes / 1e6 / secs).toFixed(1)} ` +
        `MB/s(gzip)=${(gzBytes / 1e6 / secs).toFixed(1)} request_ms p50=${fmt(pct(latencies, 50))} p99=${fmt(pct(latencies, 99))}`,
    )
    await db.flush()

    const window = { startTime: '2025-12-01T00:00:00Z', endTime: '2027-01-01T00:00:00Z' }
    const perQuery = new Map<string, number[]>()
    const all: number[] = []
    let issued = 0
    const q0 = performance.now()
    const queryWorker = async () => {
      while (issued < QUERIES) {
        const apl = QUERY_MIX[issued++ % QUERY_MIX.length]
        const s = performance.now()
        const res = await fetch(`${srv.url}/v1/datasets/_apl?format=tabular`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ apl, ...window }),
        })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`query failed: ${res.status} ${apl}`)
        const ms = performance.now() - s
        all.push(ms)
        perQuery.set(apl, [...(perQuery.get(apl) ?? []), ms])
      }
    }
    await Promise.all(Array.from({ length: CLIENTS }, queryWorker))
    const qsecs = (performance.now() - q0) / 1000
    all.sort((a, b) => a - b)
    console.log(
      `http query: clients=${CLIENTS} queries=${all.length} events=${EVENTS} qps=${(all.length / qsecs).toFixed(1)} ` +
        `latency_ms p50=${fmt(pct(all, 50))} p99=${fmt(pct(all, 99))} max=${fmt(all[all.length - 1])}`,
    )
    // Per query: p50/p99 under the 8 clients, then one client alone over HTTP and in-process
    // (the difference is the HTTP layer: parse, auth, serialize, loopback).
    for (const [apl, xs] of perQuery) {
      xs.sort((a, b) => a - b)
      const serial: number[] = []
      const local: number[] = []
      for (let i = 0; i < 5; i++) {
        let s = performance.now()
        const res = await fetch(`${srv.url}/v1/datasets/_apl?format=tabular`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ apl, ...window }),
        })
        await res.arrayBuffer()
        serial.push(performance.now() - s)
        s = performance.now()
        await db.query(apl, window)
        local.push(performance.now() - s)
      }
      serial.sort((a, b) => a - b)
      local.sort((a, b) => a - b)
      console.log(
        `  8 clients p50=${fmt(pct(xs, 50)).padStart(7)} p99=${fmt(pct(xs, 99)).padStart(7)} | ` +
          `1 client http p50=${fmt(pct(serial, 50)).padStart(6)} in-process p50=${fmt(pct(local, 50)).padStart(6)}  ${apl}`,
      )
    }
  } finally {
    await srv.close()
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
