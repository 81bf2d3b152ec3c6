// test/unit/catalog/rows.test.ts: every row of every table is documented and has a usable example;
// kernel-key unions are literal (a compile-time check: tsc fails if they widen to string).

import { describe, expect, it } from 'vitest'
import {
  aggregateRegistry,
  type CallableDef,
  describeReturn,
  EXAMPLE_DATASET,
  type KernelTable,
  type RequiredAggregateKernelKey,
  type RequiredScalarKernelKey,
  type RequiredScalarOperatorKernelKey,
  type RequiredTabularOperatorName,
  type ScalarKernelKey,
  scalarOperatorRegistry,
  scalarRegistry,
  tabularOperatorRegistry,
} from '../../../src/catalog/index.ts'

const callables: [string, readonly CallableDef[]][] = [
  ['scalar', scalarRegistry.rows],
  ['aggregate', aggregateRegistry.rows],
  ['operator', scalarOperatorRegistry.rows],
]

describe.each(callables)('%s rows', (_kind, rows) => {
  it.each(rows.map((r) => [r.name, r] as const))('%s is documented', (_name, row) => {
    expect(row.description.length).toBeGreaterThan(8)
    expect(row.example.startsWith(`['${EXAMPLE_DATASET}'] | `)).toBe(true)
    expect(describeReturn(row).length).toBeGreaterThan(0)
  })
})

describe('examples use the row they illustrate', () => {
  it.each(scalarRegistry.rows.map((r) => [r.name, r] as const))('%s', (name, row) => {
    expect(row.example).toContain(`${name}(`)
  })

  it.each(aggregateRegistry.rows.map((r) => [r.name, r] as const))('%s', (name, row) => {
    expect(row.example).toMatch(new RegExp(`summarize .*\\b${name}\\(`))
  })

  it.each(scalarOperatorRegistry.rows.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    expect(row.example).toContain(row.symbol)
  })

  it.each(tabularOperatorRegistry.rows.map((r) => [r.name, r] as const))('%s', (name, row) => {
    expect(row.example).toContain(name)
    if (row.position !== 'source') expect(row.example.startsWith(`['${EXAMPLE_DATASET}'] | `)).toBe(true)
  })
})

describe('kernel keys', () => {
  it('T3 rows are the only ones the executor may leave without a kernel', () => {
    // Compile-time: these assignments fail tsc if a key union widens to `string` or loses a row.
    const required: RequiredScalarKernelKey[] = ['bin', 'todouble', 'strlen', 'iff', 'toint']
    const optional: ScalarKernelKey = 'replace_regex'
    // @ts-expect-error T3 kernels are not required
    const notRequired: RequiredScalarKernelKey = 'reverse'
    // @ts-expect-error unknown kernel key
    const bogus: ScalarKernelKey = 'no_such_kernel'
    const aggs: RequiredAggregateKernelKey[] = ['count', 'dcount', 'percentile', 'make_set']
    // @ts-expect-error T3 aggregate
    const aggT3: RequiredAggregateKernelKey = 'stdev'
    const ops: RequiredScalarOperatorKernelKey[] = ['eq', 'ne_ci', 'matches_regex', 'negate']
    // @ts-expect-error T3 operator
    const opT3: RequiredScalarOperatorKernelKey = 'contains_cs'
    const tab: RequiredTabularOperatorName[] = ['where', 'take', 'make-series']
    // @ts-expect-error aliases are not canonical names
    const alias: RequiredTabularOperatorName = 'limit'
    expect([required, optional, notRequired, bogus, aggs, aggT3, ops, opT3, tab, alias]).toHaveLength(10)
  })

  it('every T1/T2 kernel key appears in the rows (runtime mirror of the type)', () => {
    const keys = new Set(scalarRegistry.rows.filter((r) => r.tier !== 'T3').map((r) => r.kernel))
    for (const k of ['bin', 'bin_auto', 'todouble', 'strlen', 'iff', 'case', 'not']) expect(keys).toContain(k)
  })

  it('aliases share their row kernel (toreal runs todouble)', () => {
    expect(scalarRegistry.lookup('toreal')?.kernel).toBe('todouble')
    expect(scalarRegistry.lookup('replace')?.kernel).toBe('replace_regex')
  })
})

describe('flags', () => {
  it('marks clock-reading and random functions volatile, and only those', () => {
    const volatile = scalarRegistry.rows.filter((r) => r.volatile).map((r) => r.name)
    expect(volatile.sort()).toEqual(['ago', 'now', 'rand'])
  })

  it('restricts bin_auto to summarize keys', () => {
    expect(scalarRegistry.lookup('bin_auto')?.placement).toBe('summarize-by')
    expect(scalarRegistry.rows.filter((r) => r.placement).map((r) => r.name)).toEqual(['bin_auto'])
  })

  it('makes regex arguments constant-only', () => {
    for (const name of ['extract', 'replace_regex', 'countof_regex']) {
      expect(scalarRegistry.lookup(name)?.signatures[0].params[0]).toMatchObject({
        name: 'regex',
        constant: true,
      })
    }
    expect(scalarOperatorRegistry.lookup('matches regex')?.signatures[0].params[1].constant).toBe(true)
  })
})

describe('KernelTable', () => {
  it('requires T1/T2 keys and allows T3 keys to be missing (compile-time)', () => {
    type Small = KernelTable<'a' | 'b' | 'c', 'a' | 'b', number>
    const ok: Small = { a: 1, b: 2 }
    const full: Small = { a: 1, b: 2, c: 3 }
    // @ts-expect-error a required key is missing
    const missing: Small = { a: 1 }
    // @ts-expect-error a key outside the registry
    const extra: Small = { a: 1, b: 2, d: 4 }
    expect([ok, full, missing, extra]).toHaveLength(4)
  })
})
