// avg / max / min of a real field by a dictionary key through the by-group feeds (ops/agg-feed.ts
// feedByGroup → agg/by-group.ts): the engine's cells equal, bit for bit (Object.is: exact sums, first
// extreme, −0), those of the same aggregation as `*if(…, true-for-every-row)`, which takes the general
// regrouping path; with null values, null keys, integers merged into reals, tiny values beside large
// ones (residues), filtered rows, and NaN / ±∞ values.
import { describe, expect, it } from 'vitest'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import type { Snapshot } from '../../../../src/storage/snapshot.ts'
import { NOW, NOW_MS, openFixture, rows } from '../../../reference/fixture.ts'
import { lcg } from './lcg.ts'

/** Events with a key from 6 strings (or none) and a real `x` (or none, an integer, −0, a tiny value). */
function events(n: number, seed: number): Record<string, unknown>[] {
  const r = lcg(seed)
  return Array.from({ length: n }, (_, i) => {
    const u = r()
    const x =
      u < 0.05
        ? undefined
        : u < 0.1
          ? Math.floor(r() * 100)
          : u < 0.12
            ? -0
            : u < 0.14
              ? r() * 1e-13
              : r() * 2000 - 300
    const k = r() < 0.03 ? undefined : ['GET', 'PUT', 'POST', 'HEAD', 'PATCH', 'DELETE'][Math.floor(r() * 6)]
    // z: never null (a real vector without nulls: every batch can take the by-group feeds).
    const z = u < 0.1 ? Math.floor(r() * 100) : u < 0.12 ? -0 : u < 0.14 ? r() * 1e-13 : r() * 2000 - 300
    return { _time: new Date(NOW_MS - 3_600_000 + i * 10).toISOString(), k, x, z, y: r() }
  })
}

/** Pairs: [by-group feeds, general path]; `y >= 0` holds for every row. */
const PAIRS: [string, string][] = [
  [
    `t | summarize a = avg(z), mx = max(z), mn = min(z), ax = avg(x), c = count() by k`,
    `t | summarize a = avgif(z, y >= 0), mx = maxif(z, y >= 0), mn = minif(z, y >= 0), ax = avgif(x, y >= 0), c = count() by k`,
  ],
  [
    `t | where y > 0.3 | summarize a = avg(z), mx = max(z) by k`,
    `t | where y > 0.3 | summarize a = avgif(z, y >= 0), mx = maxif(z, y >= 0) by k`,
  ],
  [
    `t | summarize a = avg(z / 0.0), mx = max(z / 0.0), mn = min(z / 0.0) by k`,
    `t | summarize a = avgif(z / 0.0, y >= 0), mx = maxif(z / 0.0, y >= 0), mn = minif(z / 0.0, y >= 0) by k`,
  ],
]

async function cells(snap: Snapshot, apl: string) {
  const bound = compileApl(apl, schemaFromSnapshot(snap))
  if (!bound.plan) throw new Error(bound.diagnostics.map((d) => d.message).join('; '))
  return rows(await runPlan(snap, bound.plan, { now: NOW } as never))
}

describe('by-group feeds through the engine = reference, bit for bit', () => {
  for (const blockRows of [7, 1000]) {
    it(`blockRows=${blockRows}`, async () => {
      const fx = await openFixture({ t: events(3000, 42 + blockRows) as never }, blockRows)
      try {
        for (const [fast, general] of PAIRS) {
          const want = await cells(fx.snap, general)
          const got = new Map((await cells(fx.snap, fast)).map((r) => [r.k, r]))
          expect(got.size, fast).toBe(want.length)
          for (const w of want) {
            const row = got.get(w.k)
            for (const [name, cell] of Object.entries(w))
              expect(
                Object.is(row?.[name], cell),
                `${fast}: ${String(w.k)}.${name} ${row?.[name]} vs ${cell}`,
              ).toBe(true)
          }
        }
      } finally {
        await fx.close()
      }
    })
  }
})
