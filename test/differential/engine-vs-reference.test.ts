// Differential test (issue 4 acceptance, first part): the vectorized engine and the row-at-a-time
// reference evaluator give the same results for the T1 queries below, for block sizes 1, 7, 1000 and
// 65536 and with the optimizer on and off. Rows are compared in order when the query fixes the
// order, as multisets otherwise; reals to 1e-9 relative. Prints queries × configurations, mismatches.
// A second pass (issue 7) runs the same suite on disk-backed stores with APLDB_PARALLEL=on, so every
// query that can runs on the parallel executor (worker threads reading the block files).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { otelSpans, otlpProtobufRequest } from '../../bench/otel-traces-gen.ts'
import type { PhysicalOperator } from '../../src/exec/operator.ts'
import { openStore } from '../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../src/plan/index.ts'
import { runPlan } from '../../src/query/run-apl.ts'
import { evaluate } from '../reference/evaluate.ts'
import { LOGS, NOW, NOW_MS } from '../reference/fixture.ts'
import { HTTP, QUERIES } from './corpus.ts'
import { diffResults } from './result-diff.ts'

/** OpenTelemetry spans through OTLP ingest: stored timespans (`duration`) and a map field (`attributes.custom`). */
const SPANS = otelSpans(600, { seed: 5, startMs: NOW_MS - 2 * 86_400_000, spanMs: 2 * 86_400_000 })
const SPAN_QUERIES: readonly string[] = [
  `spans | where duration > 500ms | count`,
  `spans | summarize avg(duration), percentile(duration, 99), sum(duration) by kind`,
  `spans | top 5 by duration desc | project name, duration`,
  `spans | summarize count() by bin(duration, 250ms)`,
  `spans | extend e = _time + duration, ms = duration / 1ms | project e, ms, d = tostring(duration) | take 7`,
  `spans | where ['attributes.custom']['app.product.id'] == 'P3' | project span_id, p = ['attributes.custom']`,
  `spans | summarize count() by u = tostring(['attributes.custom']['app.user.id']) | top 5 by count_`,
  `spans | summarize make_set(duration), percentiles_array(duration, 5, 50) by ['status.code']`,
]
const ALL_QUERIES: readonly (readonly [string, string])[] = [
  ...QUERIES,
  ...SPAN_QUERIES.map((q) => ['spans', q] as const),
]

let runs = 0
let mismatches = 0
let parallelRuns = 0
afterAll(() =>
  console.log(`engine-vs-reference runs=${runs} mismatches=${mismatches} parallel_fragments=${parallelRuns}`),
)

/** Operators of the parallel executor in a physical tree. */
function parallelOps(op: PhysicalOperator): number {
  const own = op.name === 'ParallelExec' || /parallel: /.test(op.explain()) ? 1 : 0
  return own + op.children.reduce((n, c) => n + parallelOps(c), 0)
}

/**
 * Loads both datasets into a store with `blockRows` (on disk under `path` when given, three quarters
 * of each flushed to blocks first) and checks every query.
 */
async function checkAll(blockRows: number, path?: string): Promise<string[]> {
  const store = await openStore({
    clock: () => NOW_MS,
    blockRows,
    durability: 'none',
    ...(path ? { path } : {}),
  })
  await store.datasets.create({ name: 'logs' })
  await store.datasets.create({ name: 'http' })
  await store.datasets.create({ name: 'spans' })
  const spans = blockRows === 1 ? SPANS.slice(0, 200) : SPANS
  const http = blockRows === 1 ? HTTP.slice(0, 300) : HTTP
  // On disk, most events are sealed into block files first (what workers read), the rest stay in the tail.
  const sealed = (events: readonly unknown[]) => (path ? Math.floor((events.length * 3) / 4) : 0)
  await store.ingest('logs', LOGS.slice(0, sealed(LOGS)) as Record<string, unknown>[])
  await store.ingest('http', http.slice(0, sealed(http)))
  if (path) await store.flush()
  await store.ingest('logs', LOGS.slice(sealed(LOGS)) as Record<string, unknown>[])
  await store.ingest('http', http.slice(sealed(http)))
  await store.ingestOtlp('spans', otlpProtobufRequest(spans.slice(0, sealed(spans))))
  if (path) await store.flush()
  await store.ingestOtlp('spans', otlpProtobufRequest(spans.slice(sealed(spans))))
  await store.settle()
  const snap = store.snapshot()
  const failures: string[] = []
  for (const [, apl] of ALL_QUERIES) {
    const bound = compileApl(apl, schemaFromSnapshot(snap))
    if (!bound.plan) throw new Error(`${apl}: ${bound.diagnostics.map((d) => d.message).join('; ')}`)
    const ref = await evaluate(snap, bound.plan, { now: NOW })
    const ordered = bound.plan.order === 'explicit'
    for (const optimize of [true, false]) {
      runs++
      const observe = (op: PhysicalOperator) => {
        parallelRuns += parallelOps(op)
      }
      const got = await runPlan(snap, bound.plan, { now: NOW, optimize, observe } as never)
      const d = diffResults(got, ref, ordered)
      if (d) {
        mismatches++
        failures.push(`${apl} [optimize=${optimize}${path ? ' parallel' : ''}] ${d}`)
      }
    }
  }
  snap.release()
  await store.close()
  return failures
}

describe('engine = reference', () => {
  for (const blockRows of [1, 7, 1000, 65536]) {
    it(`blockRows=${blockRows}`, async () => {
      expect(await checkAll(blockRows)).toEqual([])
    })
  }
})

describe('engine = reference, parallel executor forced (APLDB_PARALLEL=on, blocks on disk)', () => {
  for (const blockRows of [1, 7, 1000, 65536]) {
    it(`blockRows=${blockRows}`, async () => {
      const before = process.env.APLDB_PARALLEL
      const dir = await mkdtemp(join(tmpdir(), 'apldb-diff-parallel-'))
      process.env.APLDB_PARALLEL = 'on'
      const fragments = parallelRuns
      try {
        expect(await checkAll(blockRows, dir)).toEqual([])
      } finally {
        if (before === undefined) delete process.env.APLDB_PARALLEL
        else process.env.APLDB_PARALLEL = before
        await rm(dir, { recursive: true, force: true })
      }
      // The suite really ran on the parallel executor.
      expect(parallelRuns - fragments).toBeGreaterThan(QUERIES.length)
    })
  }
})
