// ops/summarize-output.ts: a summarize's output columns. Each output column is one aggregation call
// or an expression over several (`over`); the calls are prepared once, in state order, by the
// summarize in process and by both halves of a parallel one (so partial states line up with the
// merge). `outputPiece` reads the rows of output groups [from, to) from wherever the groups' results
// are: an aggregation in process, folded `_totals` states, or a parallel merge's states and counts.
import type { AplType } from '../../catalog/index.ts'
import { aggregateCalls } from '../../plan/expr-walk.ts'
import type { Aggregate, AggregateColumn, BoundExpr, ExprOf } from '../../plan/index.ts'
import { mapExpr } from '../../plan/rewrite.ts'
import type { GroupCounts } from '../agg/group-counts.ts'
import type { AggState } from '../agg/index.ts'
import { type Batch, fromCells } from '../batch.ts'
import { evaluate, scopeOf } from '../eval/evaluate.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import type { Cell } from '../result.ts'
import type { Vec } from '../vector.ts'
import { type AggSite, type AggSpec, aggSpec, typedCell } from './agg-spec.ts'
import { argColumns, isArgSpec } from './arg-extremum-feed.ts'
import type { KeyColumns } from './key-columns.ts'

/** One output column: its calls, and the expression over their results (null: the single call). */
export interface OutputAgg {
  readonly calls: readonly AggSpec[]
  readonly over: BoundExpr | null
}

/** The column name call `i`'s result takes inside `over`. */
const callColumn = (i: number): string => `\u0000call${i}`

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

/** Where an output piece reads each group's results (call a in state order, group g). */
export interface ResultSource {
  /** Call a's counts when it keeps plain numbers (read as a column, no cell per group), else null. */
  counts(a: number): GroupCounts | null
  /** Group g's result of call a as a cell; `estimate` is told when it is an estimate. */
  cell(a: number, g: number, estimate: () => void): Cell
  /** Group g's state of call a (the arg_min / arg_max columns read it). */
  stateOf(a: number, g: number): AggState
}

/**
 * The output rows of groups from … to − 1: the key columns, then each output column from `source`;
 * `estimate` is told when a result is an estimate.
 */
export function outputPiece(
  outputs: readonly OutputAgg[],
  keys: KeyColumns,
  from: number,
  to: number,
  source: ResultSource,
  env: KernelEnv,
  estimate: () => void,
): Batch {
  const n = to - from
  const cols: Vec[] = keys(from, to)
  let at = 0
  for (const o of outputs) {
    if (isArgSpec(o.calls[0])) {
      const a = at++
      cols.push(...argColumns(o.calls[0], (g) => source.stateOf(a, from + g), n))
      continue
    }
    const results = o.calls.map((spec, c) => {
      const counts = source.counts(at + c)
      if (counts) return countColumn(spec.type, counts, from, to)
      const cells: Cell[] = new Array(n)
      for (let g = 0; g < n; g++) cells[g] = source.cell(at + c, from + g, estimate)
      return fromCells(spec.type, cells)
    })
    at += o.calls.length
    if (o.over === null) cols.push(results[0])
    else {
      const schema = o.calls.map((spec, c) => ({ name: callColumn(c), type: spec.type, storage: [] }))
      cols.push(evaluate(o.over, { length: n, sel: null, cols: results }, scopeOf(schema, env)))
    }
  }
  return { length: n, sel: null, cols }
}

/** The column of plain counts of groups from … to − 1 (whole numbers: no cell per group). */
export function countColumn(type: AplType, counts: GroupCounts, from: number, to: number): Vec {
  const n = to - from
  if (type !== 'long' && type !== 'real')
    return fromCells(
      type,
      Array.from({ length: n }, (_, g) => typedCell(type, counts.of(from + g))),
    )
  const values = new Float64Array(n)
  for (let g = 0; g < n; g++)
    values[g] = type === 'long' ? Math.round(counts.of(from + g)) : counts.of(from + g)
  return { kind: 'num', type, values, valid: new Uint8Array(n).fill(1) }
}
