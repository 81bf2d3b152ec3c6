// test/clickhouse/doc-style.test.ts: the share of doc-style T1/T2 queries ClickHouse runs whole (issue
// 26's acceptance figure, apart from the whole differential suite's): the example query of every
// catalog row of tier T1 or T2 the engine runs (functions, aggregations, tabular operators, written as
// Axiom's docs write them, over sample-http-logs) and the T1/T2 queries of the binder's explain
// goldens (test/golden/explain/t1-*, t2-*), on a local store and on ClickHouse holding the same
// events. Results must agree (0 mismatches); prints queries, agreement and the fully-pushed-down share.
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../bench/data-gen.ts'
import { aggregateRegistry, scalarRegistry, tabularOperatorRegistry } from '../../src/catalog/index.ts'
import { ENGINE_CAPABILITIES as ENGINE } from '../../src/exec/capabilities.ts'
import { bindsTabularOperator } from '../../src/plan/index.ts'
import { NOW, NOW_MS } from '../reference/fixture.ts'
import { compareOn, openBoth } from './both-backends.ts'
import { HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

const GOLDEN = new URL('../golden/explain/', import.meta.url).pathname
const T12 = new Set(['T1', 'T2'])

/** The doc-style T1/T2 queries, each once, in a stable order. */
function docQueries(): string[] {
  const out = new Set<string>()
  for (const r of scalarRegistry.rows) if (T12.has(r.tier) && ENGINE.scalar(r)) out.add(r.example)
  for (const r of aggregateRegistry.rows) if (T12.has(r.tier) && ENGINE.aggregate(r)) out.add(r.example)
  for (const r of tabularOperatorRegistry.rows)
    if (T12.has(r.tier) && bindsTabularOperator(r.name)) out.add(r.example)
  for (const f of readdirSync(GOLDEN).sort())
    if (/^t[12]-.*\.txt$/.test(f)) {
      const first = readFileSync(`${GOLDEN}${f}`, 'utf8').split('\n')[0]
      if (first.startsWith('query: ')) out.add(first.slice('query: '.length))
    }
  return [...out]
}

const DAY = 86_400_000
const at = (i: number, n: number) => new Date(NOW_MS - 2 * DAY + Math.floor((i * 2 * DAY) / n)).toISOString()
const TRACES = Array.from({ length: 120 }, (_, i) => ({
  _time: at(i, 120),
  trace_id: `t${i % 17}`,
  span_id: `s${i}`,
  'service.name': ['frontend', 'cart', 'GET', 'checkout'][i % 4],
  kind: i % 3 === 0 ? 'server' : 'client',
  uri: `/svc/${i % 5}`,
}))
const PUSH = Array.from({ length: 40 }, (_, i) => ({
  _time: at(i, 40),
  repo: `axiomhq/r${i % 6}`,
  actor: `a${i % 9}`,
  size: i % 7,
}))
const ISSUES = Array.from({ length: 40 }, (_, i) => ({
  _time: at(i, 40),
  repo: `axiomhq/r${i % 5}`,
  actor: `a${i % 4}`,
  action: i % 2 ? 'opened' : 'closed',
}))

const tally = { queries: 0, ran: 0, agree: 0, mismatches: 0, pushed: 0 }
afterAll(() => {
  if (tally.queries === 0) return
  const pct = (x: number, n: number) => `${((100 * x) / Math.max(1, n)).toFixed(1)}%`
  console.log(
    `clickhouse-doc-style queries=${tally.queries} ran-on-both=${tally.ran} agree=${tally.agree} mismatches=${tally.mismatches} fully-pushed-down=${tally.pushed} (${pct(tally.pushed, tally.queries)} of all, ${pct(tally.pushed, tally.ran)} of those that ran)`,
  )
})

describe.skipIf(!HAVE_CHDB)('doc-style T1/T2 queries on ClickHouse', () => {
  it('agree with the local engine; the share ClickHouse runs whole is printed', async () => {
    const http = httpLogs(2000, { seed: 7, startMs: NOW_MS - 2 * DAY, spanMs: 2 * DAY })
    const both = await openBoth(
      {
        'sample-http-logs': http,
        'otel-demo-traces': TRACES,
        'github-push-event': PUSH,
        'github-issues-event': ISSUES,
      },
      { nowMs: NOW_MS, blockRows: 500 },
    )
    const failures: string[] = []
    try {
      for (const apl of docQueries()) {
        const o = await compareOn(both, apl, { now: NOW })
        tally.queries++
        if (o.kind === 'agree') tally.ran++
        if (o.kind === 'agree') tally.agree++
        if (o.pushedDown) tally.pushed++
        if (o.kind === 'differ' || o.kind === 'error') {
          tally.mismatches++
          failures.push(`${apl}\n  ${o.diff}`)
        }
      }
    } finally {
      await both.close()
    }
    expect(tally.queries).toBeGreaterThan(100)
    expect(failures, failures.join('\n\n')).toEqual([])
  })
})
