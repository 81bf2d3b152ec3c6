// test/unit/plan/columns.test.ts: findColumn answers the same before and after it indexes a schema
// (the first lookups scan, later ones use a name index), and a 2,000-stage extend chain binds with
// every stage's columns in place.

import { describe, expect, it } from 'vitest'
import { columnInfo, findColumn, type RowSchema } from '../../../src/plan/columns.ts'
import { compileApl, staticSchema } from '../../../src/plan/index.ts'

describe('findColumn', () => {
  it('gives the same answers while scanning and once indexed, the last column when a name repeats', () => {
    const a = columnInfo('a', 'long')
    const b = columnInfo('b', 'string')
    const a2 = columnInfo('a', 'real')
    const schema: RowSchema = [a, b, a2]
    const answers = () => [findColumn(schema, 'a'), findColumn(schema, 'b'), findColumn(schema, 'zz')]
    const first = answers()
    expect(first).toEqual([a2, b, undefined])
    for (let i = 0; i < 5; i++) expect(answers()).toEqual(first)
    expect(findColumn([], 'a')).toBeUndefined()
  })

  it('binds a long extend chain, each stage seeing the previous columns', () => {
    const n = 2000
    let q = 'd'
    for (let i = 0; i < n; i++) q += ` | extend c${i} = ${i === 0 ? 'x' : `c${i - 1}`} + 1`
    const schema = staticSchema({ d: { _time: 'datetime', x: 'integer' } })
    const base = compileApl('d', schema).plan?.root.schema.length ?? 0
    const bound = compileApl(q, schema)
    expect(bound.diagnostics).toBeUndefined()
    const names = bound.plan?.root.schema.map((c) => c.name) ?? []
    expect(names.length).toBe(base + n)
    expect(names.at(-1)).toBe(`c${n - 1}`)
    expect(bound.plan?.root.schema.at(-1)?.type).toBe('long')
  })
})
