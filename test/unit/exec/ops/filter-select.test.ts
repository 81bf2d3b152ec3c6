// `where <number column> <op> <number constant>` straight to a selection (kernels/operators/compare.ts
// selectAgainstConstant, taken by ops/filter-exec.ts) keeps exactly the rows of the same comparison
// through the bool-vector path (`… and true` is not a plain comparison, so it takes that path): every
// operator, the constant on either side, after an earlier filter (a selection in the batch), over NaN
// and ±∞, −0 against 0, and a column with nulls (declined: bool path both ways).
import { describe, expect, it } from 'vitest'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import type { Snapshot } from '../../../../src/storage/snapshot.ts'
import { NOW, NOW_MS, openFixture, rows } from '../../../reference/fixture.ts'
import { lcg } from './lcg.ts'

/** Events with `z` (never null: reals, integers, −0, 0), `x` (sometimes missing) and `y` in [0, 1). */
function events(n: number, seed: number): Record<string, unknown>[] {
  const r = lcg(seed)
  return Array.from({ length: n }, (_, i) => {
    const u = r()
    const z = u < 0.1 ? Math.floor(r() * 10) : u < 0.13 ? -0 : u < 0.16 ? 0 : r() * 20 - 5
    const x = r() < 0.1 ? undefined : Math.floor(r() * 10)
    return { _time: new Date(NOW_MS - 3_600_000 + i * 10).toISOString(), i, z, x, y: r() }
  })
}

const OPS = ['>', '>=', '<', '<=', '==', '!=']

/** [selection path, bool path] pairs. */
function pairs(): [string, string][] {
  const out: [string, string][] = []
  for (const op of OPS) {
    out.push([`t | where z ${op} 3`, `t | where z ${op} 3 and true`])
    out.push([`t | where 0 ${op} z`, `t | where 0 ${op} z and true`])
    out.push([`t | where y > 0.4 | where z ${op} 2`, `t | where y > 0.4 | where z ${op} 2 and true`])
    out.push([
      `t | extend w = iff(y < 0.3, z / 0.0, z) | where w ${op} 0`,
      `t | extend w = iff(y < 0.3, z / 0.0, z) | where w ${op} 0 and true`,
    ])
    out.push([`t | where x ${op} 4`, `t | where x ${op} 4 and true`])
  }
  return out
}

async function ids(snap: Snapshot, apl: string): Promise<unknown[]> {
  const bound = compileApl(`${apl} | project i`, schemaFromSnapshot(snap))
  if (!bound.plan) throw new Error(bound.diagnostics.map((d) => d.message).join('; '))
  return rows(await runPlan(snap, bound.plan, { now: NOW, limit: 50_000 } as never)).map((r) => r.i)
}

describe('where number-against-constant selection = bool-vector path', () => {
  for (const blockRows of [7, 1000]) {
    it(`blockRows=${blockRows}`, async () => {
      const fx = await openFixture({ t: events(3000, 7 + blockRows) as never }, blockRows)
      try {
        for (const [fast, general] of pairs()) {
          const want = await ids(fx.snap, general)
          expect(want.length, general).toBeGreaterThan(0)
          expect(await ids(fx.snap, fast), fast).toEqual(want)
        }
      } finally {
        await fx.close()
      }
    })
  }
})
