// test/unit/catalog/return-types.test.ts: result types of calls on examples from the brief and
// apl-reference §3/§6/§7, resolved through the real rows.

import { describe, expect, it } from 'vitest'
import {
  type AplType,
  type ArgShape,
  lookupAggregate,
  lookupPrefixOperator,
  lookupScalar,
  lookupScalarOperator,
  resolveSignature,
} from '../../../src/catalog/index.ts'

type Lookup = (name: string) => Parameters<typeof resolveSignature>[0] | undefined

function typeOf(lookup: Lookup, name: string, args: ArgShape[]): AplType | string {
  const row = lookup(name)
  if (!row) throw new Error(`no row ${name}`)
  const r = resolveSignature(row, args)
  return r.ok ? r.returns : `mismatch:${r.mismatch.reason}@${r.mismatch.argIndex}`
}

const scalar = (name: string, ...args: ArgShape[]) => typeOf(lookupScalar, name, args)
const agg = (name: string, ...args: ArgShape[]) => typeOf(lookupAggregate, name, args)
const op = (name: string, ...args: ArgShape[]) => typeOf(lookupScalarOperator, name, args)

describe('scalar functions', () => {
  it.each([
    ['bin', ['long', 'long'], 'long'],
    ['bin', ['real', 'long'], 'real'],
    ['bin', ['datetime', 'timespan'], 'datetime'],
    ['bin', ['timespan', 'timespan'], 'timespan'],
    ['bin_auto', ['datetime'], 'datetime'],
    ['todouble', ['string'], 'real'],
    ['toreal', ['long'], 'real'],
    ['toint', ['string'], 'long'],
    ['tostring', ['dynamic'], 'string'],
    ['todatetime', ['string'], 'datetime'],
    ['iff', ['bool', 'long', 'real'], 'real'],
    ['iff', ['bool', 'string', 'string'], 'string'],
    ['iff', ['bool', 'long', 'dynamic'], 'dynamic'],
    ['case', ['bool', 'long', 'long'], 'long'],
    ['case', ['bool', 'long', 'bool', 'real', 'long'], 'real'],
    ['coalesce', ['string', 'string', 'string'], 'string'],
    ['abs', ['long'], 'long'],
    ['abs', ['timespan'], 'timespan'],
    ['floor', ['real'], 'real'],
    ['ceiling', ['long'], 'long'],
    ['round', ['real', 'long'], 'real'],
    ['log', ['long'], 'real'],
    ['strlen', ['string'], 'long'],
    ['split', ['string', 'string'], 'dynamic'],
    ['array_length', ['dynamic'], 'long'],
    ['now', [], 'datetime'],
    ['ago', ['timespan'], 'datetime'],
    ['datetime_diff', ['string', 'datetime', 'datetime'], 'long'],
    ['rand', [], 'real'],
    ['rand', ['long'], 'long'],
    ['max_of', ['long', 'real', 'long'], 'real'],
  ] as const)('%s(%j) → %s', (name, args, expected) => {
    expect(scalar(name, ...args)).toBe(expected)
  })

  it('refuses iff branches with no common type, pointing at the second branch', () => {
    expect(scalar('iff', 'bool', 'string', 'long')).toBe('mismatch:type@2')
  })

  it('refuses bin of a datetime by a number, pointing at the step', () => {
    expect(scalar('bin', 'datetime', 'long')).toBe('mismatch:type@1')
  })
})

describe('aggregations', () => {
  it.each([
    ['count', [], 'long'],
    ['dcount', ['string'], 'long'],
    ['avg', ['long'], 'real'],
    ['avg', ['real'], 'real'],
    ['avg', ['timespan'], 'timespan'],
    ['sum', ['long'], 'long'],
    ['sum', ['real'], 'real'],
    ['min', ['datetime'], 'datetime'],
    ['max', ['string'], 'string'],
    ['percentile', ['real', 'long'], 'real'],
    ['percentile', ['timespan', 'real'], 'timespan'],
    ['percentiles_array', ['real', 'long', 'long', 'real'], 'dynamic'],
    ['topk', ['string', 'long'], 'dynamic'],
    ['countif', ['bool'], 'long'],
    ['sumif', ['long', 'bool'], 'long'],
    ['avgif', ['long', 'bool'], 'real'],
    ['make_list', ['string'], 'dynamic'],
    ['make_set', ['string', 'long'], 'dynamic'],
  ] as const)('%s(%j) → %s', (name, args, expected) => {
    expect(agg(name, ...args)).toBe(expected)
  })
})

describe('operators (apl-reference §3 typing)', () => {
  it.each([
    ['+', ['long', 'long'], 'long'],
    ['+', ['long', 'real'], 'real'],
    ['/', ['long', 'long'], 'long'],
    ['-', ['datetime', 'datetime'], 'timespan'],
    ['+', ['datetime', 'timespan'], 'datetime'],
    ['-', ['datetime', 'timespan'], 'datetime'],
    ['*', ['timespan', 'long'], 'timespan'],
    ['*', ['long', 'timespan'], 'timespan'],
    ['/', ['timespan', 'timespan'], 'real'],
    ['%', ['long', 'long'], 'long'],
    ['+', ['unknown', 'long'], 'unknown'],
    ['==', ['string', 'string'], 'bool'],
    ['==', ['string', 'long'], 'bool'],
    ['<', ['datetime', 'datetime'], 'bool'],
    ['contains', ['string', 'string'], 'bool'],
    ['in', ['string', 'string', 'string'], 'bool'],
    ['between', ['real', 'long', 'long'], 'bool'],
  ] as const)('%s %j → %s', (name, args, expected) => {
    expect(op(name, ...args)).toBe(expected)
  })

  it('refuses ill-typed operands, pointing at the right operand', () => {
    expect(op('+', 'datetime', 'datetime')).toBe('mismatch:type@1')
    expect(op('<', 'datetime', 'long')).toBe('mismatch:type@1')
    expect(op('<', 'bool', 'bool')).toBe('mismatch:type@1')
    expect(op('==', 'bool', 'string')).toBe('mismatch:type@1')
    expect(op('between', 'datetime', 'datetime', 'long')).toBe('mismatch:type@2')
  })

  it('refuses a string left of +', () => {
    expect(op('+', 'string', 'long')).toBe('mismatch:type@0')
  })

  it('types unary minus and not', () => {
    const neg = lookupPrefixOperator('-')!
    expect(resolveSignature(neg, ['timespan'])).toMatchObject({ ok: true, returns: 'timespan' })
    expect(resolveSignature(neg, ['string'])).toMatchObject({ ok: false, mismatch: { argIndex: 0 } })
    expect(resolveSignature(lookupPrefixOperator('not')!, ['bool'])).toMatchObject({
      ok: true,
      returns: 'bool',
    })
  })
})
