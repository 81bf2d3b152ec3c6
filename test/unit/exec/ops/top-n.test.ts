// TopNExec (bounded heap with compaction) against the reference evaluator's stable sort: 20,000
// events in 250-row blocks, so the heap compacts many times; keys with heavy ties (stability),
// nulls, a mixed-type key, a computed key and both directions. Rows compared in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../../bench/data-gen.ts'
import type { Apldb } from '../../../../src/index.ts'
import { openStore } from '../../../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import type { Snapshot } from '../../../../src/storage/snapshot.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'

const NOW = BigInt(Date.UTC(2026, 2, 1)) * 1_000_000n
let db: Apldb
let snap: Snapshot

beforeAll(async () => {
  db = await openStore({ durability: 'none', blockRows: 250, sealWorker: false })
  await db.datasets.create({ name: 'http' })
  const events = httpLogs(20_000, { seed: 5 }).map((e, i) =>
    i % 7 === 0 ? { ...e, rank: null } : { ...e, rank: i % 13 },
  )
  await db.ingest('http', events)
  await db.flush()
  snap = db.snapshot()
})

afterAll(async () => {
  snap.release()
  await db.close()
})

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
      const bound = compileApl(apl, schemaFromSnapshot(snap))
      if (!bound.plan) throw new Error(bound.diagnostics[0].message)
      const ref = await evaluate(snap, bound.plan, { now: NOW })
      for (const optimize of [true, false]) {
        const got = await runPlan(snap, bound.plan, { now: NOW, optimize })
        expect(diffResults(got, ref, true)).toBeUndefined()
      }
    })
  }
})
