// exec/rules/window-time-rule.ts: rule `window-time`. The scan under a summarize reads `_time` for the
// query window even when nothing above reads it (`summarize avg(x) by k`): a block the window covers
// whole then decodes and converts a `_time` column it never uses. When neither the summarize (keys,
// aggregations, legacy time buckets) nor the filters between it and the scan read `_time`, the scan is
// rebuilt to read `_time` only for blocks the window cuts (to drop their rows outside it).
import { collectColumns } from '../../plan/expr-walk.ts'
import type { Aggregate } from '../../plan/index.ts'
import type { PhysicalOperator } from '../operator.ts'
import { ScanExec } from '../ops/scan-exec.ts'
import { filteredScan, overScan, type PhysicalRule, type RuleContext } from './physical-rule.ts'

const TIME = '_time'

/** True when `node`'s keys, aggregations or time buckets read `_time`. */
function readsTime(node: Aggregate): boolean {
  if (node.timeBucket !== null) return true
  const used = new Set<string>()
  for (const k of node.keys) collectColumns(k.expr, used)
  for (const a of node.aggregates) collectColumns(a.expr, used)
  return used.has(TIME)
}

function apply(op: PhysicalOperator, ctx: RuleContext): PhysicalOperator | undefined {
  const node = ctx.node
  if (node.kind !== 'Aggregate' || op.children.length !== 1 || readsTime(node)) return undefined
  const chain = filteredScan(op.children[0])
  if (!chain) return undefined
  const { scan } = chain
  const modes = scan.modes
  if (modes.top || modes.stats || modes.windowTime || scan.scan.rowId || !scan.scan.fields.includes(TIME))
    return undefined
  const used = new Set<string>()
  for (const f of chain.filters) collectColumns(f.predicate, used)
  if (used.has(TIME)) return undefined
  return ctx.rebuild([overScan(chain, new ScanExec(scan.scan, { ...modes, windowTime: true }))])
}

/** Rule `window-time` (see module header). */
export const windowTimeRule: PhysicalRule = { name: 'window-time', apply }
