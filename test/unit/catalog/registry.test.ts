// test/unit/catalog/registry.test.ts: registry construction refuses duplicates and malformed rows;
// lookups are alias-aware and case-sensitive.

import { describe, expect, it } from 'vitest'
import { checkFilteredLinks } from '../../../src/catalog/aggregate-registry.ts'
import {
  aggregateRegistry,
  allAggregateNames,
  allScalarNames,
  allScalarOperatorNames,
  allTabularOperatorNames,
  CatalogError,
  lookupAggregate,
  lookupScalar,
  lookupScalarOperator,
  lookupTabularOperator,
  scalarOperatorRegistry,
  scalarRegistry,
  tabularOperatorRegistry,
} from '../../../src/catalog/index.ts'
import { buildRegistry, checkCallable } from '../../../src/catalog/registry.ts'
import { checkNegations } from '../../../src/catalog/scalar-operator-registry.ts'
import { fixed, opt, param, sameAsArg, sig, variadic } from '../../../src/catalog/signature.ts'

const row = (name: string, aliases: string[] = []) => ({ name, aliases })

describe('buildRegistry', () => {
  it('refuses a repeated name', () => {
    expect(() => buildRegistry('thing', [row('a'), row('a')])).toThrow(CatalogError)
    expect(() => buildRegistry('thing', [row('a'), row('a')])).toThrow("duplicate thing name 'a'")
  })

  it('refuses an alias that repeats a name, and a repeated alias', () => {
    expect(() => buildRegistry('thing', [row('a'), row('b', ['a'])])).toThrow(/duplicate thing name 'a'/)
    expect(() => buildRegistry('thing', [row('a', ['x']), row('b', ['x'])])).toThrow(
      /duplicate thing name 'x'/,
    )
    expect(() => buildRegistry('thing', [row('a', ['a'])])).toThrow(CatalogError)
  })

  it('refuses empty names', () => {
    expect(() => buildRegistry('thing', [row('')])).toThrow(CatalogError)
  })

  it('looks up names and aliases case-sensitively, and not through the prototype', () => {
    const r = buildRegistry('thing', [row('alpha', ['al'])])
    expect(r.lookup('al')?.name).toBe('alpha')
    expect(r.lookup('Alpha')).toBeUndefined()
    expect(r.lookup('constructor')).toBeUndefined()
    expect(r.names()).toEqual(['al', 'alpha'])
  })
})

describe('checkCallable', () => {
  const base = { name: 'f', aliases: [], description: '', example: '', tier: 'T3', kernel: 'f' } as const

  it('accepts well-formed rows', () => {
    expect(() =>
      checkCallable({
        ...base,
        signatures: [sig(param('x', 'long'), opt('y', 'long'))],
        returns: sameAsArg(0),
      }),
    ).not.toThrow()
  })

  it('refuses rows without signatures', () => {
    expect(() => checkCallable({ ...base, signatures: [], returns: fixed('long') })).toThrow(/no signatures/)
  })

  it('refuses a required parameter after an optional one', () => {
    const bad = sig(opt('x', 'long'), param('y', 'long'))
    expect(() => checkCallable({ ...base, signatures: [bad], returns: fixed('long') })).toThrow(/optional/)
  })

  it('refuses an arg return rule past the required parameters', () => {
    const s = sig(opt('x', 'long'))
    expect(() => checkCallable({ ...base, signatures: [s], returns: sameAsArg(0) })).toThrow(/return rule/)
  })

  it('refuses a malformed repeating group', () => {
    const s = variadic([], [param('x', 'long')], 3, 2)
    expect(() => checkCallable({ ...base, signatures: [s], returns: fixed('long') })).toThrow(
      /repeating group/,
    )
  })
})

describe('cross-row links', () => {
  it('refuses an *if aggregate whose base is missing', () => {
    const reg = buildRegistry(
      'aggregate function',
      aggregateRegistry.rows.filter((r) => r.name !== 'sum'),
    )
    expect(() => checkFilteredLinks(reg)).toThrow(/unknown base aggregate 'sum'/)
  })

  it('refuses a negated operator whose positive form is missing', () => {
    const reg = buildRegistry(
      'scalar operator',
      scalarOperatorRegistry.rows.filter((r) => r.name !== 'contains'),
    )
    expect(() => checkNegations(reg)).toThrow(/'!contains' negates/)
  })

  it('holds for the real tables', () => {
    expect(() => checkFilteredLinks(aggregateRegistry)).not.toThrow()
    expect(() => checkNegations(scalarOperatorRegistry)).not.toThrow()
  })
})

describe('the real registries', () => {
  it('resolve aliases to the canonical row', () => {
    expect(lookupScalar('toreal')?.name).toBe('todouble')
    expect(lookupScalar('tolong')?.name).toBe('toint')
    expect(lookupScalar('pack')?.name).toBe('bag_pack')
    expect(lookupTabularOperator('limit')?.name).toBe('take')
    expect(lookupTabularOperator('order')?.name).toBe('sort')
    expect(lookupScalarOperator('<>')?.name).toBe('!=')
  })

  it('are case-sensitive', () => {
    expect(lookupScalar('StrLen')).toBeUndefined()
    expect(lookupAggregate('Count')).toBeUndefined()
    expect(lookupTabularOperator('WHERE')).toBeUndefined()
  })

  it('keep prefix operators out of the infix lookup', () => {
    expect(lookupScalarOperator('negate')).toBeUndefined()
    expect(lookupScalarOperator('not')).toBeUndefined()
  })

  it('list names and aliases sorted for did-you-mean', () => {
    for (const names of [
      allScalarNames(),
      allAggregateNames(),
      allTabularOperatorNames(),
      allScalarOperatorNames(),
    ]) {
      expect([...names].sort()).toEqual(names)
      expect(new Set(names).size).toBe(names.length)
    }
    expect(allScalarNames()).toContain('toreal')
    expect(allTabularOperatorNames()).toContain('limit')
  })

  it('are frozen', () => {
    for (const reg of [scalarRegistry, aggregateRegistry, tabularOperatorRegistry, scalarOperatorRegistry]) {
      expect(Object.isFrozen(reg.rows)).toBe(true)
    }
  })
})
