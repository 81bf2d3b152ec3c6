// catalog/aggregate-registry.ts: the one table of aggregation functions, assembled from aggregate/.
// Refuses duplicate names, malformed signatures and `*if` rows whose base or predicate is wrong.

import { analysisAggregates } from './aggregate/analysis.ts'
import { basicAggregates } from './aggregate/basic.ts'
import { collectionAggregates } from './aggregate/collection.ts'
import { conditionalAggregates } from './aggregate/conditional.ts'
import type { AggregateDef } from './aggregate/define.ts'
import { distributionAggregates } from './aggregate/distribution.ts'
import { percentileAggregates } from './aggregate/percentile.ts'
import { buildRegistry, CatalogError, checkCallable, type Registry } from './registry.ts'

const AGGREGATE_ROWS = [
  ...basicAggregates,
  ...conditionalAggregates,
  ...percentileAggregates,
  ...collectionAggregates,
  ...distributionAggregates,
  ...analysisAggregates,
]

type AggregateRow = (typeof AGGREGATE_ROWS)[number]

/** Every aggregation kernel key. */
export type AggregateKernelKey = AggregateRow['kernel']

/** Checks the `filtered` links of an aggregate table: the base exists and the predicate param is bool. */
export function checkFilteredLinks(registry: Registry<AggregateDef>): void {
  for (const row of registry.rows) {
    if (!row.filtered) continue
    const { base, predicateArg } = row.filtered
    if (!registry.lookup(base)) throw new CatalogError(`'${row.name}' names unknown base aggregate '${base}'`)
    for (const s of row.signatures) {
      if (s.params[predicateArg]?.accepts !== 'bool') {
        throw new CatalogError(`'${row.name}': argument ${predicateArg + 1} is not a bool predicate`)
      }
    }
  }
}

/** The aggregation table. */
export const aggregateRegistry = buildRegistry<AggregateDef<AggregateKernelKey>>(
  'aggregate function',
  AGGREGATE_ROWS,
  checkCallable,
)
checkFilteredLinks(aggregateRegistry)

/** The aggregation named `name` (canonical or alias, case-sensitive). */
export function lookupAggregate(name: string): AggregateDef<AggregateKernelKey> | undefined {
  return aggregateRegistry.lookup(name)
}

/** Every aggregation name and alias, sorted (for "did you mean"). */
export function allAggregateNames(): readonly string[] {
  return aggregateRegistry.names()
}
