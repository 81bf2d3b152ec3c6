// ops/top-n-plan.ts: builds a TopNExec and, when its input is filters over one scan, the TopLink
// both ends share: a bound for a single plain long/real/datetime key column (top-bound.ts) and the
// columns the scan may leave for the end (late-columns.ts). Any other input: a plain TopNExec.

import { collectColumns } from '../../plan/expr-walk.ts'
import type { BoundExpr, LogicalNode, Scan, SortKey } from '../../plan/index.ts'
import type { EvalScope } from '../eval/evaluate.ts'
import type { PhysicalOperator } from '../operator.ts'
import { LateColumns } from './late-columns.ts'
import { ScanExec } from './scan-exec.ts'
import { type BoundKind, TopBound } from './top-bound.ts'
import { TopLink } from './top-link.ts'
import { TopNExec } from './top-n-exec.ts'

/** The virtual row-id column: built from `_time` by the scan, never fetched late. */
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

/** Early fields (what the keys and filters read) and the other columns of `scan`, read late. */
export function lateFor(
  scan: Scan,
  keys: readonly SortKey[],
  predicates: readonly BoundExpr[],
): LateColumns | undefined {
  const used = new Set<string>()
  for (const k of keys) collectColumns(k.expr, used)
  for (const p of predicates) collectColumns(p, used)
  // The row id is built from `_time` as the block is read.
  if (scan.rowId) used.add('_time').add(ROW_ID)
  const early = new Set(scan.fields.filter((f) => used.has(f)))
  const late: number[] = []
  scan.schema.forEach((c, i) => {
    if (c.name !== ROW_ID && scan.fields.includes(c.name) && !early.has(c.name)) late.push(i)
  })
  return late.length > 0 ? new LateColumns(late, early) : undefined
}

/** The scan under `physical` through FilterExecs, when it is the operator of logical `scan`. */
function scanBelow(physical: PhysicalOperator, scan: Scan): ScanExec | undefined {
  let op = physical
  while (op.name === 'FilterExec' && op.children.length === 1) op = op.children[0]
  return op instanceof ScanExec && op.scan === scan ? op : undefined
}

/**
 * A TopNExec over `physical` (the operator of logical `input`), linked to the scan below when
 * `input` is filters over a scan (see module header). `prune` false (the run's row cap, whose
 * matching rows must all be counted): no bound, only late columns.
 */
export function planTopN(
  input: LogicalNode,
  physical: PhysicalOperator,
  keys: readonly SortKey[],
  scope: EvalScope,
  count: number,
  prune = true,
): TopNExec {
  const predicates: BoundExpr[] = []
  let at = input
  while (at.kind === 'Filter') {
    predicates.push(at.predicate)
    at = at.input
  }
  const scanOp = at.kind === 'Scan' && count > 0 ? scanBelow(physical, at) : undefined
  if (!scanOp) return new TopNExec(physical, keys, scope, count)
  const bound = prune ? boundFor(keys, scanOp.scan) : undefined
  const link = new TopLink(bound, lateFor(scanOp.scan, keys, predicates))
  if (!link.bound && !link.late) return new TopNExec(physical, keys, scope, count)
  scanOp.linkTop(link)
  return new TopNExec(physical, keys, scope, count, link)
}
