// test/unit/exec/parallel/arg-extremum-parallel.test.ts: arg_max / arg_min on the parallel executor
// equal the in-process executor on a multi-block on-disk store with an unsealed tail (ties on strings
// and booleans are everywhere, so a unit merged with local ordinals would pick another row), with the
// optimizer on and off and two windows; the plan really ran parallel; the tie is the first row in
// scan order (checked against the reference evaluator).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Apldb } from '../../../../src/index.ts'
import { compileForSnapshot, runPlan } from '../../../../src/query/run-apl.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'
import { expectParallelEqualsInProcess, NOW, openParallelStore, type ParallelStore } from './store-fixture.ts'

const SEALED = 12_000
const TAIL = 500

const QUERIES = [
  `h | summarize arg_max(req_duration_ms, uri, status, _time) by method`,
  `h | summarize arg_max(status, id, _time), arg_min(status, id, _time) by server_datacenter`,
  `h | summarize arg_min(is_tls, *) by ['geo.country']`,
  `h | summarize arg_max(method, id), n = count() by bin(_time, 6h)`,
  `h | summarize arg_max(n = strlen(uri), u = uri, i = id)`,
  `h | where status == '500' | summarize arg_min(_time, *), arg_max(_time, id)`,
]

let fixture: ParallelStore
let db: Apldb

beforeAll(async () => {
  fixture = await openParallelStore({ seed: 5, blockRows: 1000, sealed: SEALED, tail: TAIL })
  db = fixture.db
}, 60_000)

afterAll(async () => {
  await fixture.close()
})

describe('arg_max / arg_min: parallel executor = in-process executor', () => {
  for (const apl of QUERIES) {
    it(apl, async () => {
      await expectParallelEqualsInProcess(db, apl)
    })
  }

  it('runs as a parallel summarize over several units', async () => {
    const report = (await db.explain(QUERIES[1], { parallel: 'on' } as never)) as unknown as {
      physical: string
    }
    const units = /parallel: (\d+) units/.exec(report.physical)
    expect(units, report.physical).not.toBeNull()
    expect(Number(units?.[1])).toBeGreaterThan(1)
  })

  it('the parallel result is the reference evaluator’s: ties keep the first row in scan order', async () => {
    const snap = db.snapshot()
    try {
      for (const apl of QUERIES.slice(1, 3)) {
        const plan = compileForSnapshot(snap, apl)
        const on = await runPlan(snap, plan, { now: NOW, parallel: 'on' } as never)
        const ref = await evaluate(snap, plan, { now: NOW })
        expect(diffResults(on, ref, false), apl).toBeUndefined()
      }
    } finally {
      snap.release()
    }
  }, 60_000)
})
