// test/unit/catalog/aggregates.test.ts: wire names (api-contract §1.4), estimation flags,
// empty-input results and *if links of the aggregate rows.

import { describe, expect, it } from 'vitest'
import { AGG_WIRE_NAMES, aggregateRegistry, lookupAggregate } from '../../../src/catalog/index.ts'

describe('wire names', () => {
  it.each([
    ['count', 'count'],
    ['countif', 'countif'],
    ['dcount', 'distinct'],
    ['dcountif', 'distinctif'],
    ['sum', 'sum'],
    ['avg', 'avg'],
    ['min', 'min'],
    ['max', 'max'],
    ['topk', 'topk'],
    ['percentile', 'percentiles'],
    ['percentiles_array', 'percentiles'],
    ['percentileif', 'percentilesif'],
    ['make_set', 'makeset'],
    ['make_set_if', 'makesetif'],
    ['make_list', 'makelist'],
    ['make_list_if', 'makelistif'],
    ['histogram', 'histogram'],
    ['stdev', 'stdev'],
    ['variance', 'variance'],
    // The Go whitelist spells these without the underscore (api-contract.md §1.4).
    ['arg_max', 'argmax'],
    ['arg_min', 'argmin'],
  ])('%s → %s', (name, wire) => {
    expect(lookupAggregate(name)?.wireName).toBe(wire)
  })

  it('uses only names the Go client accepts', () => {
    for (const row of aggregateRegistry.rows) expect(AGG_WIRE_NAMES).toContain(row.wireName)
  })

  it('maps every other function to its own name', () => {
    const renamed = new Set([
      'dcount',
      'dcountif',
      'percentile',
      'percentiles_array',
      'percentileif',
      'arg_max',
      'arg_min',
      // No wire name of its own in the closed list: the generic `computed`.
      'phrases',
    ])
    for (const row of aggregateRegistry.rows) {
      if (renamed.has(row.name) || row.name.startsWith('make_') || row.name.startsWith('percentiles_'))
        continue
      expect(row.wireName).toBe(row.name)
    }
  })
})

describe('row metadata', () => {
  it('marks the documented estimates (dcount*, percentile*, topk*, histogram*, phrases, spotlight) and nothing else', () => {
    const estimated = aggregateRegistry.rows.filter((r) => r.estimated).map((r) => r.name)
    for (const name of estimated)
      expect(name).toMatch(/^(dcount|percentile|topk|histogram|phrases$|spotlight$)/)
    expect(estimated).toEqual(expect.arrayContaining(['dcount', 'dcountif', 'percentile', 'topk']))
  })

  it('gives 0 for counts and sums, [] for lists and sets, null otherwise (apl-reference §6)', () => {
    expect(lookupAggregate('count')?.onEmpty).toBe('zero')
    expect(lookupAggregate('dcount')?.onEmpty).toBe('zero')
    expect(lookupAggregate('sumif')?.onEmpty).toBe('zero')
    expect(lookupAggregate('make_list')?.onEmpty).toBe('emptyArray')
    expect(lookupAggregate('avg')?.onEmpty).toBe('null')
    expect(lookupAggregate('max')?.onEmpty).toBe('null')
  })

  it('links each T2 *if aggregate to its base and its bool predicate', () => {
    for (const [name, base, arg] of [
      ['countif', 'count', 0],
      ['sumif', 'sum', 1],
      ['avgif', 'avg', 1],
      ['minif', 'min', 1],
      ['maxif', 'max', 1],
      ['dcountif', 'dcount', 1],
    ] as const) {
      expect(lookupAggregate(name)?.filtered).toEqual({ base, predicateArg: arg })
    }
  })

  it('makes percentile p and topk k constant-only, p within 0..100', () => {
    const p = lookupAggregate('percentile')?.signatures[0].params[1]
    expect(p).toMatchObject({ constant: true, range: [0, 100] })
    expect(lookupAggregate('topk')?.signatures[0].params[1].constant).toBe(true)
  })
})
