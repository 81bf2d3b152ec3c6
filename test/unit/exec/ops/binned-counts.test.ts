// count() by a time bin and a field over large time-ordered blocks (count-by-key.ts
// countByBinsAndDictionary, window cuts, top-N by time, typed orderRows) against the reference
// evaluator: 30,000 events in 8,192-row blocks, a field of strings and numbers, windows that cut
// blocks mid-bin, both key orders and bin_auto.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../../bench/data-gen.ts'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'
import { type HttpStore, NOW, openHttpStore } from './http-store.ts'

let fx: HttpStore

beforeAll(async () => {
  // Every 9th status a number: the field is split into a string part and a number part.
  const events = httpLogs(30_000, { seed: 11 }).map((e, i) =>
    i % 9 === 0 ? { ...e, status: Number(e.status) } : i % 50 === 1 ? { ...e, status: null } : e,
  )
  fx = await openHttpStore(8192, events)
})

afterAll(() => fx.close())

/** Query, and its window (RFC 3339; nanosecond bounds cut blocks mid-bin). */
const QUERIES: [string, { startTime?: string; endTime?: string }][] = [
  ['http | summarize count() by bin(_time, 1d), status', {}],
  ['http | summarize count() by status, bin(_time, 6h)', {}],
  [
    'http | summarize n = count() by bin(_time, 1h), method',
    { startTime: '2026-01-04T00:00:01.000001234Z', endTime: '2026-01-10T03:00:00.000000077Z' },
  ],
  [
    'http | summarize count() by bin_auto(_time), status',
    { startTime: '2026-01-02T05:00:00Z', endTime: '2026-01-21T00:00:00Z' },
  ],
  ["http | where method == 'GET' | summarize count() by bin(_time, 12h), status", {}],
]

describe('count() by a time bin and a field = reference', () => {
  for (const [apl, window] of QUERIES) {
    it(apl, async () => {
      const bound = compileApl(apl, schemaFromSnapshot(fx.snap))
      if (!bound.plan) throw new Error(bound.diagnostics[0].message)
      const opts = { now: NOW, limit: 50_000, ...window }
      const ref = await evaluate(fx.snap, bound.plan, opts)
      for (const optimize of [true, false]) {
        const got = await runPlan(fx.snap, bound.plan, { ...opts, optimize })
        expect(diffResults(got, ref, false)).toBeUndefined()
      }
    })
  }
})
