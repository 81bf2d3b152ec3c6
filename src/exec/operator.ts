// exec/operator.ts: the physical operator contract (pull-based async batches) and its metrics.
// Operators own no query-global state; everything per run arrives through the context.
import type { RowSchema } from '../plan/index.ts'
import type { Batch } from './batch.ts'
import type { ExecContext } from './context.ts'

/** Per-operator counters (for explain/analyze). */
export interface OperatorMetrics {
  rowsIn: number
  rowsOut: number
  blocksPruned: number
  /** Time spent inside this operator and its inputs, ms. */
  timeMs: number
}

/** A node of the physical tree. */
export interface PhysicalOperator {
  readonly name: string
  readonly children: readonly PhysicalOperator[]
  /** Output columns; every batch's `cols` is aligned to it. */
  readonly schema: RowSchema
  readonly metrics: OperatorMetrics
  /** One line describing this operator (no children). */
  explain(): string
  /** The output rows, batch by batch. */
  batches(ctx: ExecContext): AsyncIterable<Batch>
}

/** Zeroed metrics. */
export function newMetrics(): OperatorMetrics {
  return { rowsIn: 0, rowsOut: 0, blocksPruned: 0, timeMs: 0 }
}

/** The operator tree as indented lines (root first). */
export function explainTree(op: PhysicalOperator, depth = 0): string {
  const lines = [`${'  '.repeat(depth)}${op.explain()}`]
  for (const c of op.children) lines.push(explainTree(c, depth + 1))
  return lines.join('\n')
}
