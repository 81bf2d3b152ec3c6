// Issue 19 acceptance: common trace queries over seeded otel-demo-traces spans (bench/otel-traces-gen.ts)
// ingested through OTLP (protobuf), so `duration` is a stored timespan and custom attributes sit in
// the `attributes.custom` map field. Every query runs on the vectorized engine (optimizer on and off)
// and on the reference evaluator, in memory over small and large blocks and on disk with the parallel
// executor forced, and the results must be equal. Prints queries × configurations and mismatches.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { otelSpans, otlpProtobufRequest } from '../../bench/otel-traces-gen.ts'
import { openStore } from '../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../src/plan/index.ts'
import { runPlan } from '../../src/query/run-apl.ts'
import { evaluate } from '../reference/evaluate.ts'
import { NOW, NOW_MS } from '../reference/fixture.ts'
import { diffResults } from './result-diff.ts'

const DAY = 86_400_000
const SPANS = otelSpans(4000, { seed: 19, startMs: NOW_MS - 2 * DAY, spanMs: 2 * DAY })

/** Common trace questions (Axiom's traces docs and §9b.2 usage), each a differential case. */
const TRACE_QUERIES: readonly string[] = [
  // latency percentiles by service
  `['otel-demo-traces'] | summarize percentile(duration, 95), percentile(duration, 99) by ['service.name']`,
  `['otel-demo-traces'] | summarize percentiles_array(duration, 50, 90, 99) by ['service.name']`,
  `['otel-demo-traces'] | where isnull(parent_span_id) | summarize count(), avg(duration), percentiles_array(duration, 95, 99, 99.9) by bin(_time, 1h)`,
  `['otel-demo-traces'] | summarize avg(duration), max(duration), min(duration) by ['service.name'], kind`,
  `['otel-demo-traces'] | summarize sum(duration) by ['service.name']`,
  // error rate by route and service
  `['otel-demo-traces'] | summarize errors = countif(error), total = count() by ['attributes.http.route'] | extend rate = todouble(errors) / total`,
  `['otel-demo-traces'] | summarize errors = countif(['status.code'] == 'ERROR'), total = count() by ['service.name'] | extend rate = errors * 100.0 / total`,
  `['otel-demo-traces'] | where error == true | summarize count() by ['status.message'], ['service.name']`,
  `['otel-demo-traces'] | summarize topk(['status.message'], 5) by ['service.name'], name`,
  `['otel-demo-traces'] | where ['attributes.http.response.status_code'] >= 500 | summarize count() by ['attributes.http.route']`,
  // slowest spans and operations
  `['otel-demo-traces'] | top 10 by duration desc | project trace_id, span_id, name, duration`,
  `['otel-demo-traces'] | summarize count(), avg(duration) by name | sort by avg_duration desc | limit 5`,
  `['otel-demo-traces'] | sort by duration asc | take 20 | project name, duration`,
  `['otel-demo-traces'] | summarize arg_max(duration, trace_id, name) by ['service.name']`,
  // span counts by kind, service, trace
  `['otel-demo-traces'] | summarize count() by kind`,
  `['otel-demo-traces'] | summarize count() by ['service.name'], kind`,
  `['otel-demo-traces'] | summarize spans = count() by trace_id | summarize avg(spans), max(spans)`,
  `['otel-demo-traces'] | summarize dcount(trace_id) by ['service.name']`,
  `['otel-demo-traces'] | where isnull(parent_span_id) | count`,
  // duration filters (zone-map pruning) and arithmetic
  `['otel-demo-traces'] | where duration > 500ms | count`,
  `['otel-demo-traces'] | where duration > 1s | summarize count() by ['service.name']`,
  `['otel-demo-traces'] | where duration between (10ms .. 100ms) | count`,
  `['otel-demo-traces'] | where duration < 100microsecond or duration >= 2s | count`,
  `['otel-demo-traces'] | extend ms = duration / 1ms | summarize avg(ms), max(ms) by kind`,
  `['otel-demo-traces'] | extend end = _time + duration | where end > _time + 1s | count`,
  `['otel-demo-traces'] | summarize count() by b = bin(duration, 100ms) | where b <= 1s`,
  `['otel-demo-traces'] | where duration > totimespan('250ms') | project d = tostring(duration), name | take 15`,
  `['otel-demo-traces'] | where name == 'oteldemo.PaymentService/Charge' | summarize percentile(duration, 50)`,
  // map-field filters and keys
  `['otel-demo-traces'] | where ['attributes.custom']['http.protocol'] == 'HTTP/1.1' | count`,
  `['otel-demo-traces'] | where isnotnull(['attributes.custom']['app.user.id']) | summarize dcount(tostring(['attributes.custom']['app.user.id'])) by ['service.name']`,
  `['otel-demo-traces'] | summarize count() by product = tostring(['attributes.custom']['app.product.id']) | top 5 by count_`,
  `['otel-demo-traces'] | where ['service.name'] == 'payment' | summarize sum(todouble(['attributes.custom']['app.payment.amount']))`,
  `['otel-demo-traces'] | extend hit = ['attributes.custom']['app.cache.hit'] | where hit == true | count`,
  `['otel-demo-traces'] | where ['attributes.custom'].['app.product.id'] == 'P7' | project span_id, duration`,
  `['otel-demo-traces'] | project custom = ['attributes.custom'], name | where name == 'charge' | take 5`,
  // resources, scopes, events, links
  `['otel-demo-traces'] | summarize count() by ['resource.k8s.node.name'], ['scope.name']`,
  `['otel-demo-traces'] | where array_length(events) > 0 | summarize count() by ['service.name']`,
  `['otel-demo-traces'] | where isnotempty(tostring(events)) and array_length(links) > 0 | count`,
  `['otel-demo-traces'] | where _time > ago(1d) | summarize count() by bin(_time, 1h), kind`,
]

let runs = 0
let mismatches = 0
afterAll(() =>
  console.log(`otel-traces queries=${TRACE_QUERIES.length} runs=${runs} mismatches=${mismatches}`),
)

/** Ingests the spans through OTLP into a store with `blockRows` (on disk under `path`) and checks every query. */
async function checkAll(blockRows: number, path?: string): Promise<string[]> {
  const store = await openStore({
    clock: () => NOW_MS,
    blockRows,
    durability: 'none',
    ...(path ? { path } : {}),
  })
  await store.datasets.create({ name: 'otel-demo-traces' })
  // Two requests: the first sealed into blocks, the second left in the tail.
  const cut = Math.floor((SPANS.length * 3) / 4)
  for (const part of [SPANS.slice(0, cut), SPANS.slice(cut)]) {
    const res = await store.ingestOtlp('otel-demo-traces', otlpProtobufRequest(part))
    expect(res.failed).toBe(0)
    if (part.length === cut) await store.flush()
  }
  const snap = store.snapshot()
  const failures: string[] = []
  for (const apl of TRACE_QUERIES) {
    const bound = compileApl(apl, schemaFromSnapshot(snap))
    if (!bound.plan) throw new Error(`${apl}: ${bound.diagnostics.map((d) => d.message).join('; ')}`)
    const ref = await evaluate(snap, bound.plan, { now: NOW })
    for (const optimize of [true, false]) {
      runs++
      const got = await runPlan(snap, bound.plan, { now: NOW, optimize } as never)
      const d = diffResults(got, ref, bound.plan.order === 'explicit')
      if (d) {
        mismatches++
        failures.push(`${apl} [blockRows=${blockRows} optimize=${optimize}${path ? ' parallel' : ''}] ${d}`)
      }
    }
  }
  snap.release()
  await store.close()
  return failures
}

describe('otel-demo-traces queries: engine = reference', () => {
  it('has at least 30 common trace queries', () => {
    expect(TRACE_QUERIES.length).toBeGreaterThanOrEqual(30)
  })
  for (const blockRows of [97, 65536]) {
    it(`blockRows=${blockRows}`, async () => {
      expect(await checkAll(blockRows)).toEqual([])
    })
  }
  it('blocks on disk, parallel executor forced', async () => {
    const before = process.env.APLDB_PARALLEL
    const dir = await mkdtemp(join(tmpdir(), 'apldb-otel-'))
    process.env.APLDB_PARALLEL = 'on'
    try {
      expect(await checkAll(512, dir)).toEqual([])
    } finally {
      if (before === undefined) delete process.env.APLDB_PARALLEL
      else process.env.APLDB_PARALLEL = before
      await rm(dir, { recursive: true, force: true })
    }
  })
})
