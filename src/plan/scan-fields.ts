// plan/scan-fields.ts: decides which fields each Scan may read (the columns some node above needs,
// plus `_time`), by a top-down pass over the bound plan. Rebuilds nodes; never mutates them. Iterative,
// so a pipeline of thousands of stages cannot exhaust the stack.

import type { BoundExpr } from './bound-expr.ts'
import { collectColumns } from './expr-walk.ts'
import {
  type ColumnDef,
  type LogicalKind,
  type LogicalNode,
  type LogicalOf,
  nodeChildren,
  withChildren,
  withFields,
} from './logical.ts'

/** Columns a node's consumer needs from its output: a set of names, or every column. */
type Need = ReadonlySet<string> | 'all'

function columnsOf(exprs: readonly BoundExpr[], base: Iterable<string> = []): Set<string> {
  const out = new Set(base)
  for (const e of exprs) collectColumns(e, out)
  return out
}

/** `need` plus the columns `exprs` read. */
function plus(need: Need, exprs: readonly BoundExpr[]): Need {
  return need === 'all' ? 'all' : columnsOf(exprs, need)
}

/** The expressions of the output columns the consumer needs. */
function needed(columns: readonly ColumnDef[], need: Need): BoundExpr[] {
  return columns.filter((c) => need === 'all' || need.has(c.name)).map((c) => c.expr)
}

type ChildNeeds = { readonly [K in LogicalKind]: (n: LogicalOf<K>, need: Need) => readonly Need[] }

/** What each input must provide, given what the node's consumer needs (one entry per `nodeChildren`). */
const CHILD_NEEDS: ChildNeeds = {
  Scan: () => [],
  Filter: (n, need) => [plus(need, [n.predicate])],
  Search: (n, need) => [plus(need, [n.predicate])],
  Project: (n, need) => [columnsOf(needed(n.columns, need))],
  Extend: (n, need) => {
    const defined = new Set(n.columns.map((c) => c.name))
    const rest = need === 'all' ? 'all' : new Set([...need].filter((c) => !defined.has(c)))
    return [plus(rest, needed(n.columns, need))]
  },
  Aggregate: (n) => [columnsOf([...n.keys.map((k) => k.expr), ...n.aggregates.map((a) => a.expr)])],
  Sort: (n, need) => [
    plus(
      need,
      n.keys.map((k) => k.expr),
    ),
  ],
  TopN: (n, need) => [
    plus(
      need,
      n.keys.map((k) => k.expr),
    ),
  ],
  Limit: (_n, need) => [need],
  // Render stands last (bind-render.ts), where the consumer needs every column.
  Render: (_n, need) => [need],
  Distinct: (n) => [columnsOf(n.columns.map((c) => c.expr))],
  Sample: (_n, need) => [need],
  // A column the consumer does not read needs no redacting.
  Redact: (_n, need) => [need],
  MvExpand: (n, need) => {
    const added = new Set([...n.items.map((i) => i.name), ...(n.itemIndex === null ? [] : [n.itemIndex])])
    const rest = need === 'all' ? 'all' : new Set([...need].filter((c) => !added.has(c)))
    return [
      plus(
        rest,
        n.items.map((i) => i.expr),
      ),
    ]
  },
  Parse: (n, need) => {
    const added = new Set(n.captures.map((c) => c.name))
    const rest = need === 'all' ? 'all' : new Set([...need].filter((c) => !added.has(c)))
    return [plus(rest, [n.source])]
  },
  CountRows: () => [new Set()],
  Union: (n, need) => n.inputs.map(() => need),
  Join: (n, need) => {
    const leftOut = n.schema.length - n.rightNames.length
    const left: Need =
      need === 'all' && leftOut > 0
        ? 'all'
        : columnsOf(
            n.keys.map((k) => k.left),
            need === 'all' ? [] : n.left.schema.map((c) => c.name).filter((c) => need.has(c)),
          )
    const right: Need =
      need === 'all' && n.rightNames.length > 0
        ? 'all'
        : columnsOf(
            n.keys.map((k) => k.right),
            need === 'all' ? [] : n.rightNames.filter((r) => need.has(r.to)).map((r) => r.from),
          )
    return [left, right]
  },
  MakeSeries: (n) => [
    columnsOf([
      ...n.keys.map((k) => k.expr),
      ...n.aggregates.map((a) => a.call),
      n.on,
      n.step,
      ...(n.from === null ? [] : [n.from]),
      ...(n.to === null ? [] : [n.to]),
    ]),
  ],
  Print: () => [],
  Datatable: () => [],
  ExternalData: () => [],
}

function scanWithFields(n: LogicalOf<'Scan'>, need: Need): LogicalNode {
  const names = n.schema.map((c) => c.name)
  const picked = need === 'all' ? names : names.filter((f) => need.has(f) || f === '_time')
  return withFields(n, { fields: [...new Set(picked)].sort() })
}

interface Frame {
  readonly node: LogicalNode
  readonly need: Need
  readonly done: LogicalNode[]
  next: number
  readonly needs: readonly Need[]
  readonly children: readonly LogicalNode[]
}

function frame(node: LogicalNode, need: Need): Frame {
  const needs = (CHILD_NEEDS[node.kind] as (n: LogicalNode, need: Need) => readonly Need[])(node, need)
  return { node, need, done: [], next: 0, needs, children: nodeChildren(node) }
}

/** The plan with every Scan's `fields` set to what the plan above it reads (the root needs all columns). */
export function assignScanFields(root: LogicalNode): LogicalNode {
  const stack: Frame[] = [frame(root, 'all')]
  let result: LogicalNode = root
  while (stack.length > 0) {
    const top = stack[stack.length - 1]
    if (top.next < top.children.length) {
      const i = top.next++
      stack.push(frame(top.children[i], top.needs[i]))
      continue
    }
    stack.pop()
    const n = top.node
    result = n.kind === 'Scan' ? scanWithFields(n, top.need) : withChildren(n, top.done)
    if (stack.length > 0) stack[stack.length - 1].done.push(result)
  }
  return result
}
