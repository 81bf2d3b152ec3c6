// test/unit/plan/explain.test.ts: the explain text format: literal spelling, names, casts, coercion
// notes, indentation of children, and that the same plan always renders the same text.

import { describe, expect, it } from 'vitest'
import { lookupScalar } from '../../../src/catalog/index.ts'
import { boundExpr, boundLiteral, columnRef } from '../../../src/plan/bound-expr.ts'
import { formatLiteral, formatTimespan } from '../../../src/plan/format-value.ts'
import { explainNode, explainPlan, formatExpr } from '../../../src/plan/index.ts'
import { bind } from './fixtures.ts'

const at = { start: 0, length: 0 }

describe('literal text', () => {
  it('spells each type the way a query writes it', () => {
    expect(formatLiteral('string', 'a"b')).toBe('"a\\"b"')
    expect(formatLiteral('long', 42n)).toBe('42')
    expect(formatLiteral('real', 2)).toBe('2.0')
    expect(formatLiteral('real', 0.25)).toBe('0.25')
    expect(formatLiteral('bool', false)).toBe('false')
    expect(formatLiteral('datetime', 1_700_000_000_123_000_000n)).toBe('datetime(2023-11-14T22:13:20.123Z)')
    expect(formatLiteral('dynamic', ['GET', 1])).toBe('dynamic(["GET",1])')
    expect(formatLiteral('dynamic', null)).toBe('dynamic(null)')
    expect(formatLiteral('long', null)).toBe('long(null)')
    expect(formatLiteral('unknown', null)).toBe('null')
  })

  it('timespans use the largest unit that divides them', () => {
    expect(formatTimespan(3_600_000_000_000n)).toBe('1h')
    expect(formatTimespan(90_000_000_000n)).toBe('90s')
    expect(formatTimespan(86_400_000_000_000n * 7n)).toBe('7d')
    expect(formatTimespan(1_500_000n)).toBe('1500microsecond')
    expect(formatTimespan(-300_000_000n)).toBe('-300ms')
    expect(formatTimespan(0n)).toBe('0s')
    expect(formatTimespan(7n)).toBe('timespan(7ns)')
  })
})

describe('expression text', () => {
  it('quotes names that are not identifiers and member keys', () => {
    const city = columnRef("geo.ci'ty", 'string', ['string'], at)
    expect(formatExpr(city)).toBe("['geo.ci\\'ty']")
    const m = boundExpr('Member', {
      type: 'dynamic',
      span: at,
      target: columnRef('m', 'dynamic', [], at),
      key: 'a.b',
    })
    expect(formatExpr(m)).toBe("m['a.b']")
  })

  it('prints casts as the conversion function', () => {
    const log = lookupScalar('log')
    if (log === undefined) throw new Error('catalog has no log')
    const cast = boundExpr('Cast', {
      type: 'real',
      span: at,
      operand: columnRef('n', 'long', ['integer'], at),
    })
    const call = boundExpr('Call', { type: 'real', span: at, fn: log, kernel: log.kernel, args: [cast] })
    expect(formatExpr(call)).toBe('log(toreal(n))')
    expect(formatExpr(boundLiteral('timespan', 60_000_000_000n, at))).toBe('1m')
  })
})

describe('plan text', () => {
  it('is deterministic and indents inputs below their consumer', () => {
    const q =
      "['otel-demo-traces'] | join (['sample-http-logs'] | where method == 'GET') on $left.trace_id == $right.id | count"
    const a = bind(q)
    const b = bind(q)
    if (a.plan === undefined || b.plan === undefined) throw new Error('expected plans')
    expect(explainPlan(a.plan)).toBe(explainPlan(b.plan))
    expect(
      explainNode(a.plan.root)
        .split('\n')
        .map((l) => l.match(/^ */)?.[0].length),
    ).toEqual([0, 2, 4, 4, 6])
  })
})
