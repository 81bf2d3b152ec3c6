// TopNExec (bounded heap with compaction) against the reference evaluator's stable sort: 20,000
// events in 250-row blocks, so the heap compacts many times; keys with heavy ties (stability),
// nulls, a mixed-type key, a computed key and both directions. Rows compared in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../../bench/data-gen.ts'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'
import { type HttpStore, NOW, openHttpStore } from './http-store.ts'

let fx: HttpStore

beforeAll(async () => {
  const events = httpLogs(20_000, { seed: 5 }).map((e, i) =>
    i % 7 === 0 ? { ...e, rank: null } : { ...e, rank: i % 13 },
  )
  fx = await openHttpStore(250, events)
})

afterAll(() => fx.close())

const QUERIES = [
  'http | top 5 by req_duration_ms',
  'http | top 3 by method asc',
  "http | top 10 by ['geo.country'] desc",
  'http | top 7 by rank asc',
  'http | top 7 by rank desc nulls first',
  'http | top 4 by status',
  'http | top 50 by strcat(method, tostring(rank)) asc',
  'http | top 1 by _time asc',
  'http | top 600 by uri',
  'http | sort by rank asc | take 9',
  'http | top 0 by rank',
]

describe('TopNExec = a stable sort then take', () => {
  for (const apl of QUERIES) {
    it(apl, async () => {
      const bound = compileApl(apl, schemaFromSnapshot(fx.snap))
      if (!bound.plan) throw new Error(bound.diagnostics[0].message)
      const ref = await evaluate(fx.snap, bound.plan, { now: NOW })
      for (const optimize of [true, false]) {
        const got = await runPlan(fx.snap, bound.plan, { now: NOW, optimize })
        expect(diffResults(got, ref, true)).toBeUndefined()
      }
    })
  }
})
