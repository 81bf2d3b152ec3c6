// plan/sample-seed.ts: gives every `sample` of a plan that has no `set sample_seed` the query's seed,
// before the plan is run (so the parallel executor's units see the same seed as the main thread).

import type { LogicalPlan } from './logical.ts'
import { preorderNodes } from './node-walk.ts'
import { mapNodes } from './rewrite.ts'

/** A fresh uint32 seed (QueryOptions.sampleSeed absent). */
export function randomSampleSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]
}

/**
 * `plan` with the seed on each Sample whose seed is null (the same plan when there is none); `seed`
 * is asked for only then (the first `crypto.getRandomValues` of a process loads Node's webcrypto).
 */
export function seedSamples(plan: LogicalPlan, seedOf: () => number): LogicalPlan {
  if (!preorderNodes(plan.root).some((n) => n.kind === 'Sample' && n.seed === null)) return plan
  const seed = seedOf()
  const root = mapNodes(plan.root, (n) => (n.kind === 'Sample' && n.seed === null ? { ...n, seed } : n))
  return { ...plan, root }
}
