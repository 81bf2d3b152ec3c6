// exec/rules/late-materialization-rule.ts: rule `late-materialization`. A TopN over filters over a scan
// gets a scan rebuilt to decode only what the keys and filters read; the other columns of a block are
// fetched (ops/late-columns.ts) for the rows the TopN keeps, through the source the scan records for
// each batch it yields (the TopLink both share).
import { collectColumns } from '../../plan/expr-walk.ts'
import type { BoundExpr, Scan, SortKey } from '../../plan/index.ts'
import type { PhysicalOperator } from '../operator.ts'
import { LateColumns } from '../ops/late-columns.ts'
import { ScanExec } from '../ops/scan-exec.ts'
import { TopLink } from '../ops/top-link.ts'
import { TopNExec } from '../ops/top-n-exec.ts'
import { filteredScan, overScan, type PhysicalRule } from './physical-rule.ts'

/** The virtual row-id column: built from `_time` by the scan, never fetched late. */
const ROW_ID = '_rowId'

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

function apply(op: PhysicalOperator): PhysicalOperator | undefined {
  if (!(op instanceof TopNExec) || op.count <= 0 || op.link?.late) return undefined
  const chain = filteredScan(op.input)
  const late =
    chain &&
    lateFor(
      chain.scan.scan,
      op.keys,
      chain.filters.map((f) => f.predicate),
    )
  if (!chain || !late) return undefined
  const link = new TopLink(op.link?.bound, late)
  const scan = new ScanExec(chain.scan.scan, { ...chain.scan.modes, top: link })
  return op.withInput(overScan(chain, scan), link)
}

/** Rule `late-materialization` (see module header). */
export const lateMaterializationRule: PhysicalRule = { name: 'late-materialization', apply }
