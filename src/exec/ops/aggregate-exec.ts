// ops/aggregate-exec.ts: `summarize`: aggregation into mergeable states (exec/agg), each aggregation's
// groups' states in a column of the layout chosen here once (group-column.ts: typed arrays, or a
// state per group), rows finding their groups by the strategy chosen here once (group-strategy.ts). Output columns: keys then aggregates; an aggregate written as an expression
// over aggregation calls (`toint(avg(x))`) is evaluated over the per-group results at the end;
// arg_min/arg_max (several columns each) are fed and read by arg-extremum-feed.ts.

import type { AplType } from '../../catalog/index.ts'
import { aggregateCalls } from '../../plan/expr-walk.ts'
import type { Aggregate, AggregateColumn, BoundExpr, ColumnDef, ExprOf, RowSchema } from '../../plan/index.ts'
import { mapExpr } from '../../plan/rewrite.ts'
import { GroupCounts } from '../agg/group-counts.ts'
import type { AggState } from '../agg/index.ts'
import { type Batch, fromCells } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { type EvalScope, evaluate, scopeOf } from '../eval/evaluate.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { Cell } from '../result.ts'
import { groupBytes } from '../vec-bytes.ts'
import type { Vec } from '../vector.ts'
import { type AggSite, type AggSpec, aggSpec, resultCell, summarizeSite, typedCell } from './agg-spec.ts'
import { argColumns, isArgSpec } from './arg-extremum-feed.ts'
import { PiecePacer } from './batch-pieces.ts'
import { onlyPlainCounts } from './count-by-key.ts'
import { GroupAggregation } from './group-aggregation.ts'
import { describeColumn, newColumn } from './group-column.ts'
import type { GroupIndex } from './group-keys.ts'
import { chooseGroupStrategy, type GroupStrategy } from './group-strategy.ts'
import { type KeyColumns, keyColumns } from './key-columns.ts'
import { foldGroups } from './merged-totals.ts'

/** One output aggregate: its calls, and the expression over their results (null: the single call). */
interface OutputAgg {
  readonly calls: readonly AggSpec[]
  readonly over: BoundExpr | null
}

const AGG_COLUMN = (i: number) => `\u0000agg${i}`

function prepare(col: AggregateColumn, site: AggSite): OutputAgg {
  if (col.expr.kind === 'AggCall') return { calls: [aggSpec(col.expr, site)], over: null }
  const calls: ExprOf<'AggCall'>[] = aggregateCalls(col.expr)
  const over = mapExpr(col.expr, (e) => {
    const at = e.kind === 'AggCall' ? calls.indexOf(e) : -1
    return at < 0 ? e : { kind: 'Column', name: AGG_COLUMN(at), type: e.type, storage: [], span: e.span }
  })
  return { calls: calls.map((c) => aggSpec(c, site)), over }
}

/** Hash aggregation (see module header). */
export class AggregateExec implements PhysicalOperator {
  readonly name = 'AggregateExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #keys: readonly ColumnDef[]
  readonly #outputs: readonly OutputAgg[]
  /** Every aggregation call of the outputs, in order (one state row each). */
  readonly #specs: readonly AggSpec[]
  readonly #scope: EvalScope
  /** How rows find their groups (chosen here, once: group-strategy.ts). */
  readonly #strategy: GroupStrategy
  /** Each aggregation's column layout as planned (group-column.ts; a typed one may spill in a run). */
  readonly #layouts: string
  /** The finished aggregation, once the output is out (for totalsWithout). */
  #final: GroupAggregation | undefined
  /** Whether any state answered with an estimate (read after `batches` finished). */
  isEstimate = false
  numGroups = 0

  /** Summarize `node` over `input`; `scope` evaluates over the node's input schema. */
  constructor(input: PhysicalOperator, node: Aggregate, scope: EvalScope) {
    this.#input = input
    this.children = [input]
    this.schema = node.schema
    this.#keys = node.keys
    const site = summarizeSite(node.timeBucket, scope.env)
    this.#outputs = node.aggregates.map((col) => prepare(col, site))
    this.#specs = this.#outputs.flatMap((o) => o.calls)
    this.#scope = scope
    this.#strategy = chooseGroupStrategy(
      this.#specs,
      node.keys.map((k) => k.expr),
    )
    this.#layouts = onlyPlainCounts(this.#specs)
      ? 'counts'
      : this.#specs.map((s) => describeColumn(s, newColumn(s))).join(', ')
  }

  explain(): string {
    const keys = this.#keys.map((k) => k.name).join(', ')
    const paths = this.#final?.paths.describe()
    return `AggregateExec by [${keys}] aggs ${this.#outputs.length} ${this.choices()}${paths ? ` (batches: ${paths})` : ''}`
  }

  /** The decisions made once for this summarize: `strategy hash columns [avg: typed, …]` (after a run, any spill shows). */
  choices(): string {
    return `strategy ${this.#strategy} columns [${this.#final?.describeColumns() ?? this.#layouts}]`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const agg = new GroupAggregation(
      this.#specs,
      this.#keys.map((k) => k.expr),
      this.#scope,
      this.#strategy,
    )
    // The group table grows batch by batch: charged as it grows (a batch may add at most its rows).
    const memory = ctx.guard.memory.account(this.name)
    const cost = (groups: number) => groupBytes(groups, this.#keys.length, this.#specs.length)
    // A batch whose keys are mostly new to a large table is slow to add: fed in pieces, yielding between.
    const pacer = new PiecePacer(ctx.pieceRows)
    for await (const batch of this.#input.batches(ctx)) {
      for (const b of pacer.pieces(batch)) {
        await ctx.guard.pace()
        const t0 = performance.now()
        const rows = b.sel ? b.sel.length : b.length
        memory.set(cost(agg.groups.size + rows))
        this.metrics.rowsIn += agg.add(b, ctx)
        memory.set(cost(agg.groups.size))
        const ms = performance.now() - t0
        pacer.record(rows, ms)
        this.metrics.timeMs += ms
      }
    }
    agg.ensureEmptyRow()
    this.#final = agg
    const groups = agg.groups
    this.numGroups = groups.size
    this.metrics.rowsOut = groups.size
    // Output in batches of OUTPUT_GROUPS groups, the event loop's turn between them (2M groups at once held it a second).
    const keys = this.#keyColumns(
      groups,
      this.#keys.map((_, k) => k),
      (k, from, to) => groups.keyIds(k, from, to),
    )
    const step = ctx.pieceRows ?? OUTPUT_GROUPS
    const states = agg.counts ?? agg
    for (let from = 0; from === 0 || from < groups.size; from += step) {
      if (from > 0) await ctx.guard.pace()
      const to = Math.min(groups.size, from + step)
      yield this.#output(keys, { from, to }, states, true)
    }
  }

  /** The columns of keys `kept` (output key i is key kept[i]), `idsOf(i, …)` giving groups' ids of it. */
  #keyColumns(
    groups: GroupIndex,
    kept: readonly number[],
    idsOf: (i: number, from: number, to: number) => Uint32Array,
  ): KeyColumns {
    return keyColumns(
      kept.map((k) => groups.keys[k]),
      kept.map((k) => this.schema[k].type),
      idsOf,
    )
  }

  /**
   * After the output: the summarize's result without key `drop` (the `_totals` of a summarize by a
   * time bin), folded from its groups (merged-totals.ts); null when that cannot be exact (the caller
   * runs the summarize again without the key).
   */
  totalsWithout(drop: number): Batch | null {
    const agg = this.#final
    if (!agg) return null
    const folded = foldGroups(agg.groups, drop, this.#specs, (a, g, into) => agg.mergeInto(a, g, into))
    if (!folded) return null
    const kept = this.#keys.map((_, k) => k).filter((k) => k !== drop)
    const keys = this.#keyColumns(agg.groups, kept, (i, from, to) => folded.keyIds[i].subarray(from, to))
    const source: OutputSource = {
      cell: (a, g) => resultCell(this.#specs[a], folded.states[a][g]),
      stateOf: (a, g) => folded.states[a][g],
    }
    return this.#output(keys, { from: 0, to: folded.size }, source, false)
  }

  /**
   * Output columns of output groups [from, to): the keys (key-columns.ts), then the aggregates of
   * `states` (or `counts`, when every aggregation is a plain count()); `main` when it is this
   * summarize's own result (estimates are reported).
   */
  #output(
    keys: KeyColumns,
    range: { readonly from: number; readonly to: number },
    states: OutputSource | GroupCounts,
    main: boolean,
  ): Batch {
    const { from, to } = range
    const n = to - from
    const cols: Vec[] = keys(from, to)
    let at = 0
    for (const o of this.#outputs) {
      if (isArgSpec(o.calls[0])) {
        const a = at++
        const source = states as OutputSource
        cols.push(...argColumns(o.calls[0], (g) => source.stateOf(a, from + g), n))
        continue
      }
      const estimate = () => {
        if (main) this.isEstimate = true
      }
      const results = o.calls.map((spec, c) => {
        if (states instanceof GroupCounts) return countColumn(spec.type, states, from, to)
        const cells: Cell[] = new Array(n)
        for (let g = 0; g < n; g++) cells[g] = states.cell(at + c, from + g, estimate)
        return fromCells(spec.type, cells)
      })
      at += o.calls.length
      if (o.over === null) cols.push(results[0])
      else {
        const schema = o.calls.map((spec, c) => ({ name: AGG_COLUMN(c), type: spec.type, storage: [] }))
        const scope = scopeOf(schema, this.#scope.env)
        cols.push(evaluate(o.over, { length: n, sel: null, cols: results }, scope))
      }
    }
    return { length: n, sel: null, cols }
  }
}

/** Where the output reads each group's aggregates: the aggregation itself, or folded totals' states. */
interface OutputSource {
  /** Group g's result of aggregation a as a cell; `estimate` is told when it is an estimate. */
  cell(a: number, g: number, estimate: () => void): Cell
  stateOf(a: number, g: number): AggState
}

/** Groups per output batch of a summarize. */
export const OUTPUT_GROUPS = 65_536

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
