// Shared by the physical-optimizer rule tests: a dataset's schema, and the physical plan the planner
// builds for a query over it (rules applied as it builds), with no data and no run.

import type { PhysicalOperator } from '../../../../src/exec/operator.ts'
import { build, type PhysicalOptions } from '../../../../src/exec/physical-planner.ts'
import { openStore } from '../../../../src/index.ts'
import { optimize } from '../../../../src/optimize/index.ts'
import type { LogicalNode, LogicalPlan } from '../../../../src/plan/index.ts'
import { compileForSnapshot } from '../../../../src/query/run-apl.ts'

export const ENV = { strictTypes: false, binAutoStep: 1n, now: 0n }

/** Dataset `d`: `_time`, string `v`, long `w`, real `x`, string `pad`. */
export async function planner(): Promise<{
  plan: (apl: string) => LogicalPlan
  physical: (apl: string, o?: Partial<PhysicalOptions>) => PhysicalOperator
  /** The physical plan of an already planned node (so options can name it, as `rowCap` does). */
  physicalOf: (node: LogicalNode, o?: Partial<PhysicalOptions>) => PhysicalOperator
  close: () => Promise<void>
}> {
  const db = await openStore({ durability: 'none', sealWorker: false })
  await db.datasets.create({ name: 'd' })
  await db.ingest('d', [{ _time: '2026-01-01T00:00:00Z', v: 'a', w: 1, x: 1.5, pad: 'p' }])
  await db.flush()
  const snap = db.snapshot()
  const plan = (apl: string) => optimize(compileForSnapshot(snap, apl), { now: 0n })
  return {
    plan,
    physical: (apl, o = {}) => build(plan(apl).root, { env: ENV, timeDesc: false, zoneStats: true, ...o }),
    physicalOf: (node, o = {}) => build(node, { env: ENV, timeDesc: false, zoneStats: true, ...o }),
    close: async () => {
      snap.release()
      await db.close()
    },
  }
}

/** The operators of `op`, root first (one child each along the way: the chains the rules rewrite). */
export function chain(op: PhysicalOperator): PhysicalOperator[] {
  const out = [op]
  while (out[out.length - 1].children.length > 0) out.push(out[out.length - 1].children[0])
  return out
}
