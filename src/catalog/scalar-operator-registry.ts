// catalog/scalar-operator-registry.ts: the one table of scalar operators (comparison, arithmetic,
// logical, string, set, range). Refuses duplicates and dangling `negates` links at module load.

import { comparisonOperators } from './operators/comparison-operators.ts'
import type { ScalarOperatorDef } from './operators/scalar-define.ts'
import { stringOperators } from './operators/string-operators.ts'
import { buildRegistry, CatalogError, checkCallable, type Registry } from './registry.ts'

const SCALAR_OPERATOR_ROWS = [...comparisonOperators, ...stringOperators]

type ScalarOperatorRow = (typeof SCALAR_OPERATOR_ROWS)[number]

/** Every scalar-operator kernel key. */
export type ScalarOperatorKernelKey = ScalarOperatorRow['kernel']

/** Checks every `negates` link names an existing row of the same group (so the same argument shape). */
export function checkNegations(registry: Registry<ScalarOperatorDef>): void {
  for (const row of registry.rows) {
    if (row.negates === undefined) continue
    const base = registry.lookup(row.negates)
    if (!base || base.group !== row.group) {
      throw new CatalogError(`operator '${row.name}' negates unknown or unlike operator '${row.negates}'`)
    }
  }
}

/** The scalar operator table, keyed by name (the symbol, except `negate` for unary minus). */
export const scalarOperatorRegistry = buildRegistry<ScalarOperatorDef<ScalarOperatorKernelKey>>(
  'scalar operator',
  SCALAR_OPERATOR_ROWS,
  checkCallable,
)
checkNegations(scalarOperatorRegistry)

const PREFIX = new Map(
  scalarOperatorRegistry.rows.filter((r) => r.fixity === 'prefix').map((r) => [r.symbol, r]),
)

/** The infix operator written `symbol` (`==`, `<>`, `matches regex`), alias-aware. */
export function lookupScalarOperator(symbol: string): ScalarOperatorDef<ScalarOperatorKernelKey> | undefined {
  const row = scalarOperatorRegistry.lookup(symbol)
  return row?.fixity === 'infix' ? row : undefined
}

/** The prefix operator written `symbol` (`-` → negate, `not`). */
export function lookupPrefixOperator(symbol: string): ScalarOperatorDef<ScalarOperatorKernelKey> | undefined {
  return PREFIX.get(symbol)
}

/** Every scalar operator name and alias, sorted. */
export function allScalarOperatorNames(): readonly string[] {
  return scalarOperatorRegistry.names()
}
