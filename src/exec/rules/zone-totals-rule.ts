// exec/rules/zone-totals-rule.ts: rule `zone-totals`. A summarize without keys whose every column is
// sum(f) or avg(f) of one stored number field f (long or real), straight over a scan reading nothing
// else (the window and a pushed-down time range are the scan's), becomes a ZoneTotalsExec: blocks
// the window covers whole are added from the exact sums in their zone maps. Any other shape: no change.
import type { Aggregate, BoundExpr, LogicalNode, Scan } from '../../plan/index.ts'
import type { ZoneMap } from '../../storage/block/index.ts'
import type { TimeRange } from '../../storage/types.ts'
import type { PhysicalOperator } from '../operator.ts'
import { ScanExec } from '../ops/scan-exec.ts'
import { totalFromZone, ZoneTotalsExec } from '../ops/zone-totals-exec.ts'
import type { PhysicalRule, RuleContext } from './physical-rule.ts'

const TIME = '_time'
const KINDS: ReadonlySet<string> = new Set(['sum', 'avg'])

/** The field `e` sums or averages (a plain sum(f) / avg(f) call), or undefined. */
function summedField(e: BoundExpr): string | undefined {
  if (e.kind !== 'AggCall' || e.fn.filtered || !KINDS.has(e.fn.kernel) || e.args.length !== 1)
    return undefined
  const arg = e.args[0]
  return arg.kind === 'Column' ? arg.name : undefined
}

/** The one field a keyless Aggregate of sums/avgs over `scan` totals, when rule zone-totals applies. */
export function totalsField(node: Aggregate, scan: Scan): string | undefined {
  if (node.keys.length > 0 || node.aggregates.length === 0 || scan.rowId) return undefined
  const fields = new Set(node.aggregates.map((a) => summedField(a.expr)))
  const field = fields.size === 1 ? [...fields][0] : undefined
  if (field === undefined || field === TIME || !scan.fields.includes(field)) return undefined
  if (scan.fields.some((f) => f !== field && f !== TIME)) return undefined
  const type = scan.schema.find((c) => c.name === field)?.type
  return type === 'long' || type === 'real' ? field : undefined
}

/**
 * For planning before the operators exist (the parallel planner weighs the rows left to decode): the
 * scan under a logical node this rule would rewrite, and which of its blocks need no decoding.
 */
export function logicalTotalsTarget(
  node: LogicalNode,
): { scan: Scan; fromZone: (zm: ZoneMap, range: TimeRange) => boolean } | undefined {
  if (node.kind !== 'Aggregate' || node.input.kind !== 'Scan') return undefined
  const field = totalsField(node, node.input)
  return field === undefined
    ? undefined
    : { scan: node.input, fromZone: (zm, range) => totalFromZone(zm, range, field) }
}

function apply(op: PhysicalOperator, ctx: RuleContext): PhysicalOperator | undefined {
  const node = ctx.node
  if (!ctx.options.zoneStats || node.kind !== 'Aggregate' || op.children.length !== 1) return undefined
  const scan = op.children[0]
  if (!(scan instanceof ScanExec) || scan.modes.top || scan.modes.stats) return undefined
  const field = totalsField(node, scan.scan)
  return field === undefined ? undefined : new ZoneTotalsExec(scan.scan, node, field)
}

/** Rule `zone-totals` (see module header). Needs the planner's `zoneStats` (whole zone maps at hand). */
export const zoneTotalsRule: PhysicalRule = { name: 'zone-totals', apply }
