// clickhouse/compile/order.ts: which nodes' row order matters to the result, walked from the top:
// a truncation (take, top, the default newest-first cap) depends on its input's order (ties in scan
// order), a result sorted last shows it, a sort passes on what its parent needs (ties); a summarize,
// distinct or count consumes order. Where order does not matter the SQL skips keeping it (a
// summarize's first-appearance key, the final ORDER BY): rows of a result the query leaves
// unordered may then come in another order than locally, the same rows.
import type { LogicalKind, LogicalNode, LogicalPlan } from '../../plan/index.ts'
import { nodeChildren } from '../../plan/index.ts'

type Rule = (need: boolean) => boolean

const PASS: Rule = (need) => need
const ALWAYS: Rule = () => true
const NEVER: Rule = () => false

/** What each kind asks of its inputs' order, given whether its own order matters. */
const INPUT_NEED: { readonly [K in LogicalKind]: Rule } = {
  Scan: NEVER,
  Filter: PASS,
  Search: PASS,
  Project: PASS,
  Extend: PASS,
  Render: PASS,
  // Run locally, make_list, arg_min/arg_max ties… read their input in order (pushed: it is not asked).
  Aggregate: ALWAYS,
  Sort: PASS,
  TopN: ALWAYS,
  Limit: ALWAYS,
  Distinct: PASS,
  CountRows: NEVER,
  Union: ALWAYS,
  Join: ALWAYS,
  MakeSeries: ALWAYS,
  Print: NEVER,
  Datatable: NEVER,
  Parse: PASS,
  MvExpand: PASS,
}

/** Marks `node` and its subtree in `out` (true wins where two walks meet). */
export function markOrderNeeds(node: LogicalNode, need: boolean, out: Map<LogicalNode, boolean>): void {
  const had = out.get(node)
  if (had === true || had === need) return
  out.set(node, need)
  const childNeed = INPUT_NEED[node.kind](need)
  for (const c of nodeChildren(node)) markOrderNeeds(c, childNeed, out)
}

/** Whether the result's own row order matters: sorted last, or newest first (time-desc). */
export function resultOrderMatters(plan: LogicalPlan): boolean {
  return plan.order !== 'none'
}
