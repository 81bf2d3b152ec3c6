// clickhouse/compile/order.ts: which nodes' row order matters to the result, walked from the top:
// a truncation (take, top, the row cap every result takes its first rows under) depends on its
// input's order (ties in scan order), so the result's own order always matters; a sort passes on
// what its parent needs (ties); a summarize, distinct or count consumes order. Where order does not
// matter the SQL skips keeping it (a summarize's first-appearance key, a union's input positions).
import type { LogicalKind, LogicalNode } from '../../plan/index.ts'
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
  // Inputs in turn, each in its order: that order matters only where the union's does.
  Union: PASS,
  Join: ALWAYS,
  MakeSeries: ALWAYS,
  Print: NEVER,
  Datatable: NEVER,
  ExternalData: NEVER,
  Parse: PASS,
  MvExpand: PASS,
  Sample: PASS,
  Redact: PASS,
}

/** Marks `node` and its subtree in `out` (true wins where two walks meet). */
export function markOrderNeeds(node: LogicalNode, need: boolean, out: Map<LogicalNode, boolean>): void {
  const had = out.get(node)
  if (had === true || had === need) return
  out.set(node, need)
  const childNeed = INPUT_NEED[node.kind](need)
  for (const c of nodeChildren(node)) markOrderNeeds(c, childNeed, out)
}
