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
import { httpLogs } from '../../bench/data-gen.ts'
import { otelSpans, otlpProtobufRequest } from '../../bench/otel-traces-gen.ts'
import type { PhysicalOperator } from '../../src/exec/operator.ts'
import { openStore } from '../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../src/plan/index.ts'
import { runPlan } from '../../src/query/run-apl.ts'
import { evaluate } from '../reference/evaluate.ts'
import { LOGS, NOW, NOW_MS } from '../reference/fixture.ts'
import { diffResults } from './result-diff.ts'

const HTTP = httpLogs(3000, { seed: 11, startMs: NOW_MS - 5 * 86_400_000, spanMs: 5 * 86_400_000 })

const SPANS = otelSpans(600, { seed: 5, startMs: NOW_MS - 2 * 86_400_000, spanMs: 2 * 86_400_000 })

const QUERIES: [dataset: 'logs' | 'http' | 'spans', apl: string][] = [
  ['logs', `logs`],
  ['logs', `logs | where method == 'GET'`],
  ['logs', `logs | where status == '200' | project _time, uri, status`],
  ['logs', `logs | where duration_ms > 10 and is_tls == true`],
  ['logs', `logs | where uri startswith '/api' or uri endswith '.css'`],
  ['logs', `logs | where uri !endswith '.js' and method !~ 'get'`],
  ['logs', `logs | summarize count() by method`],
  ['logs', `logs | summarize count(), avg(duration_ms), min(duration_ms), max(duration_ms) by method`],
  ['logs', `logs | summarize dcount(user), dcount(city) by is_tls`],
  ['logs', `logs | summarize percentile(duration_ms, 50), percentile(duration_ms, 95)`],
  ['logs', `logs | summarize topk(method, 2)`],
  ['logs', `logs | summarize count() by bin(_time, 1d)`],
  ['logs', `logs | summarize n = count() by method, bin(_time, 2d)`],
  ['logs', `logs | top 3 by duration_ms desc`],
  ['logs', `logs | top 5 by uri asc`],
  ['logs', `logs | extend d2 = todouble(duration_ms) * 2 | project uri, d2`],
  ['logs', `logs | count`],
  ['logs', `logs | take 4`],
  ['http', `http | where status == '500' | count`],
  ['http', `http | summarize count() by status`],
  ['http', `http | summarize avg(req_duration_ms), max(req_duration_ms) by method`],
  ['http', `http | summarize count() by bin(_time, 1h)`],
  [
    'http',
    `http | summarize percentile(req_duration_ms, 95), percentile(req_duration_ms, 99) by server_datacenter`,
  ],
  ['http', `http | summarize dcount(id) by ['geo.country']`],
  ['http', `http | summarize count() by uri | top 10 by count_`],
  [
    'http',
    `http | where uri startswith '/api' and method !~ 'get' | summarize count() by ['geo.country'] | top 5 by count_`,
  ],
  ['http', `http | where req_duration_ms > 500 | sort by req_duration_ms desc | take 100`],
  // Top-N with a bound (ops/top-bound.ts: blocks pruned by the heap's root, visited best first, late
  // columns): numeric, time, integer|float and mixed keys, heavy ties, nulls, with and without filters.
  ['http', `http | where req_duration_ms > 1 | sort by req_duration_ms asc | take 20`],
  ['http', `http | top 15 by req_duration_ms desc`],
  ['http', `http | top 40 by resp_body_size_bytes asc`],
  ['http', `http | where method != 'GET' | top 25 by resp_header_size_bytes desc`],
  ['http', `http | top 30 by _time asc`],
  ['http', `http | where status == '200' | sort by _time desc | take 12`],
  ['http', `http | where resp_header_size_bytes < 30 | project-away uri | top 9 by _time asc`],
  ['logs', `logs | where duration_ms > 2 | sort by duration_ms asc | take 3`],
  ['logs', `logs | sort by bytes desc nulls first | take 5`],
  ['logs', `logs | top 4 by bytes asc nulls last`],
  ['logs', `logs | top 6 by bytes asc`],
  ['logs', `logs | top 3 by status desc`],
  ['logs', `logs | top 5 by _time asc`],
  ['logs', `logs | where method != 'GET' | sort by _time desc | take 4`],
  ['http', `http | where _time > ago(1d) | summarize count() by bin(_time, 5m), status`],
  ['logs', `logs | distinct method, is_tls`],
  ['http', `http | distinct method, status`],
  ['logs', `union withsource=ds logs, http | summarize count() by ds, method`],
  ['logs', `union (logs | project x = bytes), (logs | project x = duration_ms)`],
  ['logs', `logs | search "api" and not "users"`],
  ['logs', `logs | where * has 'seattle'`],
  ['http', `http | search "delete"`],
  ['logs', `logs | join kind=inner (logs | summarize n = count() by method) on method`],
  ['logs', `logs | join kind=innerunique (logs | project method, city) on method`],
  [
    'logs',
    `logs | join kind=leftouter (datatable(user:string, nick:string)['u1', 'one', 'u2', 'two']) on user`,
  ],
  [
    'http',
    `http | summarize n = count() by id | join kind=leftouter (http | where status == '500' | summarize e = count() by id) on id`,
  ],
  [
    'logs',
    `logs | project a = status + 1, b = status * 2.5, c = -status, f = status % 7, h = status / 2, i = (status * 2.0) / 3`,
  ],
  [
    'logs',
    `logs | project g = abs(status), k = floor(status), r = round(status), l = bin(status, 100), t = tostring(status * 1.0), n = log(status), s = 1h * status`,
  ],
  ['logs', `logs | extend q = status * 1.0 | where duration_ms > 5 | summarize sum(q / 4), avg(q) by method`],
  ['logs', `logs | where status * 2 > 300 | count`],
  ['logs', `logs | make-series count() on _time step 1d by method`],
  ['logs', `logs | make-series sum(bytes), countif(method == 'GET') on _time step 2d`],
  ['http', `http | make-series count() on _time step 1h by server_datacenter`],
  // arg_min / arg_max: returned columns of the picked row; ties keep the first row in scan order
  // (string and mixed values tie often), across blocks and parallel units.
  ['logs', `logs | summarize arg_max(duration_ms, uri, status) by method`],
  ['logs', `logs | summarize arg_min(duration_ms, *) by is_tls`],
  ['logs', `logs | summarize arg_max(n = status, u = uri), arg_min(_time, user, tags), count()`],
  ['logs', `logs | summarize arg_max(method, uri, city) by bin(_time, 1d)`],
  ['logs', `logs | where method == 'nope' | summarize arg_max(duration_ms, uri)`],
  ['http', `http | summarize arg_max(req_duration_ms, uri, status) by server_datacenter`],
  ['http', `http | summarize arg_min(_time, *) by method`],
  ['http', `http | summarize arg_max(status, id, _time, is_tls) by bin(_time, 1h)`],
  ['http', `http | summarize m = arg_min(method, strlen(uri), ['geo.city']) by status`],
  ['http', `http | where status == '500' | summarize arg_max(resp_body_size_bytes, *)`],
  // Stored timespans (`duration`) and map fields (`attributes.custom`), from OTLP ingest.
  ['spans', `spans | where duration > 500ms | count`],
  ['spans', `spans | summarize avg(duration), percentile(duration, 99), sum(duration) by kind`],
  ['spans', `spans | top 5 by duration desc | project name, duration`],
  ['spans', `spans | summarize count() by bin(duration, 250ms)`],
  [
    'spans',
    `spans | extend e = _time + duration, ms = duration / 1ms | project e, ms, d = tostring(duration) | take 7`,
  ],
  [
    'spans',
    `spans | where ['attributes.custom']['app.product.id'] == 'P3' | project span_id, p = ['attributes.custom']`,
  ],
  [
    'spans',
    `spans | summarize count() by u = tostring(['attributes.custom']['app.user.id']) | top 5 by count_`,
  ],
  ['spans', `spans | summarize make_set(duration), percentiles_array(duration, 5, 50) by ['status.code']`],
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
  for (const [, apl] of QUERIES) {
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
