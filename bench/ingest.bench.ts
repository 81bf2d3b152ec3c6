// bench/ingest.bench.ts: ingest throughput (issue 2). 1M sample-http-logs events from objects and
// from NDJSON text into an on-disk store with durability 'fsync', batches of 10,000 with 4 calls in
// flight (group commit), then a flush that seals the rest. Prints events/s, MB/s, bytes on disk per
// event, compression ratio against NDJSON, and peak RSS. Run: npm run bench:ingest [-- N]
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { openStore } from '../src/index.ts'
import { httpLogs } from './data-gen.ts'

const N = Number(process.argv[2] ?? 1_000_000)
const BATCH = 10_000
const IN_FLIGHT = 4

let peakRss = 0
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
}, 20)

async function dirBytes(dir: string): Promise<number> {
  let n = 0
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    n += e.isDirectory() ? await dirBytes(p) : (await stat(p)).size
  }
  return n
}

async function run(
  label: string,
  batches: (readonly unknown[] | string)[],
  inputBytes: number,
): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apldb-bench-'))
  const store = await openStore({
    path: dir,
    durability: process.env.DURABILITY === 'none' ? 'none' : 'fsync',
    sealWorker: process.env.SEAL_WORKER !== '0',
  })
  await store.datasets.create({ name: 'http-logs' })
  const t0 = performance.now()
  let next = 0
  const worker = async () => {
    while (next < batches.length) {
      const b = batches[next++]
      const st = await store.ingest('http-logs', b)
      if (st.failed) throw new Error(`failures: ${JSON.stringify(st.failures[0])}`)
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
  const tAck = performance.now()
  await store.flush()
  const t1 = performance.now()
  await store.close()
  const disk = await dirBytes(path.join(dir, 'blocks'))
  const secs = (t1 - t0) / 1000
  console.log(
    `${label.padEnd(8)} events=${N} acked_in=${((tAck - t0) / 1000).toFixed(2)}s total=${secs.toFixed(2)}s ` +
      `events/s=${Math.round(N / secs).toLocaleString('en-US')} MB/s=${(inputBytes / 1e6 / secs).toFixed(1)} ` +
      `disk_bytes/event=${(disk / N).toFixed(1)} ndjson_bytes/event=${(inputBytes / N).toFixed(1)} ` +
      `compression_vs_ndjson=${(inputBytes / disk).toFixed(2)}x peak_rss_mb=${Math.round(peakRss / 2 ** 20)}`,
  )
  await rm(dir, { recursive: true, force: true })
}

const events = httpLogs(N, { seed: 1 })
const objBatches: unknown[][] = []
for (let i = 0; i < N; i += BATCH) objBatches.push(events.slice(i, i + BATCH))
const ndBatches = objBatches.map((b) => b.map((e) => JSON.stringify(e)).join('\n'))
const ndBytes = ndBatches.reduce((n, s) => n + Buffer.byteLength(s), 0)
console.log(
  `ingest bench: node ${process.version}, ${N} events, batches of ${BATCH}, ${IN_FLIGHT} in flight, durability=fsync`,
)
const only = process.env.ONLY
if (!only || only === 'objects') await run('objects', objBatches, ndBytes)
if (!only || only === 'ndjson') await run('ndjson', ndBatches, ndBytes)
clearInterval(sampler)
