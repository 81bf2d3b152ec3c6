// Every catalog row's example is valid APL: T1/T2 examples parse and bind against the
// sample-http-logs schema; T3 examples parse (the binder may refuse them as not supported yet).
import { describe, expect, it } from 'vitest'
import { aggregateRegistry, scalarRegistry, tabularOperatorRegistry } from '../../../src/catalog/index.ts'
import { compileApl } from '../../../src/plan/index.ts'
import { parseApl } from '../../../src/syntax/parse.ts'
import { SCHEMA } from '../plan/fixtures.ts'

const rows = [
  ...scalarRegistry.rows.map((r) => ['scalar', r] as const),
  ...aggregateRegistry.rows.map((r) => ['aggregate', r] as const),
  ...tabularOperatorRegistry.rows.map((r) => ['operator', r] as const),
]

describe('catalog examples', () => {
  it.each(rows.map(([kind, r]) => [`${kind} ${r.name} (${r.tier})`, r] as const))('%s', (_label, row) => {
    const parsed = parseApl(row.example)
    expect('ast' in parsed ? [] : parsed.diagnostics.map((d) => d.message)).toEqual([])
    if (row.tier === 'T3') return
    const bound = compileApl(row.example, SCHEMA)
    expect('plan' in bound ? [] : bound.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([])
  })
})
