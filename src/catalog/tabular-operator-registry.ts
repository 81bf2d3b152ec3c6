// catalog/tabular-operator-registry.ts: the one table of tabular operators; refuses duplicate names
// and aliases at module load. `TabularOperatorName` is derived from the rows.

import type { TabularOperatorDef } from './operators/tabular-define.ts'
import { tabularOperators } from './operators/tabular-operators.ts'
import { buildRegistry } from './registry.ts'

type TabularRow = (typeof tabularOperators)[number]

/** Canonical names of all tabular operators. */
export type TabularOperatorName = TabularRow['name']

/** The tabular operator table. */
export const tabularOperatorRegistry = buildRegistry<TabularOperatorDef<TabularOperatorName>>(
  'tabular operator',
  tabularOperators,
)

/** The tabular operator named `name` (canonical or alias: `limit` → take), case-sensitive. */
export function lookupTabularOperator(name: string): TabularOperatorDef<TabularOperatorName> | undefined {
  return tabularOperatorRegistry.lookup(name)
}

/** Every tabular operator name and alias, sorted (for "did you mean"). */
export function allTabularOperatorNames(): readonly string[] {
  return tabularOperatorRegistry.names()
}
