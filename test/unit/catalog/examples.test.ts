// Every catalog row's example is valid APL: every example parses, and the example of every row the
// engine runs binds against the sample-http-logs schema with the engine's capabilities (rows it does
// not run yet may be refused with APL0307, and only with that).
import { describe, expect, it } from 'vitest'
import { aggregateRegistry, scalarRegistry, tabularOperatorRegistry } from '../../../src/catalog/index.ts'
import { ENGINE_CAPABILITIES as ENGINE } from '../../../src/exec/capabilities.ts'
import { bindsTabularOperator, compileApl } from '../../../src/plan/index.ts'
import { parseApl } from '../../../src/syntax/parse.ts'
import { SCHEMA } from '../plan/fixtures.ts'

const rows = [
  ...scalarRegistry.rows.map((r) => ['scalar', r, ENGINE.scalar(r)] as const),
  ...aggregateRegistry.rows.map((r) => ['aggregate', r, ENGINE.aggregate(r)] as const),
  ...tabularOperatorRegistry.rows.map((r) => ['operator', r, bindsTabularOperator(r.name)] as const),
]

describe('catalog examples', () => {
  it.each(
    rows.map(
      ([kind, r, runs]) => [`${kind} ${r.name} (${runs ? 'supported' : 'unsupported'})`, r, runs] as const,
    ),
  )('%s', (_label, row, runs) => {
    const parsed = parseApl(row.example)
    expect('ast' in parsed ? [] : parsed.diagnostics.map((d) => d.message)).toEqual([])
    const bound = compileApl(row.example, SCHEMA, { capabilities: ENGINE })
    const errors = 'plan' in bound ? [] : bound.diagnostics.map((d) => `${d.code} ${d.message}`)
    if (runs) expect(errors).toEqual([])
    else expect(errors.every((e) => e.startsWith('APL0307'))).toBe(true)
  })
})
