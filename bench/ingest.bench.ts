// bench/ingest.bench.ts: ingest throughput (issue 2). 1M sample-http-logs events from objects and
// from NDJSON text into an on-disk store with durability 'fsync', batches of 10,000 with 4 calls in
// flight (group commit), then a flush that seals the rest. Prints events/s, MB/s, bytes on disk per
// event, compression ratio against NDJSON, peak RSS, and CPU µs/event of the main thread and of the
// whole process (less sensitive to a busy machine than events/s). Run: npm run bench:ingest [-- N]
// Before timing, each run ingests and seals its first 70,000 events into a scratch dataset (JIT
// warm-up, seal worker started) and collects garbage. Env: DURABILITY=none, SEAL_WORKER=0,
// ONLY=objects|ndjson, REPS=n (runs each form n times and prints the median run last), WARMUP=0.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { openStore } from '../src/index.ts'
import { prepareStats } from '../src/storage/ingest-call.ts'
import { httpLogs } from './data-gen.ts'

const N = Number(process.argv[2] ?? 1_000_000)
const BATCH = 10_000
const IN_FLIGHT = 4
const REPS = Math.max(1, Number(process.env.REPS ?? 1))
const WARMUP = process.env.WARMUP !== '0'

// A full collection before each timed run, so the garbage of generating the input (a heap of ~1 GB
// that stays live) is not collected inside the measurement.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

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
): Promise<{ line: string; eventsPerSec: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apldb-bench-'))
  const store = await openStore({
    path: dir,
    durability: process.env.DURABILITY === 'none' ? 'none' : 'fsync',
    sealWorker: process.env.SEAL_WORKER !== '0',
  })
  let warmDisk = 0
  if (WARMUP) {
    await store.datasets.create({ name: 'warm-up' })
    for (const b of batches.slice(0, Math.ceil(70_000 / BATCH))) await store.ingest('warm-up', b)
    await store.flush()
    warmDisk = await dirBytes(path.join(dir, 'blocks'))
  }
  await store.datasets.create({ name: 'http-logs' })
  collectGarbage()
  const seal = store.storage.context.sealer.stats
  const seal0 = { ...seal }
  const prep0 = prepareStats.cpuUs
  const cpu0 = process.cpuUsage()
  const main0 = process.threadCpuUsage()
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
  const cpu = process.cpuUsage(cpu0)
  const main = process.threadCpuUsage(main0)
  const prepUs = prepareStats.cpuUs - prep0
  const buildUs = seal.buildUs - seal0.buildUs
  const encodeUs = seal.encodeUs - seal0.encodeUs
  const workerBlocks = seal.workerBlocks - seal0.workerBlocks
  const blocks = seal.blocks - seal0.blocks
  const workerThreadUs = seal.workerThreadUs - seal0.workerThreadUs
  await store.close()
  const disk = (await dirBytes(path.join(dir, 'blocks'))) - warmDisk
  const secs = (t1 - t0) / 1000
  const line =
    `${label.padEnd(8)} events=${N} acked_in=${((tAck - t0) / 1000).toFixed(2)}s total=${secs.toFixed(2)}s ` +
    `events/s=${Math.round(N / secs).toLocaleString('en-US')} MB/s=${(inputBytes / 1e6 / secs).toFixed(1)} ` +
    `disk_bytes/event=${(disk / N).toFixed(1)} ndjson_bytes/event=${(inputBytes / N).toFixed(1)} ` +
    `compression_vs_ndjson=${(inputBytes / disk).toFixed(2)}x peak_rss_mb=${Math.round(peakRss / 2 ** 20)} ` +
    `cpu_us/event main=${((main.user + main.system) / N).toFixed(2)} (prepare=${(prepUs / N).toFixed(2)}) ` +
    `seal=${((buildUs + encodeUs) / N).toFixed(2)} (build=${(buildUs / N).toFixed(2)} encode=${(encodeUs / N).toFixed(2)}, ` +
    `${workerBlocks}/${blocks} blocks on the worker, worker thread=${(workerThreadUs / N).toFixed(2)}) process=${((cpu.user + cpu.system) / N).toFixed(2)}`
  console.log(line)
  await rm(dir, { recursive: true, force: true })
  return { line, eventsPerSec: N / secs }
}

/** Runs one input form REPS times; with several runs, prints the median run again. */
async function runReps(label: string, batches: (readonly unknown[] | string)[], inputBytes: number) {
  const runs: { line: string; eventsPerSec: number }[] = []
  for (let i = 0; i < REPS; i++) runs.push(await run(label, batches, inputBytes))
  if (REPS > 1) {
    runs.sort((a, b) => a.eventsPerSec - b.eventsPerSec)
    console.log(`median of ${REPS}: ${runs[(REPS - 1) >> 1].line}`)
  }
}

const events = httpLogs(N, { seed: 1 })
const objBatches: unknown[][] = []
for (let i = 0; i < N; i += BATCH) objBatches.push(events.slice(i, i + BATCH))
// NDJSON from a second, identical copy: JSON.stringify flattens the strings it reads, and the
// objects must reach ingest as generated (template-literal ids and URIs are ropes), as in the
// suite's load (bench/apldb-load.ts); stringifying them first made this loop ~0.8 µs/event cheaper.
const ndBatches: string[] = []
const copy = httpLogs(N, { seed: 1 })
for (let i = 0; i < N; i += BATCH)
  ndBatches.push(
    copy
      .slice(i, i + BATCH)
      .map((e) => JSON.stringify(e))
      .join('\n'),
  )
copy.length = 0
const ndBytes = ndBatches.reduce((n, s) => n + Buffer.byteLength(s), 0)
console.log(
  `ingest bench: node ${process.version}, ${N} events, batches of ${BATCH}, ${IN_FLIGHT} in flight, durability=fsync`,
)
const only = process.env.ONLY
if (!only || only === 'objects') await runReps('objects', objBatches, ndBytes)
if (!only || only === 'ndjson') await runReps('ndjson', ndBatches, ndBytes)
clearInterval(sampler)
