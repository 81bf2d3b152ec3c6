// Percentiles of one value in one summarize share a sketch (ops/shared-sketches.ts): every answer
// equals the same percentile asked alone, past the exact range too (t-digest), grouped or not, in
// process and on the parallel executor; a percentile over another value or with a predicate does
// not share.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planSketchSharing } from '../../../../src/exec/ops/shared-sketches.ts'
import type { Apldb } from '../../../../src/index.ts'
import { openParallelStore, type ParallelStore } from '../parallel/store-fixture.ts'

let fixture: ParallelStore
let db: Apldb

beforeAll(async () => {
  // 12,000 events in a few groups: past the 4,096 exact values, so the t-digest path is taken.
  fixture = await openParallelStore({ seed: 11, blockRows: 3000, sealed: 12_000, tail: 300 })
  db = fixture.db
}, 60_000)

afterAll(async () => {
  await fixture.close()
})

async function column(apl: string, name: string, parallel: 'on' | 'off'): Promise<readonly unknown[]> {
  const r = await db.queryResult(apl, { parallel } as never)
  const t = r.tables[0]
  return t.columns[t.fields.findIndex((f) => f.name === name)]
}

describe('shared percentile sketches', () => {
  for (const by of ['', ' by server_datacenter']) {
    for (const parallel of ['off', 'on'] as const) {
      it(`equal the percentiles asked alone${by} (parallel ${parallel})`, async () => {
        const together = `h | summarize p95 = percentile(req_duration_ms, 95), p99 = percentile(req_duration_ms, 99), a = percentiles_array(req_duration_ms, 50, 99)${by} | order by ${by ? 'server_datacenter' : 'p95'}`
        const order = ` | order by ${by ? 'server_datacenter' : 'x'}`
        for (const [name, alone] of [
          ['p95', `h | summarize x = percentile(req_duration_ms, 95)${by}${order}`],
          ['p99', `h | summarize x = percentile(req_duration_ms, 99)${by}${order}`],
          ['a', `h | summarize x = percentiles_array(req_duration_ms, 50, 99)${by}${order}`],
        ]) {
          expect(await column(together, name, parallel), name).toEqual(await column(alone, 'x', parallel))
        }
      })
    }
  }
})

describe('planSketchSharing', () => {
  it('shares only percentiles of the same value without a predicate', () => {
    const col = (name: string) => ({
      kind: 'Column',
      name,
      type: 'long',
      storage: [],
      span: { start: 0, end: 1 },
    })
    const spec = (kind: string, value: unknown, predicate: unknown = null) =>
      ({ kind, params: {}, value, predicate, type: 'real', valueType: 'long' }) as never
    const s = planSketchSharing([
      spec('percentile', col('x')),
      spec('percentile', { ...col('x'), span: { start: 5, end: 6 } }),
      spec('percentile', col('y')),
      spec('percentiles_array', col('x')),
      spec('percentile', col('x'), col('b')),
      spec('avg', col('x')),
    ])
    expect(s.leaderOf).toEqual([0, 0, 2, 0, 4, 5])
    expect(s.any).toBe(true)
  })
})
