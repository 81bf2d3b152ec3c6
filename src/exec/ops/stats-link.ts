// ops/stats-link.ts: links a count (CountExec, or an AggregateExec of plain `count()`s) to the scan
// below it through filters when every predicate and key reads at most one stored field and each row's
// result depends only on that row's value: the scan may then answer a block the window covers whole
// from its zone map (scan/block-stats.ts), as weighted distinct-value rows that the filters narrow
// and the count sums (Batch.weights). Any other shape: no link, every block is read.
import { collectColumns, exprChildren, variesPerRow } from '../../plan/expr-walk.ts'
import type { BoundExpr, LogicalNode, Scan } from '../../plan/index.ts'
import type { PhysicalOperator } from '../operator.ts'
import type { FieldColumnType } from '../scan/field-vec.ts'
import { ScanExec } from './scan-exec.ts'

/** What the scan may answer from zone maps: the rows' values of one field, or only their number. */
export interface StatsLink {
  readonly scan: Scan
  /** The one field read; undefined when nothing but the rows' number is needed. */
  readonly field: string | undefined
  /** The field's type in the scan's schema. */
  readonly type: FieldColumnType | undefined
}

const TIME = '_time'

/** True for a plain `count()` aggregation column (no argument, nothing around the call). */
function isPlainCount(e: BoundExpr): boolean {
  return e.kind === 'AggCall' && e.fn.name === 'count' && e.args.length === 0
}

/** True when `e`'s value at a row follows from that row's columns alone (no rand(), no `*` test). */
function perValue(e: BoundExpr): boolean {
  if (e.kind === 'AnyColumn' || e.kind === 'AggCall') return false
  if (e.kind === 'Call' && variesPerRow(e)) return false
  return exprChildren(e).every(perValue)
}

/** The expressions a count node evaluates per row (keys of an Aggregate of plain counts), or undefined. */
function countKeys(node: LogicalNode): readonly BoundExpr[] | undefined {
  if (node.kind === 'CountRows') return []
  if (node.kind === 'Aggregate' && node.aggregates.every((a) => isPlainCount(a.expr)))
    return node.keys.map((k) => k.expr)
  return undefined
}

/**
 * The link a count node (CountRows, or an Aggregate of plain counts) could have to its scan: the shape
 * of the module header. Undefined for any other node or shape. Pure plan inspection.
 */
export function statsTarget(node: LogicalNode): StatsLink | undefined {
  const keys = countKeys(node)
  if (!keys) return undefined
  const exprs = [...keys]
  let at = (node as { input: LogicalNode }).input
  while (at.kind === 'Filter') {
    exprs.push(at.predicate)
    at = at.input
  }
  if (at.kind !== 'Scan' || at.rowId || !exprs.every(perValue)) return undefined
  const used = new Set<string>()
  for (const e of exprs) collectColumns(e, used)
  if (used.size > 1) return undefined
  const field = used.size === 1 ? [...used][0] : undefined
  if (field === TIME || (field !== undefined && !at.fields.includes(field))) return undefined
  // The scan reads nothing else but `_time`, which only its window needs.
  if (at.fields.some((f) => f !== field && f !== TIME)) return undefined
  const type = field === undefined ? undefined : at.schema.find((c) => c.name === field)?.type
  if (field !== undefined && type === undefined) return undefined
  return { scan: at, field, type }
}

/** Links count `node`, built over `input` (the physical operator of its input), to its scan when it can. */
export function linkStats(node: LogicalNode, input: PhysicalOperator): void {
  const link = statsTarget(node)
  if (!link) return
  let op = input
  while (op.name === 'FilterExec' && op.children.length === 1) op = op.children[0]
  if (op instanceof ScanExec && op.scan === link.scan) op.linkStats(link)
}
