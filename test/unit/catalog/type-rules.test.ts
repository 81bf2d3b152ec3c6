// test/unit/catalog/type-rules.test.ts: common type, arithmetic result types and comparability
// (apl-reference §3, decision §10.5).

import { describe, expect, it } from 'vitest'
import {
  APL_TYPES,
  type AplType,
  arithmeticType,
  commonType,
  comparable,
} from '../../../src/catalog/index.ts'

describe('commonType', () => {
  const all = (types: AplType[]) =>
    commonType(
      types,
      types.map((_, i) => i),
    )

  it('keeps equal types and widens long with real', () => {
    expect(all(['string', 'string'])).toBe('string')
    expect(all(['long', 'real', 'long'])).toBe('real')
  })

  it('absorbs into unknown, then dynamic', () => {
    expect(all(['long', 'unknown'])).toBe('unknown')
    expect(all(['dynamic', 'unknown'])).toBe('unknown')
    expect(all(['string', 'dynamic'])).toBe('dynamic')
  })

  it('reports the first conflicting argument', () => {
    expect(all(['long', 'real', 'string'])).toEqual({ argIndex: 2, expected: 'real' })
    expect(all(['long', 'bool'])).toEqual({ argIndex: 1, expected: 'long or real' })
  })

  it('uses only the selected indices', () => {
    expect(commonType(['bool', 'long', 'real'], [1, 2])).toBe('real')
  })
})

describe('arithmeticType', () => {
  it('keeps long∘long long for every operator (so / truncates)', () => {
    for (const op of ['+', '-', '*', '/', '%'] as const)
      expect(arithmeticType(op, 'long', 'long')).toBe('long')
  })

  it('never types arithmetic over bool or string', () => {
    for (const op of ['+', '-', '*', '/', '%'] as const) {
      for (const t of APL_TYPES) {
        expect(typeof arithmeticType(op, 'bool', t)).toBe('object')
        expect(typeof arithmeticType(op, t, 'string')).toBe('object')
      }
    }
  })

  it('points at the right operand when the left one is fine', () => {
    expect(arithmeticType('-', 'timespan', 'datetime')).toEqual({ argIndex: 1, expected: 'timespan' })
    expect(arithmeticType('%', 'timespan', 'long')).toEqual({ argIndex: 0, expected: 'long or real' })
  })

  it('passes runtime-typed operands through as unknown', () => {
    expect(arithmeticType('*', 'dynamic', 'long')).toBe('unknown')
    expect(arithmeticType('+', 'datetime', 'unknown')).toBe('unknown')
  })
})

describe('comparable', () => {
  it('compares strings with numbers (decision §10.5) but not with datetimes', () => {
    expect(comparable('string', 'long', true)).toBe(true)
    expect(comparable('real', 'string', false)).toBe(true)
    expect(comparable('string', 'datetime', false)).toBe(false)
  })

  it('allows bool only for equality', () => {
    expect(comparable('bool', 'bool', false)).toBe(true)
    expect(comparable('bool', 'bool', true)).toBe(false)
  })

  it('is symmetric', () => {
    for (const a of APL_TYPES) {
      for (const b of APL_TYPES) {
        expect(comparable(a, b, true)).toBe(comparable(b, a, true))
        expect(comparable(a, b, false)).toBe(comparable(b, a, false))
      }
    }
  })
})
