// The plan codec carries logical subtrees to worker threads: after encode → structured clone →
// decode, every plan equals the original (catalog rows are the same objects again); a value that
// cannot cross (a function that is not a catalog row) is refused with PlanNotPortable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodePlan, encodePlan, PlanNotPortable } from '../../../../src/exec/parallel/plan-codec.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'
import { optimize } from '../../../../src/optimize/index.ts'
import { compileApl, type LogicalNode, schemaFromSnapshot } from '../../../../src/plan/index.ts'

const QUERIES = [
  `t | where s == 'a' and n > 1 | summarize count(), dcount(s), percentile(n, 95), countif(n > 2), make_list(s) by bin(_time, 1h), s`,
  `t | extend z = strcat(s, 'q'), r = extract('(a)', 1, s) | where z matches regex 'a.*' | top 3 by n`,
  `t | search 'a'`,
  `t | where * has 'a' | project s, m = -n`,
  `t | where s in ('a', 'b') and not(n between (1 .. 3)) | summarize avg(n), arg = toint(avg(n)) * 2 by s`,
  `t | where _time > ago(1h) | sort by n desc | take 10`,
  `t | extend d = parse_json('{"k": [1, 2]}') | extend k = d.k[0] | count`,
]

let db: Apldb
beforeAll(async () => {
  db = await openStore({ durability: 'none' })
  await db.datasets.create({ name: 't' })
  await db.ingest('t', [{ _time: '2026-01-01T00:00:00Z', s: 'a', n: 1 }])
})
afterAll(() => db.close())

describe('plan codec', () => {
  for (const apl of QUERIES) {
    it(`round-trips ${apl}`, () => {
      const snap = db.snapshot()
      try {
        const bound = compileApl(apl, schemaFromSnapshot(snap))
        if (!bound.plan) throw new Error(JSON.stringify(bound.diagnostics))
        for (const plan of [bound.plan, optimize(bound.plan, { now: 0n })]) {
          const root = (plan as { root: LogicalNode }).root
          const back = decodePlan(structuredClone(encodePlan(root)))
          expect(back).toEqual(root)
        }
      } finally {
        snap.release()
      }
    })
  }

  it('is needed: a raw plan holds catalog rows with functions', () => {
    const snap = db.snapshot()
    try {
      const plan = compileApl(QUERIES[0], schemaFromSnapshot(snap)).plan
      expect(() => structuredClone(plan?.root)).toThrow()
    } finally {
      snap.release()
    }
  })

  it('refuses a value it cannot carry', () => {
    const node = {
      kind: 'Scan',
      dataset: 't',
      fields: [],
      schema: [],
      span: { start: 0, length: 1 },
      f: () => 1,
    }
    expect(() => encodePlan(node as never)).toThrow(PlanNotPortable)
    class Box {}
    expect(() => encodePlan({ ...node, f: new Box() } as never)).toThrow(PlanNotPortable)
  })
})
