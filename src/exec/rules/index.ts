// exec/rules/index.ts: the physical-optimizer rules in the order they run over each operator as the
// physical planner builds it (bottom-up, so a rule rebuilds only the subtree under the operator).

import { lateMaterializationRule } from './late-materialization-rule.ts'
import type { PhysicalRule } from './physical-rule.ts'
import { topNBoundRule } from './top-n-bound-rule.ts'
import { windowTimeRule } from './window-time-rule.ts'
import { zoneStatsRule } from './zone-stats-rule.ts'
import { zoneTotalsRule } from './zone-totals-rule.ts'

export { applyRules, type PhysicalRule, type RuleContext } from './physical-rule.ts'

/**
 * Every rule, in order: a TopN's bound is chosen before its late columns (both share one TopLink);
 * window-time last, so it never rebuilds a scan another rule has linked.
 */
export const PHYSICAL_RULES: readonly PhysicalRule[] = [
  zoneStatsRule,
  zoneTotalsRule,
  topNBoundRule,
  lateMaterializationRule,
  windowTimeRule,
]
