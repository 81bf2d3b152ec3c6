// test/reference/shape.ts: what a result table says about its rows beyond the cells (api-contract
// §1.3, decisions §10.3–§10.4): default order, row cap, `fields[].agg`, `groups`, `buckets`, `range`,
// `sources`, and where the `_totals` table comes from. Reads the plan; never evaluates rows.

import type { Cell, ResultField } from '../../src/exec/result.ts'
import type {
  AggregateColumn,
  LogicalKind,
  LogicalNode,
  LogicalOf,
  LogicalPlan,
} from '../../src/plan/index.ts'
import { nodeChildren } from '../../src/plan/index.ts'

/** The row cap when neither the query nor the request sets one (decision §10.4). */
export const DEFAULT_LIMIT = 1000
/** The largest row cap a request may ask for (decision §10.4). */
export const MAX_LIMIT = 50_000

/** Nodes that keep their input's columns exactly (so aggregation metadata survives them). */
const SCHEMA_PRESERVING: ReadonlySet<LogicalKind> = new Set([
  'Filter',
  'Search',
  'Sort',
  'TopN',
  'Limit',
  'Render',
])
/** Nodes through which an explicit sort still orders the result (as plan/result-shape.ts). */
const ORDER_PRESERVING: ReadonlySet<LogicalKind> = new Set([
  'Filter',
  'Search',
  'Project',
  'Extend',
  'Limit',
  'Render',
  'Parse',
])
/** Nodes whose result is an aggregation (no default row cap). */
const AGGREGATING: ReadonlySet<LogicalKind> = new Set(['Aggregate', 'Distinct', 'MakeSeries', 'CountRows'])

/** The single input of `n`, or undefined for sources, joins and unions. */
function soleInput(n: LogicalNode): LogicalNode | undefined {
  return 'input' in n ? n.input : undefined
}

/** The Aggregate the root's columns come from unchanged (through SCHEMA_PRESERVING nodes), if any. */
export function shapingAggregate(root: LogicalNode): LogicalOf<'Aggregate'> | undefined {
  let n: LogicalNode | undefined = root
  while (n !== undefined && SCHEMA_PRESERVING.has(n.kind)) n = soleInput(n)
  return n?.kind === 'Aggregate' ? n : undefined
}

/** True when following single inputs down from the root reaches an aggregation before a source. */
export function isAggregating(root: LogicalNode): boolean {
  for (let n: LogicalNode | undefined = root; n !== undefined; n = soleInput(n)) {
    if (AGGREGATING.has(n.kind)) return true
  }
  return false
}

/** The row cap for this plan and request; undefined = no cap (aggregating results). */
export function rowCap(plan: LogicalPlan, requested: number | undefined): number | undefined {
  if (requested !== undefined && (!Number.isInteger(requested) || requested < 1)) {
    throw new RangeError(`limit must be a positive integer, got ${requested}`)
  }
  if (isAggregating(plan.root)) return undefined
  if (plan.limited) return MAX_LIMIT
  return Math.min(requested ?? DEFAULT_LIMIT, MAX_LIMIT)
}

/** `order` of the result: newest `_time` first by default, the query's own sort keys when it sorts last. */
export function resultOrder(plan: LogicalPlan): { field: string; desc: boolean }[] {
  if (plan.order === 'time-desc') return [{ field: '_time', desc: true }]
  if (plan.order === 'none') return []
  let n: LogicalNode | undefined = plan.root
  while (n !== undefined && ORDER_PRESERVING.has(n.kind)) n = soleInput(n)
  if (n === undefined || (n.kind !== 'Sort' && n.kind !== 'TopN')) return []
  const names = new Set(plan.root.schema.map((c) => c.name))
  return n.keys.flatMap((k) =>
    k.expr.kind === 'Column' && names.has(k.expr.name) ? [{ field: k.expr.name, desc: k.descending }] : [],
  )
}

/** JSON-friendly constant argument for `fields[].agg.args`. */
function constantArg(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v
  return v
}

/**
 * `fields[].agg` of a summarize output: the wire name; `fields` = arguments that are plain columns;
 * `args` = constant arguments (literals); each omitted when empty. A wrapped expression is `computed`.
 */
export function aggInfo(a: AggregateColumn): NonNullable<ResultField['agg']> {
  if (a.expr.kind !== 'AggCall') return { name: a.wireName }
  const fields: string[] = []
  const args: unknown[] = []
  for (const arg of a.expr.args) {
    const inner = arg.kind === 'Cast' ? arg.operand : arg
    if (inner.kind === 'Column') fields.push(inner.name)
    else if (inner.kind === 'Literal' && inner.value !== null) args.push(constantArg(inner.value))
  }
  return { name: a.wireName, ...(fields.length > 0 ? { fields } : {}), ...(args.length > 0 ? { args } : {}) }
}

/** The index of the key binning the `_time` column (`bin(_time, …)` / `bin_auto(_time)`), if any. */
export function timeKeyIndex(agg: LogicalOf<'Aggregate'>): number | undefined {
  const tb = agg.timeBucket
  if (tb === null) return undefined
  const key = agg.keys[tb.keyIndex].expr
  const arg = key.kind === 'Call' ? key.args[0] : undefined
  return arg?.kind === 'Column' && arg.name === '_time' ? tb.keyIndex : undefined
}

/** Datasets whose Scans the subtree holds, sorted and unique. */
export function scannedDatasets(root: LogicalNode): string[] {
  const out = new Set<string>()
  const stack = [root]
  while (stack.length > 0) {
    const n = stack.pop() as LogicalNode
    if (n.kind === 'Scan') out.add(n.dataset)
    stack.push(...nodeChildren(n))
  }
  return [...out].sort()
}

/** Column-major cells from row-major ones. */
export function columnsOf(rows: readonly (readonly Cell[])[], width: number): Cell[][] {
  return Array.from({ length: width }, (_, i) => rows.map((r) => r[i]))
}
