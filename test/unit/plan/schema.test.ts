// test/unit/plan/schema.test.ts: SchemaSource adapters: a real in-memory store's snapshot binds like
// the static schema (mixed types, `_time` always present, unknown datasets), and staticSchema basics.

import { afterEach, describe, expect, it } from 'vitest'
import { openStore } from '../../../src/index.ts'
import {
  bindQuery,
  compileApl,
  explainPlan,
  schemaFromSnapshot,
  staticSchema,
} from '../../../src/plan/index.ts'
import { parseApl } from '../../../src/syntax/parse.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

describe('schemaFromSnapshot', () => {
  it('binds against a real store: fields, composite types, datasets', async () => {
    const store = await openStore({ durability: 'none' })
    cleanups.push(() => store.close())
    await store.datasets.create({ name: 'http' })
    await store.datasets.create({ name: 'empty' })
    await store.ingest('http', [
      { _time: '2024-01-01T00:00:00Z', status: '200', method: 'GET', geo: { city: 'Paris' } },
      { _time: '2024-01-01T00:00:01Z', status: 500, method: 'POST' },
    ])
    const snap = store.snapshot()
    cleanups.push(() => snap.release())
    const schema = schemaFromSnapshot(snap)
    expect(schema.datasetNames()).toEqual(['empty', 'http'])
    expect(schema.fields('nope')).toBeUndefined()
    expect(schema.fields('empty')).toEqual([])

    const r = compileApl(
      "http | where status == 200 and ['geo.city'] == 'Paris' | summarize count() by method",
      schema,
    )
    if (r.plan === undefined) throw new Error(r.diagnostics[0].message)
    expect(explainPlan(r.plan)).toContain(
      "Scan: http fields [_time, ['geo.city'], method, status] mixed [status:unknown(string|integer)]",
    )

    // A dataset without events still has _time (§8).
    expect(compileApl('empty | where _time > ago(1h) | count', schema).plan?.datasets).toEqual(['empty'])
    expect(compileApl('empty | where status == 1', schema).diagnostics?.[0].code).toBe('APL0301')
  })
})

describe('staticSchema', () => {
  it('lists datasets sorted and fields in declaration order', () => {
    const s = staticSchema({ b: { x: 'string' }, a: { y: ['integer', 'float'] } })
    expect(s.datasetNames()).toEqual(['a', 'b'])
    expect(s.fields('a')).toEqual([{ name: 'y', types: ['integer', 'float'] }])
    expect(s.fields('c')).toBeUndefined()
  })
})

describe('bindQuery options', () => {
  const schema = staticSchema({ logs: { _time: 'datetime', uri: 'string' } })

  it('without the text, spans stay exact', () => {
    const q = 'logs | where urii == "x"'
    const ast = parseApl(q).ast
    if (ast === undefined) throw new Error('parse failed')
    const r = bindQuery(ast, schema)
    expect(r.diagnostics?.[0]).toMatchObject({
      code: 'APL0301',
      span: { start: q.indexOf('urii'), length: 4 },
    })
  })

  it('capabilities decide which catalog rows bind (default: every row)', () => {
    const strict = {
      scalar: (row: { tier: string }) => row.tier === 'T1',
      aggregate: () => true,
      operator: () => true,
    }
    const q = 'logs | extend n = strlen(uri)'
    const r = compileApl(q, schema, { capabilities: strict })
    expect(r.diagnostics?.[0]).toMatchObject({
      code: 'APL0307',
      span: { start: q.indexOf('strlen'), length: 6 },
    })
    expect(compileApl('logs | extend h = hash_md5(uri) | where uri has_cs "x"', schema).plan).toBeDefined()
  })

  it('turns an internal error into APL0900 instead of throwing', () => {
    const broken = {
      datasetNames: () => [],
      fields: () => {
        throw new Error('boom')
      },
    }
    const r = compileApl('logs | count', broken)
    expect(r.diagnostics?.[0]).toMatchObject({ code: 'APL0900' })
    expect(r.diagnostics?.[0].message).toContain('boom')
  })
})
