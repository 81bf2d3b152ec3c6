// optimize/index.ts: the optimizer: an ordered list of pure rules over the logical plan (issue 4
// item 1). Each rule returns a new plan; the executor runs optimized and unoptimized plans alike,
// and tests compare both (STYLE rule 11).
import type { LogicalPlan } from '../plan/index.ts'
import { mapNodes, mapPlanExprs } from '../plan/rewrite.ts'
import { foldClock } from './fold-clock.ts'
import { pushIntoScans } from './scan-pushdown.ts'
import { sortLimitToTopN } from './sort-limit.ts'

/** What the rules may depend on: the query clock, fixed for the whole query. */
export interface OptimizeContext {
  /** Now, epoch ns. */
  readonly now: bigint
}

/** Applies every rule in order. */
export function optimize(plan: LogicalPlan, ctx: OptimizeContext): LogicalPlan {
  let root = mapPlanExprs(plan.root, (e) => foldClock(e, ctx.now))
  root = pushIntoScans(root)
  root = mapNodes(root, sortLimitToTopN)
  return { ...plan, root }
}

export { foldClock } from './fold-clock.ts'
export { pushdownFor, pushIntoScan, pushIntoScans } from './scan-pushdown.ts'
export { sortLimitToTopN } from './sort-limit.ts'
