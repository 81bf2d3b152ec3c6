// test/unit/plan/coercion.test.ts: decision §10.5 in the binder: string vs number compares numerically
// (with a warning), mixed columns compare per value, and `set stricttypes` makes string vs number an error.

import { describe, expect, it } from 'vitest'
import { comparisonCoercion } from '../../../src/plan/coercion.ts'
import type { BoundExpr, LogicalNode } from '../../../src/plan/index.ts'
import { bind, expectError, expectPlan } from './fixtures.ts'

function predicate(node: LogicalNode): BoundExpr {
  if (node.kind !== 'Filter') throw new Error(`expected Filter, got ${node.kind}`)
  return node.predicate
}

describe('the coercion rule', () => {
  it('classifies operand types', () => {
    expect(comparisonCoercion('string', 'long')).toBe('string-number')
    expect(comparisonCoercion('real', 'string')).toBe('string-number')
    expect(comparisonCoercion('unknown', 'long')).toBe('per-value')
    expect(comparisonCoercion('dynamic', 'string')).toBe('per-value')
    expect(comparisonCoercion('long', 'real')).toBe('none')
    expect(comparisonCoercion('string', 'string')).toBe('none')
  })
})

describe('string field compared with a number', () => {
  it('binds as a numeric comparison and warns', () => {
    const q = "['sample-http-logs'] | where status >= 500"
    const plan = expectPlan('coerce-string-number', q)
    expect(predicate(plan.root)).toMatchObject({ kind: 'Binary', coercion: 'string-number' })
    const r = bind(q)
    expect(r.plan && r.warnings.map((w) => [w.code, w.severity, w.span])).toEqual([
      ['APL0330', 'warning', { start: 29, length: 13 }],
    ])
  })

  it('in lists and between follow the same rule', () => {
    const plan = expectPlan(
      'coerce-in-between',
      "['sample-http-logs'] | where status in (200, 201) or status between (500 .. 599)",
    )
    const p = predicate(plan.root)
    expect(p).toMatchObject({
      left: { kind: 'InList', coercion: 'string-number' },
      right: { kind: 'Between', coercion: 'string-number' },
    })
  })

  it('is an error under set stricttypes (comparison, in, between)', () => {
    expectError(
      'coerce-strict',
      "set stricttypes; ['sample-http-logs'] | where status >= 500",
      'APL0313',
      'status >= 500',
    )
    expectError(
      'coerce-strict-in',
      "set stricttypes; ['sample-http-logs'] | where status in ('200', 200)",
      'APL0313',
      "status in ('200', 200)",
    )
    expectError(
      'coerce-strict-between',
      "set stricttypes; ['sample-http-logs'] | where status between (1 .. 2)",
      'APL0313',
      'status between (1 .. 2)',
    )
  })

  it('set stricttypes = false turns it back off', () => {
    expect(
      bind("set stricttypes = false; ['sample-http-logs'] | where status >= 500").plan?.strictTypes,
    ).toBe(false)
  })

  it('an explicit conversion satisfies stricttypes', () => {
    const plan = expectPlan(
      'coerce-strict-explicit',
      "set stricttypes; ['sample-http-logs'] | where toint(status) >= 500",
    )
    expect(predicate(plan.root)).toMatchObject({ coercion: 'none' })
  })
})

describe('multi-typed (composite) columns', () => {
  it('bind as their composite: integer|string is unknown, integer|float widens to real', () => {
    const plan = expectPlan(
      'coerce-composite',
      "['mixed-http-logs'] | where status == 200 and req_duration_ms > 1",
    )
    const p = predicate(plan.root)
    expect(p).toMatchObject({
      left: {
        coercion: 'per-value',
        left: { kind: 'Column', type: 'unknown', storage: ['string', 'integer'] },
      },
      right: { coercion: 'none', left: { kind: 'Column', type: 'real', storage: ['integer', 'float'] } },
    })
  })

  it('per-value comparisons are allowed under stricttypes and flagged on the plan', () => {
    const plan = expectPlan(
      'coerce-composite-strict',
      "set stricttypes; ['mixed-http-logs'] | where status == '200'",
    )
    expect(plan.strictTypes).toBe(true)
    expect(predicate(plan.root)).toMatchObject({ coercion: 'per-value' })
  })

  it('a mixed column holding strings takes part in * has', () => {
    const plan = expectPlan('coerce-composite-star', "['mixed-http-logs'] | where * has '200'")
    const p = predicate(plan.root)
    expect(p.kind === 'AnyColumn' && p.columns.map((c) => c.name)).toEqual(['status', 'method'])
  })
})
