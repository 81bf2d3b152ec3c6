// exec/parallel/agg-calls.ts: a summarize's aggregation calls in AggregateExec's state order and
// the expression each output column evaluates over its calls' results; shared by both halves of a
// parallel summarize so partial states line up with the merge.
import { aggregateCalls } from '../../plan/expr-walk.ts'
import type { Aggregate, AggregateColumn, BoundExpr, ExprOf } from '../../plan/index.ts'
import { mapExpr } from '../../plan/rewrite.ts'
import { type AggSite, type AggSpec, aggSpec } from '../ops/agg-spec.ts'

/** One output column: its calls, and the expression over their results (null: the single call). */
export interface OutputAgg {
  readonly calls: readonly AggSpec[]
  readonly over: BoundExpr | null
}

/** The column name call `i`'s result takes inside `over`. */
export const callColumn = (i: number): string => `\u0000call${i}`

/** Prepares one output column at `site`. */
export function outputAgg(col: AggregateColumn, site: AggSite): OutputAgg {
  if (col.expr.kind === 'AggCall') return { calls: [aggSpec(col.expr, site)], over: null }
  const calls: ExprOf<'AggCall'>[] = aggregateCalls(col.expr)
  const over = mapExpr(col.expr, (e) => {
    const at = e.kind === 'AggCall' ? calls.indexOf(e) : -1
    return at < 0 ? e : { kind: 'Column', name: callColumn(at), type: e.type, storage: [], span: e.span }
  })
  return { calls: calls.map((c) => aggSpec(c, site)), over }
}

/** Every state-holding call of summarize `node` at `site`, in state order. */
export function stateSpecs(node: Aggregate, site: AggSite): AggSpec[] {
  return node.aggregates.flatMap((c) => outputAgg(c, site).calls)
}
