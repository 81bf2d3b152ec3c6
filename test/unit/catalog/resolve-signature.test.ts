// test/unit/catalog/resolve-signature.test.ts: overload choice, coercions and the structured
// mismatches (arity, type, constant) the binder turns into diagnostics.

import { describe, expect, it } from 'vitest'
import { describeArity, lookupAggregate, lookupScalar, resolveSignature } from '../../../src/catalog/index.ts'
import { fixed, opt, param, sig, variadic } from '../../../src/catalog/signature.ts'

const bin = lookupScalar('bin')!
const percentile = lookupAggregate('percentile')!

describe('resolveSignature', () => {
  it('picks the overload that fits and reports how each argument bound', () => {
    const r = resolveSignature(bin, ['datetime', 'timespan'])
    expect(r).toMatchObject({
      ok: true,
      signatureIndex: 1,
      coercions: ['exact', 'exact'],
      returns: 'datetime',
    })
    if (r.ok) expect(r.params.map((p) => p.name)).toEqual(['value', 'bin_size'])
  })

  it('widens long to real at a cost, and prefers an exact overload', () => {
    const row = {
      signatures: [sig(param('x', 'real')), sig(param('x', 'long'))],
      returns: fixed('bool'),
    }
    expect(resolveSignature(row, ['long'])).toMatchObject({ ok: true, signatureIndex: 1 })
    expect(resolveSignature({ ...row, signatures: [row.signatures[0]] }, ['long'])).toMatchObject({
      ok: true,
      coercions: ['widen'],
    })
  })

  it('lets unknown and dynamic arguments through as runtime-checked', () => {
    const r = resolveSignature(lookupScalar('strlen')!, ['unknown'])
    expect(r).toMatchObject({ ok: true, coercions: ['runtime'], returns: 'long' })
    expect(resolveSignature(bin, ['unknown', 'timespan'])).toMatchObject({ ok: true, returns: 'unknown' })
  })

  it('reports a type mismatch at the furthest argument any overload reached', () => {
    const r = resolveSignature(lookupScalar('substring')!, ['string', 'string'])
    expect(r).toEqual({
      ok: false,
      mismatch: { reason: 'type', argIndex: 1, expected: 'long', found: 'string' },
    })
  })

  it('names the class or list in the expected text', () => {
    const r = resolveSignature(lookupScalar('log')!, ['string'])
    expect(r).toMatchObject({ ok: false, mismatch: { expected: 'numeric', found: 'string', argIndex: 0 } })
    const listRow = { signatures: [sig(param('x', ['long', 'real', 'timespan']))], returns: fixed('bool') }
    expect(resolveSignature(listRow, ['string'])).toMatchObject({
      ok: false,
      mismatch: { expected: 'long, real or timespan' },
    })
  })

  it('reports too many arguments at the first extra one', () => {
    const r = resolveSignature(lookupScalar('strlen')!, ['string', 'string', 'string'])
    expect(r).toEqual({
      ok: false,
      mismatch: { reason: 'arity', argIndex: 1, expected: '1 argument', found: '3 arguments' },
    })
  })

  it('reports too few arguments after the last one', () => {
    const r = resolveSignature(percentile, ['real'])
    expect(r).toMatchObject({
      ok: false,
      mismatch: { reason: 'arity', argIndex: 1, expected: '2 arguments' },
    })
  })

  it('refuses a non-constant argument for a constant-only parameter, and accepts unknown constancy', () => {
    const r = resolveSignature(percentile, ['real', { type: 'long', constant: false }])
    expect(r).toEqual({
      ok: false,
      mismatch: {
        reason: 'constant',
        argIndex: 1,
        expected: 'a constant',
        found: 'a non-constant expression',
      },
    })
    expect(resolveSignature(percentile, ['real', { type: 'long', constant: true }]).ok).toBe(true)
    expect(resolveSignature(percentile, ['real', 'long']).ok).toBe(true)
  })

  it('binds repeating groups and tails (case)', () => {
    const c = lookupScalar('case')!
    expect(resolveSignature(c, ['bool', 'string', 'string']).ok).toBe(true)
    expect(resolveSignature(c, ['bool', 'string', 'bool', 'string', 'string']).ok).toBe(true)
    const even = resolveSignature(c, ['bool', 'string', 'bool', 'string'])
    expect(even).toMatchObject({ ok: false, mismatch: { reason: 'arity', argIndex: 4 } })
    expect(resolveSignature(c, ['string', 'string', 'string'])).toMatchObject({
      ok: false,
      mismatch: { reason: 'type', argIndex: 0, expected: 'bool' },
    })
  })

  it('enforces group multiples (bag_pack takes pairs)', () => {
    const b = lookupScalar('bag_pack')!
    expect(resolveSignature(b, ['string', 'long']).ok).toBe(true)
    expect(resolveSignature(b, ['string', 'long', 'string'])).toMatchObject({
      ok: false,
      mismatch: { reason: 'arity' },
    })
  })

  it('caps variadic counts (strcat takes at most 64)', () => {
    const s = lookupScalar('strcat')!
    expect(resolveSignature(s, Array(64).fill('string')).ok).toBe(true)
    expect(resolveSignature(s, Array(65).fill('string'))).toMatchObject({
      ok: false,
      mismatch: { reason: 'arity', argIndex: 64 },
    })
    expect(resolveSignature(s, [])).toMatchObject({ ok: false, mismatch: { reason: 'arity', argIndex: 0 } })
  })
})

describe('describeArity', () => {
  it.each([
    [sig(), '0 arguments'],
    [sig(param('a', 'long')), '1 argument'],
    [sig(param('a', 'long'), opt('b', 'long')), '1 to 2 arguments'],
    [variadic([], [param('a', 'any')], 1, 64), '1 to 64 arguments'],
    [variadic([], [param('a', 'any')], 2, Infinity), 'at least 2 arguments'],
    [variadic([], [param('k', 'string'), param('v', 'any')], 1, Infinity), '2, 4, 6, … arguments'],
  ])('%#: %s', (s, text) => {
    expect(describeArity(s)).toBe(text)
  })
})
