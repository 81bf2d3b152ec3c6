// plan/bind-sample.ts: `sample p` (0 < p < 1, a constant): the Sample node, its seed (`set sample_seed`
// or the query's) and its row identity. When the rows are a dataset's events (only 1:1 or row-dropping
// operators between it and a Scan), the node is placed right above the Scan's filters: keeping a row
// depends on its event alone, so this changes no result, and the executor reads the events' sequence
// numbers there (exec/ops/sample-exec.ts).

import type { Sample as SampleOp } from '../syntax/ast.ts'
import { type BindContext, rowScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { isConstant } from './expr-walk.ts'
import {
  type LogicalKind,
  type LogicalNode,
  logical,
  nodeChildren,
  type SampleIdentity,
  withChildren,
} from './logical.ts'

/** Nodes that map each input row to at most one output row of the same event, in order. */
const EVENT_PRESERVING: ReadonlySet<LogicalKind> = new Set([
  'Filter',
  'Search',
  'Project',
  'Extend',
  'Parse',
  'Redact',
  'Sample',
])

/** Binds `sample` over `input`. */
export function bindSample(op: SampleOp, input: LogicalNode, ctx: BindContext): LogicalNode {
  const p = bindExpr(op.proportion, rowScope(input.schema), ctx)
  if (!isConstant(p) || p.kind !== 'Literal')
    return ctx.fail('APL0319', p.span, { name: 'the proportion of `sample`' })
  const v = typeof p.value === 'bigint' ? Number(p.value) : p.value
  if (typeof v !== 'number' || !(v > 0 && v < 1)) {
    return ctx.fail('APL0317', p.span, {
      operator: 'sample',
      reason: 'the proportion of rows kept is a number greater than 0 and less than 1 (0.1 keeps about 10%)',
    })
  }
  const fields = { proportion: v, seed: ctx.sampleSeed, salt: ctx.samples++, span: op.span }
  // The chain of event-preserving nodes from `input` down, and the node below it.
  const chain: LogicalNode[] = []
  let at = input
  while (EVENT_PRESERVING.has(at.kind)) {
    chain.push(at)
    at = nodeChildren(at)[0]
  }
  if (at.kind !== 'Scan') {
    return logical('Sample', { ...fields, schema: input.schema, input, identity: { kind: 'ordinal' } })
  }
  const identity: SampleIdentity = { kind: 'event', dataset: at.dataset }
  // Filters directly over the scan stay below (they prune blocks and keep row positions).
  let below = chain.length
  while (below > 0 && chain[below - 1].kind === 'Filter') below--
  const base = below === chain.length ? at : chain[below]
  let node: LogicalNode = logical('Sample', { ...fields, schema: base.schema, input: base, identity })
  for (let i = below - 1; i >= 0; i--) node = withChildren(chain[i], [node])
  return node
}
