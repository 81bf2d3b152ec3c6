// test/unit/plan/names.test.ts: name resolution (decision §10.8): a literal dotted column wins, then
// the longest prefix column with property access; bracketed names are single fields; let vs column.

import { describe, expect, it } from 'vitest'
import { compileApl, type LogicalNode, staticSchema } from '../../../src/plan/index.ts'
import { wildcardMatcher } from '../../../src/plan/names.ts'

const schema = staticSchema({
  logs: {
    _time: 'datetime',
    'geo.city': 'string',
    geo: 'array',
    'a.b.c': 'string',
    a: 'array',
    'a.b': 'array',
    plain: 'string',
  },
})

function projected(query: string) {
  const r = compileApl(query, schema)
  if (r.plan === undefined) throw new Error(r.diagnostics[0].message)
  const root = r.plan.root as Extract<LogicalNode, { kind: 'Project' }>
  return root.columns[0].expr
}

describe('dotted names', () => {
  it('a column literally named a.b.c wins', () => {
    expect(projected('logs | project x = a.b.c')).toMatchObject({ kind: 'Column', name: 'a.b.c' })
    expect(projected('logs | project x = geo.city')).toMatchObject({ kind: 'Column', name: 'geo.city' })
  })

  it('else the longest dotted prefix column, then property access', () => {
    expect(projected('logs | project x = a.b.d')).toMatchObject({
      kind: 'Member',
      key: 'd',
      target: { kind: 'Column', name: 'a.b' },
    })
    expect(projected('logs | project x = a.z.y')).toMatchObject({
      kind: 'Member',
      key: 'y',
      target: { kind: 'Member', key: 'z', target: { kind: 'Column', name: 'a' } },
    })
    expect(projected('logs | project x = geo.country')).toMatchObject({ kind: 'Member', key: 'country' })
  })

  it('a bracketed member is a property, never part of a flattened name', () => {
    expect(projected("logs | project x = a.['b'].c")).toMatchObject({
      kind: 'Member',
      key: 'c',
      target: { kind: 'Member', key: 'b', target: { kind: 'Column', name: 'a' } },
    })
  })

  it('a bracketed name is one field: [geo.country] is not geo → country', () => {
    const r = compileApl("logs | project ['geo.country']", schema)
    expect(r.diagnostics?.[0]).toMatchObject({ code: 'APL0301', span: { start: 15, length: 15 } })
  })

  it('a scalar let can be the head of a dotted name', () => {
    const e = projected("let d = dynamic({'k': 1}); logs | project x = d.k")
    expect(e).toMatchObject({ kind: 'Member', key: 'k', target: { kind: 'Literal', type: 'dynamic' } })
  })

  it('unknown dotted names report the full name with a suggestion over all columns', () => {
    const q = 'logs | project p.lain'
    const r = compileApl(q, schema)
    expect(r.diagnostics?.[0]).toMatchObject({
      code: 'APL0301',
      span: { start: q.indexOf('p.lain'), length: 6 },
    })
    expect(r.diagnostics?.[0].message).toContain('unknown field `p.lain`')
  })
})

describe('let names against columns', () => {
  it('columns shadow let names (row scope is innermost)', () => {
    expect(projected("let plain = 'x'; logs | project y = plain")).toMatchObject({
      kind: 'Column',
      name: 'plain',
    })
  })

  it('a let name that is not a column is its value, re-spanned at the reference', () => {
    const q = "let v = 'x'; logs | project y = v"
    expect(projected(q)).toMatchObject({
      kind: 'Literal',
      value: 'x',
      span: { start: q.length - 1, length: 1 },
    })
  })

  it('a tabular let shadows a dataset of the same name', () => {
    const r = compileApl('let logs = datatable(n:long)[1]; logs | count', schema)
    expect(r.plan?.datasets).toEqual([])
  })
})

describe('wildcards', () => {
  it('match anchored with * as any run, other characters literal', () => {
    const m = wildcardMatcher('geo.*')
    expect(m('geo.city')).toBe(true)
    expect(m('geoXcity')).toBe(false)
    expect(m('my.geo.city')).toBe(false)
    expect(wildcardMatcher('*')('anything')).toBe(true)
    expect(wildcardMatcher('a*b*c')('a1b2c')).toBe(true)
    expect(wildcardMatcher('(x)*')('(x)y')).toBe(true)
  })
})
