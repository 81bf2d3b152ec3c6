// bench/scaling.bench.ts: the suite's scaling run (issue 24 item 5), in a process of its own so its
// peak RSS is apldb's alone: one store grown through the sizes at a constant rate (the largest size
// spans SPAN_DAYS days, so the day window holds the same events at every size), three queries timed
// at each size, peak RSS and disk per size. Started by suite.bench.ts with the result file's path.
// Run alone: node --max-old-space-size=16000 bench/scaling.bench.ts out.json 1000000,10000000
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import * as os from 'node:os'
import { join } from 'node:path'
import { parallelConfig, startParallelPool } from '../src/exec/parallel/index.ts'
import { openStore } from '../src/index.ts'
import { loadApldb } from './apldb-load.ts'
import { constantRate, eventChunks, SPAN_DAYS } from './event-chunks.ts'
import { dirBytes } from './mem-probe.ts'
import { QUERY_CASES, type QueryCase } from './query-cases.ts'
import { timeApldb } from './suite-case.ts'
import type { ScalingPoint, ScalingResult } from './suite-results.ts'

const DATASET = 'http-logs'
/**
 * The scaling run's queries: a filtered full-scan count by a second field, a group-by with value
 * aggregates, the one-day window, and the sum. (Cases 1 and 2 are answered from zone-map counts
 * without a scan, so they would show the per-block cost of statistics, not of scanning.)
 */
const SCALING_IDS = ['8', '3', '10', '11']
/** The scaling run's window: the second day, inside the data at every scaling size. */
const SCALING_DAY = { startTime: '2026-01-02T00:00:00Z', endTime: '2026-01-03T00:00:00Z' }

const progress = (s: string) => process.stderr.write(`${s}\n`)

/** The scaling queries: as they are, case 10 moved to SCALING_DAY. */
function scalingCases(): QueryCase[] {
  return SCALING_IDS.map((id) => {
    const c = QUERY_CASES.find((q) => q.id === id)
    if (!c) throw new Error(`scaling query ${id} is not in QUERY_CASES`)
    return id === '10' ? { ...c, window: SCALING_DAY } : c
  })
}

/** Grows one store through `sizes` and times the scaling queries at each. */
export async function scalingRun(sizes: readonly number[]): Promise<ScalingResult> {
  const largest = sizes[sizes.length - 1]
  const eventsPerDay = Math.ceil(largest / SPAN_DAYS)
  const layout = constantRate(eventsPerDay)
  const cases = scalingCases()
  const dir = await mkdtemp(join(os.tmpdir(), 'apldb-scaling-'))
  const store = await openStore({ path: dir, durability: 'none' })
  await store.datasets.create({ name: DATASET })
  await startParallelPool()
  const points: ScalingPoint[] = []
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
    // maxRSS is in KiB and covers the worker threads (one process).
    points.push({
      events: n,
      figures,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
      diskBytes: await dirBytes(dir),
    })
  }
  await store.close()
  await rm(dir, { recursive: true, force: true })
  return {
    eventsPerDay,
    dayWindow: SCALING_DAY,
    queries: cases.map((c) => ({
      id: c.id,
      title: c.id === '10' ? `${c.title} (2026-01-02)` : c.title,
      apl: c.apl,
    })),
    points,
    cacheBudgetBytes: parallelConfig().cacheBytes,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, sizes] = process.argv.slice(2)
  if (!out || !sizes) throw new Error('usage: scaling.bench.ts <out.json> <N,N,…>')
  const result = await scalingRun(sizes.split(',').map(Number))
  await writeFile(out, JSON.stringify(result))
  process.exit(0)
}
