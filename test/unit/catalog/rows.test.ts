// test/unit/catalog/rows.test.ts: every row of every table is documented and has a usable example;
// kernel-key unions are literal (a compile-time check: tsc fails if they widen to string).

import { describe, expect, it } from 'vitest'
import {
  type AggregateKernelKey,
  aggregateRegistry,
  type CallableDef,
  describeReturn,
  EXAMPLE_DATASET,
  type KernelTable,
  type ScalarKernelKey,
  type ScalarKernelKeyOf,
  type ScalarOperatorKernelKey,
  scalarOperatorRegistry,
  scalarRegistry,
  type TabularOperatorName,
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
  it('are literal unions of the rows, per family too (compile-time)', () => {
    // These assignments fail tsc if a key union widens to `string` or loses a row.
    const keys: ScalarKernelKey[] = ['bin', 'todouble', 'strlen', 'iff', 'toint', 'replace_regex', 'reverse']
    // @ts-expect-error unknown kernel key
    const bogus: ScalarKernelKey = 'no_such_kernel'
    const strings: ScalarKernelKeyOf<'string'>[] = ['strlen', 'reverse']
    // @ts-expect-error a math key is not a string-family key
    const wrongFamily: ScalarKernelKeyOf<'string'> = 'log'
    const aggs: AggregateKernelKey[] = ['count', 'dcount', 'percentile', 'make_set', 'stdev', 'rate']
    const ops: ScalarOperatorKernelKey[] = ['eq', 'ne_ci', 'matches_regex', 'negate', 'contains_cs']
    const tab: TabularOperatorName[] = ['where', 'take', 'make-series', 'parse']
    // @ts-expect-error aliases are not canonical names
    const alias: TabularOperatorName = 'limit'
    expect([keys, bogus, strings, wrongFamily, aggs, ops, tab, alias]).toHaveLength(8)
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
  it('accepts any subset of the keys and refuses keys outside them (compile-time)', () => {
    type Small = KernelTable<'a' | 'b' | 'c', number>
    const some: Small = { a: 1 }
    const none: Small = {}
    const full: Small = { a: 1, b: 2, c: 3 }
    // @ts-expect-error a key outside the registry
    const extra: Small = { a: 1, d: 4 }
    expect([some, none, full, extra]).toHaveLength(4)
  })
})
