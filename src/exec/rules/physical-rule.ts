// exec/rules/physical-rule.ts: the physical-optimizer rule contract and the one shape the rules here
// look for (filters over a scan). A rule is a pure function from an operator, just built, to the
// operator to use instead (a rebuilt subtree, never a mutated one), or undefined when it does not apply.
import type { LogicalNode } from '../../plan/index.ts'
import type { PhysicalOperator } from '../operator.ts'
import { FilterExec } from '../ops/filter-exec.ts'
import { ScanExec } from '../ops/scan-exec.ts'
import type { PhysicalOptions } from '../physical-planner.ts'

/** What a rule sees besides the operator: the logical node it was built from and the planner's options. */
export interface RuleContext {
  readonly node: LogicalNode
  readonly options: PhysicalOptions
  /** The node's operator built again over other children (the node's own builder). */
  readonly rebuild: (kids: readonly PhysicalOperator[]) => PhysicalOperator
}

/** A named physical-optimizer rule (see module header); its name is what `explain` shows when it fired. */
export interface PhysicalRule {
  readonly name: string
  readonly apply: (op: PhysicalOperator, ctx: RuleContext) => PhysicalOperator | undefined
}

/** A scan and the filters over it, top first. */
export interface FilteredScan {
  readonly filters: readonly FilterExec[]
  readonly scan: ScanExec
}

/** `op` as filters over a scan, or undefined for any other subtree. */
export function filteredScan(op: PhysicalOperator): FilteredScan | undefined {
  const filters: FilterExec[] = []
  let at = op
  while (at instanceof FilterExec) {
    filters.push(at)
    at = at.input
  }
  return at instanceof ScanExec ? { filters, scan: at } : undefined
}

/** The filters of `chain` rebuilt, in the same order, over `scan`. */
export function overScan(chain: FilteredScan, scan: ScanExec): PhysicalOperator {
  let op: PhysicalOperator = scan
  for (let i = chain.filters.length - 1; i >= 0; i--) op = chain.filters[i].withInput(op)
  return op
}

/** `op` after every rule of `rules` in order (each sees what the previous ones made). */
export function applyRules(
  rules: readonly PhysicalRule[],
  op: PhysicalOperator,
  node: LogicalNode,
  options: PhysicalOptions,
  rebuildWith: (kids: readonly PhysicalOperator[]) => PhysicalOperator,
): PhysicalOperator {
  const ctx: RuleContext = { node, options, rebuild: rebuildWith }
  let out = op
  for (const rule of rules) out = rule.apply(out, ctx) ?? out
  return out
}
