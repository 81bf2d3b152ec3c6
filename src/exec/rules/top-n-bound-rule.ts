// exec/rules/top-n-bound-rule.ts: rule `top-n-bound` (a dynamic filter, as DuckDB's top-N pushes its
// heap boundary into the scan). A TopN of one plain long/real/datetime stored key over filters over a
// scan gets a TopBound, shared by the TopN (which moves it as its heap root moves) and a scan rebuilt
// to prune blocks by it and visit them best first (ops/top-bound.ts). Not for the run's row cap,
// whose matching rows must all be counted.
import type { Scan, SortKey } from '../../plan/index.ts'
import type { PhysicalOperator } from '../operator.ts'
import { ScanExec } from '../ops/scan-exec.ts'
import { type BoundKind, TopBound } from '../ops/top-bound.ts'
import { TopLink } from '../ops/top-link.ts'
import { TopNExec } from '../ops/top-n-exec.ts'
import { filteredScan, overScan, type PhysicalRule, type RuleContext } from './physical-rule.ts'

/** The virtual row-id column: built from `_time` by the scan. */
const ROW_ID = '_rowId'

/** Bound layouts by the key column's type (other types keep no bound). */
const BOUND_KINDS: Readonly<Record<string, BoundKind>> = { long: 'num', real: 'num', datetime: 'time' }

/** The bound for `keys` over `scan`: one key that is a plain stored column of a bound type. */
export function boundFor(keys: readonly SortKey[], scan: Scan): TopBound | undefined {
  if (keys.length !== 1) return undefined
  const { expr, descending, nullsFirst } = keys[0]
  if (expr.kind !== 'Column' || expr.name === ROW_ID || !scan.fields.includes(expr.name)) return undefined
  const column = scan.schema.find((c) => c.name === expr.name)
  const kind = column ? BOUND_KINDS[column.type] : undefined
  return kind && column?.type === expr.type
    ? new TopBound(expr.name, kind, descending, nullsFirst)
    : undefined
}

function apply(op: PhysicalOperator, ctx: RuleContext): PhysicalOperator | undefined {
  if (!(op instanceof TopNExec) || op.count <= 0 || op.link?.bound || ctx.options.rowCap === ctx.node)
    return undefined
  const chain = filteredScan(op.input)
  const bound = chain && boundFor(op.keys, chain.scan.scan)
  if (!chain || !bound) return undefined
  const link = new TopLink(bound, op.link?.late)
  const scan = new ScanExec(chain.scan.scan, { ...chain.scan.modes, top: link })
  return op.withInput(overScan(chain, scan), link)
}

/** Rule `top-n-bound` (see module header). */
export const topNBoundRule: PhysicalRule = { name: 'top-n-bound', apply }
