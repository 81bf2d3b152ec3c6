// test/unit/plan/bind-arg-extremum.test.ts: arg_max / arg_min in summarize: the output schema (the
// value column, then one column per returned expression, `*` expanded without keys or the value
// column), default and named column names, explain goldens, and the errors with code and span.

import { describe, expect, it } from 'vitest'
import type { LogicalNode, LogicalOf } from '../../../src/plan/index.ts'
import { expectError, expectPlan } from './fixtures.ts'

const Q = "['sample-http-logs']"

function aggregate(node: LogicalNode): LogicalOf<'Aggregate'> {
  expect(node.kind).toBe('Aggregate')
  return node as LogicalOf<'Aggregate'>
}

const columns = (a: LogicalOf<'Aggregate'>) => a.schema.map((c) => `${c.name}:${c.type}`)

describe('arg_max / arg_min output columns', () => {
  it('the value column (named after its column), then the returned columns, after the keys', () => {
    const a = aggregate(
      expectPlan('arg-max-columns', `${Q} | summarize arg_max(req_duration_ms, uri, status) by method`).root,
    )
    expect(columns(a)).toEqual(['method:string', 'req_duration_ms:real', 'uri:string', 'status:string'])
    expect(a.aggregates).toHaveLength(1)
    expect(a.aggregates[0]).toMatchObject({
      name: 'req_duration_ms',
      wireName: 'argmax',
      payload: ['uri', 'status'],
    })
    const call = a.aggregates[0].expr
    expect(call.kind === 'AggCall' && call.args.map((x) => x.kind)).toEqual(['Column', 'Column', 'Column'])
  })

  it('`*`: every other input column in schema order, without the keys or the value column', () => {
    const a = aggregate(
      expectPlan('arg-min-star', `${Q} | summarize arg_min(_time, *) by server_datacenter, method`).root,
    )
    const names = a.schema.map((c) => c.name)
    expect(names.slice(0, 3)).toEqual(['server_datacenter', 'method', '_time'])
    expect(names.slice(3)).toEqual([
      '_sysTime',
      'status',
      'uri',
      'req_duration_ms',
      'resp_body_size_bytes',
      'resp_header_size_bytes',
      'id',
      'geo.city',
      'geo.country',
      'content_type',
      'is_tls',
      'user_agent',
      'message',
    ])
    expect(a.aggregates[0].payload).toEqual(names.slice(3))
  })

  it('named forms: `arg_max(n = expr, alias = col)` and `Name = arg_max(…)` name the columns', () => {
    const inner = aggregate(
      expectPlan('arg-max-named', `${Q} | summarize arg_max(n = req_duration_ms, u = uri), count() by method`)
        .root,
    )
    expect(columns(inner)).toEqual(['method:string', 'n:real', 'u:string', 'count_:long'])
    const outer = aggregate(
      expectPlan('arg-min-outer-name', `${Q} | summarize fastest = arg_min(req_duration_ms, uri)`).root,
    )
    expect(columns(outer)).toEqual(['fastest:real', 'uri:string'])
  })

  it('an expression is named `max_` / `min_`; an unnamed returned expression is numbered', () => {
    const a = aggregate(
      expectPlan(
        'arg-max-expression',
        `${Q} | summarize arg_max(strlen(uri), uri, tolower(method)), arg_min(strlen(uri), id)`,
      ).root,
    )
    expect(columns(a)).toEqual(['max_:long', 'uri:string', 'Column1:string', 'min_:long', 'id:string'])
  })

  it('duplicate default names get a suffix; a bin(_time) key and `*` leave `_time` to the key', () => {
    const a = aggregate(
      expectPlan(
        'arg-max-bin-time',
        `${Q} | summarize arg_max(req_duration_ms, uri), arg_min(req_duration_ms, uri), arg_max(status, *) by bin(_time, 1h)`,
      ).root,
    )
    expect(a.timeBucket).toEqual({ keyIndex: 0, step: 3_600_000_000_000n })
    const names = a.schema.map((c) => c.name)
    expect(names.slice(0, 5)).toEqual(['_time', 'req_duration_ms', 'uri', 'req_duration_ms_1', 'uri_1'])
    expect(names[5]).toBe('status')
    expect(a.aggregates[2].payload).not.toContain('_time')
    expect(a.aggregates[2].payload).toContain('_sysTime')
  })

  it('mixed and dynamic columns keep their types in the returned columns', () => {
    const a = aggregate(
      expectPlan(
        'arg-max-mixed',
        "['mixed-http-logs'] | summarize arg_max(req_duration_ms, status) by method",
      ).root,
    )
    expect(columns(a)).toEqual(['method:string', 'req_duration_ms:real', 'status:unknown'])
  })
})

describe('arg_max / arg_min errors', () => {
  it('no arguments, or no returned column', () => {
    expectError('err-arg-max-no-args', `${Q} | summarize arg_max()`, 'APL0304', 'arg_max()')
    expectError(
      'err-arg-min-one-arg',
      `${Q} | summarize arg_min(req_duration_ms)`,
      'APL0304',
      'arg_min(req_duration_ms)',
    )
  })

  it('an unknown column, and `*` as the compared expression or next to other columns', () => {
    expectError(
      'err-arg-max-unknown',
      `${Q} | summarize arg_max(req_duration_ms, nosuchcol)`,
      'APL0301',
      'nosuchcol',
    )
    expectError('err-arg-max-star-value', `${Q} | summarize arg_max(*, uri)`, 'APL0320', '*')
    expectError('err-arg-max-star-mixed', `${Q} | summarize arg_max(req_duration_ms, uri, *)`, 'APL0317', '*')
  })

  it('outside summarize, inside an expression, in make-series, named twice', () => {
    expectError('err-arg-max-extend', `${Q} | extend x = arg_max(req_duration_ms, uri)`, 'APL0308', 'arg_max')
    expectError(
      'err-arg-max-nested',
      `${Q} | summarize toint(arg_max(req_duration_ms, uri))`,
      'APL0320',
      'arg_max',
    )
    expectError(
      'err-arg-max-make-series',
      `${Q} | make-series arg_max(req_duration_ms, uri) on _time step 1h`,
      'APL0320',
      'arg_max',
    )
    expectError(
      'err-arg-max-named-twice',
      `${Q} | summarize a = arg_max(b = req_duration_ms, uri)`,
      'APL0317',
      'b',
      'arg_max(',
    )
  })
})
