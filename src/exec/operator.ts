// exec/operator.ts: the physical operator contract (pull-based async batches) and its metrics.
// Operators own no query-global state; everything per run arrives through the context.

import { indent } from '../plan/explain.ts'
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

/** Operators of a tree, root first, children in order (iterative: any depth). */
export function preorder(op: PhysicalOperator): PhysicalOperator[] {
  return preorderWithDepth(op).map(([x]) => x)
}

/** Operators of a tree, root first, each with its depth (the root's is 0). */
function preorderWithDepth(op: PhysicalOperator): [PhysicalOperator, number][] {
  const out: [PhysicalOperator, number][] = []
  const stack: [PhysicalOperator, number][] = [[op, 0]]
  while (stack.length > 0) {
    const [x, d] = stack.pop() as [PhysicalOperator, number]
    out.push([x, d])
    for (let i = x.children.length - 1; i >= 0; i--) stack.push([x.children[i], d + 1])
  }
  return out
}

/** The operator tree as indented lines (root first). */
export function explainTree(op: PhysicalOperator): string {
  return preorderWithDepth(op)
    .map(([x, d]) => `${indent(d)}${x.explain()}`)
    .join('\n')
}
