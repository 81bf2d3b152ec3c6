// test/unit/catalog/apl-types.test.ts: type names and aliases, wire names, storage mapping, classes.

import { describe, expect, it } from 'vitest'
import {
  APL_TYPES,
  allAplTypeNames,
  aplTypeOfStorage,
  aplTypeOfStorageTypes,
  describeTypeSpec,
  parseAplTypeName,
  typesOf,
  wireTypeName,
} from '../../../src/catalog/index.ts'

describe('type names', () => {
  it.each([
    ['int', 'long'],
    ['long', 'long'],
    ['double', 'real'],
    ['real', 'real'],
    ['boolean', 'bool'],
    ['bool', 'bool'],
    ['date', 'datetime'],
    ['time', 'timespan'],
    ['string', 'string'],
    ['dynamic', 'dynamic'],
  ])('%s → %s', (name, type) => {
    expect(parseAplTypeName(name)).toBe(type)
  })

  it('refuses unknown, case-changed and internal names', () => {
    expect(parseAplTypeName('Long')).toBeUndefined()
    expect(parseAplTypeName('unknown')).toBeUndefined()
    expect(parseAplTypeName('guid')).toBeUndefined()
  })

  it('lists every writable name', () => {
    expect([...allAplTypeNames()].sort()).toEqual([
      'bool',
      'boolean',
      'date',
      'datetime',
      'double',
      'dynamic',
      'int',
      'long',
      'real',
      'string',
      'time',
      'timespan',
    ])
  })
})

describe('wire names (api-contract §1.3)', () => {
  it.each([
    ['bool', 'boolean'],
    ['long', 'integer'],
    ['real', 'float'],
    ['string', 'string'],
    ['datetime', 'datetime'],
    ['timespan', 'timespan'],
    ['dynamic', 'array'],
    ['unknown', 'unknown'],
  ] as const)('%s → %s', (type, wire) => {
    expect(wireTypeName(type)).toBe(wire)
  })

  it('covers every APL type', () => {
    for (const t of APL_TYPES) expect(wireTypeName(t)).toBeTypeOf('string')
  })
})

describe('storage types', () => {
  it.each([
    ['string', 'string'],
    ['integer', 'long'],
    ['float', 'real'],
    ['boolean', 'bool'],
    ['datetime', 'datetime'],
    ['array', 'dynamic'],
  ] as const)('%s → %s', (storage, apl) => {
    expect(aplTypeOfStorage(storage)).toBe(apl)
  })

  it('widens integer|float to real and makes other mixes unknown', () => {
    expect(aplTypeOfStorageTypes(['integer', 'float'])).toBe('real')
    expect(aplTypeOfStorageTypes(['float'])).toBe('real')
    expect(aplTypeOfStorageTypes(['string', 'integer'])).toBe('unknown')
    expect(aplTypeOfStorageTypes([])).toBe('unknown')
    expect(aplTypeOfStorageTypes(['string', 'string'])).toBe('string')
  })
})

describe('type specs', () => {
  it('expands classes and lists', () => {
    expect(typesOf('numeric')).toEqual(['long', 'real'])
    expect(typesOf('string')).toEqual(['string'])
    expect(typesOf(['long', 'timespan'])).toEqual(['long', 'timespan'])
    expect(typesOf('any')).not.toContain('unknown')
  })

  it('describes specs for messages', () => {
    expect(describeTypeSpec('numeric')).toBe('numeric')
    expect(describeTypeSpec(['long', 'real'])).toBe('long or real')
    expect(describeTypeSpec(['datetime'])).toBe('datetime')
  })
})
