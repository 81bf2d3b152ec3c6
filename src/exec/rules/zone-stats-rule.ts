// exec/rules/zone-stats-rule.ts: rule `zone-stats`. A count (CountExec, or an AggregateExec of plain
// `count()`s) over filters over a scan, whose predicates and keys read at most one stored field and
// give each row a result from that row's value alone, gets a scan built in stats mode: a block the
// window covers whole may then be answered from its zone map (scan/block-stats.ts), as weighted
// distinct-value rows (Batch.weights) that the filters narrow and the count sums. Any other shape: no change.
import { collectColumns, exprChildren, variesPerRow } from '../../plan/expr-walk.ts'
import type { BoundExpr, LogicalNode, Scan } from '../../plan/index.ts'
import type { PhysicalOperator } from '../operator.ts'
import { ScanExec } from '../ops/scan-exec.ts'
import type { FieldColumnType } from '../scan/field-vec.ts'
import { filteredScan, overScan, type PhysicalRule, type RuleContext } from './physical-rule.ts'

/** What a scan in stats mode may answer from zone maps: the rows' values of one field, or only their number. */
export interface StatsMode {
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

/** The stats mode for a count evaluating `exprs` (keys and predicates) per row of `scan`, or undefined. */
export function statsModeFor(exprs: readonly BoundExpr[], scan: Scan): StatsMode | undefined {
  if (scan.rowId || !exprs.every(perValue)) return undefined
  const used = new Set<string>()
  for (const e of exprs) collectColumns(e, used)
  if (used.size > 1) return undefined
  const field = used.size === 1 ? [...used][0] : undefined
  if (field === TIME || (field !== undefined && !scan.fields.includes(field))) return undefined
  // The scan reads nothing else but `_time`, which only its window needs.
  if (scan.fields.some((f) => f !== field && f !== TIME)) return undefined
  const type = field === undefined ? undefined : scan.schema.find((c) => c.name === field)?.type
  if (field !== undefined && type === undefined) return undefined
  return { field, type }
}

/**
 * The scan and stats mode a logical count node (CountRows, or an Aggregate of plain counts over
 * filters over a scan) would get from this rule; for planning before the operators exist (the
 * parallel planner weighs the rows left to decode).
 */
export function logicalStatsTarget(node: LogicalNode): { scan: Scan; mode: StatsMode } | undefined {
  const keys = countKeys(node)
  if (!keys) return undefined
  const exprs = [...keys]
  let at = (node as { input: LogicalNode }).input
  while (at.kind === 'Filter') {
    exprs.push(at.predicate)
    at = at.input
  }
  const mode = at.kind === 'Scan' ? statsModeFor(exprs, at) : undefined
  return mode && at.kind === 'Scan' ? { scan: at, mode } : undefined
}

function apply(op: PhysicalOperator, ctx: RuleContext): PhysicalOperator | undefined {
  const keys = ctx.options.zoneStats ? countKeys(ctx.node) : undefined
  const chain = keys && op.children.length === 1 ? filteredScan(op.children[0]) : undefined
  if (!keys || !chain || chain.scan.modes.stats) return undefined
  const mode = statsModeFor([...keys, ...chain.filters.map((f) => f.predicate)], chain.scan.scan)
  if (!mode) return undefined
  const scan = new ScanExec(chain.scan.scan, { ...chain.scan.modes, stats: mode })
  return ctx.rebuild([overScan(chain, scan)])
}

/** Rule `zone-stats` (see module header). Needs the planner's `zoneStats` (whole zone maps at hand). */
export const zoneStatsRule: PhysicalRule = { name: 'zone-stats', apply }
