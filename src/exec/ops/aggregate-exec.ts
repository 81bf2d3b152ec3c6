import type { Aggregate, ColumnDef, RowSchema } from '../../plan/index.ts'
import { exactBudget } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import type { EvalScope } from '../eval/evaluate.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { groupBytes } from '../vec-bytes.ts'
import { type AggSpec, resultCell, summarizeSite } from './agg-spec.ts'
import { PiecePacer } from './batch-pieces.ts'
import { onlyPlainCounts } from './count-by-key.ts'
import { GroupAggregation } from './group-aggregation.ts'
import { describeColumn, newColumn } from './group-column.ts'
import type { GroupIndex } from './group-keys.ts'
import { chooseGroupStrategy, type GroupStrategy } from './group-strategy.ts'
import { type KeyColumns, keyColumns } from './key-columns.ts'
import { foldGroups } from './merged-totals.ts'
import { type OutputAgg, outputAgg, outputPiece, type ResultSource } from './summarize-output.ts'

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
    this.#outputs = node.aggregates.map((col) => outputAgg(col, site))
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
      exactBudget(ctx.guard.memory, this.name),
    )
    // The group table grows batch by batch: charged as it grows (a batch may add at most its rows).
    // The values its sketches keep exactly are charged by their budget, to an account of their own.
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
    const counts = agg.counts ?? null
    const source: ResultSource = {
      counts: () => counts,
      cell: (a, g, estimate) => agg.cell(a, g, estimate),
      stateOf: (a, g) => agg.stateOf(a, g),
    }
    const estimate = () => {
      this.isEstimate = true
    }
    for (let from = 0; from === 0 || from < groups.size; from += step) {
      if (from > 0) await ctx.guard.pace()
      const to = Math.min(groups.size, from + step)
      yield outputPiece(this.#outputs, keys, from, to, source, this.#scope.env, estimate)
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
    const source: ResultSource = {
      counts: () => null,
      cell: (a, g) => resultCell(this.#specs[a], folded.states[a][g]),
      stateOf: (a, g) => folded.states[a][g],
    }
    return outputPiece(this.#outputs, keys, 0, folded.size, source, this.#scope.env, () => {})
  }
}

/** Groups per output batch of a summarize. */
export const OUTPUT_GROUPS = 65_536
