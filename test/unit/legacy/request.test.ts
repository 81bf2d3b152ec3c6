// Unit tests: legacy request validation — the api-contract.md §2 request fixtures decode (Go's
// all-keys-present body, the Go integration suite's queries, JS and Rust shapes, every argument shape)
// into the expected normal form; every way a request can be wrong fails with its stable code.
import { describe, expect, it } from 'vitest'
import { LegacyError, type LegacyErrorCode, normalizeRequest } from '../../../src/legacy/index.ts'
import { GO_COMPLEX_BODY, GO_EMPTY_BODY } from './fixtures.ts'

const NOW = 1_768_003_200_000_000_000n // 2026-01-10T00:00:00Z
const norm = (body: unknown, opts: { startTime?: string; endTime?: string } = {}) =>
  normalizeRequest(body, { now: NOW, ...opts })

function fails(body: unknown, code: LegacyErrorCode, text: RegExp): void {
  let error: unknown
  try {
    norm(body)
  } catch (e) {
    error = e
  }
  expect(error, `expected ${code}`).toBeInstanceOf(LegacyError)
  expect((error as LegacyError).code).toBe(code)
  expect((error as LegacyError).message).toMatch(text)
}

describe('the contract fixtures decode', () => {
  it("Go's all-keys-present zero body means every default", () => {
    const r = norm(GO_EMPTY_BODY)
    expect(r.startTime).toBeUndefined()
    expect(r.endTime).toBeUndefined()
    expect(r.window).toEqual({ start: 0n, end: NOW })
    expect(r).toMatchObject({
      resolution: 'auto',
      aggregations: [],
      groupBy: [],
      filter: null,
      order: [],
      limit: 1000,
      virtualFields: [],
      project: [],
      cursor: null,
    })
  })

  it("the Go integration suite's complex query: times with offsets, alias, groupBy, VF, project", () => {
    const r = norm(GO_COMPLEX_BODY)
    const MIN = 60_000_000_000n
    expect(r.window).toEqual({ start: NOW - 2n * MIN, end: NOW + 123_456_789n })
    expect(r.aggregations).toEqual([
      { op: 'count', field: '*', alias: 'event_count', argument: { kind: 'none' } },
    ])
    expect(r.groupBy).toEqual(['success', 'remote_ip'])
    // Children of a comparison are ignored.
    expect(r.filter).toEqual({ kind: 'leaf', op: 'exists', field: 'response', value: null, sensitive: false })
    expect(r.order).toEqual([
      { field: 'success', desc: true },
      { field: 'remote_ip', desc: false },
    ])
    expect(r.virtualFields.map((v) => v.alias)).toEqual(['success'])
    expect(r.virtualFields[0].expr.kind).toBe('Binary')
    expect(r.project).toEqual([{ field: 'remote_ip', alias: 'ip' }])
  })

  it('a JS body: relative times, no resolution, partial keys', () => {
    const r = norm({ startTime: 'now-1h', endTime: 'now', aggregations: [{ op: 'count', field: '*' }] })
    expect(r.window).toEqual({ start: NOW - 3_600_000_000_000n, end: NOW })
    expect(r.aggregations[0].alias).toBe('COUNT')
    expect(r.resolution).toBe('auto')
  })

  it('the caller window replaces the body window', () => {
    const r = norm({ startTime: 'now-1h' }, { startTime: 'now-2h', endTime: 'now-1h' })
    expect(r.window).toEqual({ start: NOW - 7_200_000_000_000n, end: NOW - 3_600_000_000_000n })
  })

  it('every filter op in symbol and word form, any case; the Rust caseInsensitive flag', () => {
    const spellings: Record<string, string[]> = {
      '==': ['==', 'eq', 'EQ'],
      '!=': ['!=', 'ne', 'Ne'],
      '>': ['>', 'gt', 'GT'],
      '>=': ['>=', 'gte'],
      '<': ['<', 'lt'],
      '<=': ['<=', 'LTE'],
      exists: ['exists', 'EXISTS'],
      'not-exists': ['not-exists', 'Not-Exists'],
      'starts-with': ['starts-with', 'STARTS-WITH'],
      'not-starts-with': ['not-starts-with'],
      'ends-with': ['ends-with'],
      'not-ends-with': ['not-ends-with'],
      contains: ['contains', 'Contains'],
      'not-contains': ['not-contains'],
      regexp: ['regexp', 'RegExp'],
      'not-regexp': ['not-regexp'],
    }
    for (const [op, forms] of Object.entries(spellings)) {
      for (const form of forms) {
        expect(norm({ filter: { op: form, field: 'f', value: 'x' } }).filter).toMatchObject({
          kind: 'leaf',
          op,
        })
      }
    }
    const sensitive = (flags: object) =>
      (norm({ filter: { op: 'eq', field: 'f', value: 'x', ...flags } }).filter as { sensitive: boolean })
        .sensitive
    expect(sensitive({})).toBe(false)
    expect(sensitive({ caseSensitive: true })).toBe(true)
    expect(sensitive({ caseInsensitive: true })).toBe(false)
    expect(sensitive({ caseInsensitive: false })).toBe(true)
    expect(sensitive({ caseSensitive: false, caseInsensitive: false })).toBe(false)
  })

  it('logical ops: empty children, nested empty filters dropped, `not`', () => {
    expect(norm({ filter: { op: 'AND', children: null } }).filter).toEqual({ kind: 'and', children: [] })
    expect(
      norm({ filter: { op: 'or', children: [{ op: '' }, { op: 'exists', field: 'a' }] } }).filter,
    ).toEqual({
      kind: 'or',
      children: [{ kind: 'leaf', op: 'exists', field: 'a', value: null, sensitive: false }],
    })
    expect(norm({ filter: { op: 'not', children: [{ op: 'exists', field: 'a' }] } }).filter?.kind).toBe('not')
  })

  it('every aggregation op (any case) and the lenient argument shapes of §2.3', () => {
    const arg = (a: object) => norm({ aggregations: [a] }).aggregations[0]
    expect(arg({ op: 'TOPK', field: 'f', argument: 3 }).argument).toEqual({ kind: 'k', k: 3 })
    expect(arg({ op: 'topk', field: 'f', argument: { k: 4 } }).argument).toEqual({ kind: 'k', k: 4 })
    expect(arg({ op: 'topk', field: 'f' }).argument).toEqual({ kind: 'k', k: 10 })
    expect(arg({ op: 'percentiles', field: 'f', argument: [50, 99.9] }).argument).toEqual({
      kind: 'percentiles',
      percentiles: [50, 99.9],
    })
    expect(arg({ op: 'percentiles', field: 'f', argument: 75 }).argument).toEqual({
      kind: 'percentiles',
      percentiles: [75],
    })
    expect(arg({ op: 'countif', argument: 'status >= 500' }).argument).toMatchObject({
      kind: 'predicate',
      predicate: { expr: { kind: 'Binary' } },
    })
    expect(
      arg({ op: 'distinctif', field: 'f', argument: { op: 'eq', field: 'g', value: 1 } }).argument,
    ).toMatchObject({
      kind: 'predicate',
      predicate: { filter: { kind: 'leaf', op: '==', field: 'g', value: 1 } },
    })
    expect(arg({ op: 'makesetif', field: 'f', argument: { op: '' } }).argument).toMatchObject({
      predicate: { filter: { kind: 'and', children: [] } },
    })
    for (const op of [
      'count',
      'distinct',
      'sum',
      'avg',
      'min',
      'max',
      'stdev',
      'variance',
      'makeset',
      'makelist',
      'rate',
    ]) {
      const a = arg({ op: op.toUpperCase(), field: 'f' })
      expect(a.op).toBe(op)
      expect(a.alias).toBe(op.toUpperCase())
    }
    expect(arg({ op: 'count', field: 'ignored', alias: '' }).field).toBe('*')
  })

  it('argmin / argmax (shapes this server chose): absent = every field, a list, or {fields}', () => {
    const arg = (a: object) => norm({ aggregations: [a] }).aggregations[0]
    expect(arg({ op: 'ARGMAX', field: 'f' })).toEqual({
      op: 'argmax',
      field: 'f',
      alias: 'ARGMAX',
      argument: { kind: 'fields', fields: null },
    })
    expect(arg({ op: 'argmin', field: 'f', argument: null }).argument).toEqual({
      kind: 'fields',
      fields: null,
    })
    expect(arg({ op: 'argmin', field: 'f', argument: ['a', 'b.c', 'a'] }).argument).toEqual({
      kind: 'fields',
      fields: ['a', 'b.c'],
    })
    expect(arg({ op: 'argMax', field: 'f', argument: { fields: [] } }).argument).toEqual({
      kind: 'fields',
      fields: [],
    })
    expect(arg({ op: 'argmax', field: 'f', argument: { fields: null } }).argument).toEqual({
      kind: 'fields',
      fields: null,
    })
  })

  it('limit 0 is 1,000; resolution auto, empty or a Go duration; groupBy deduplicated', () => {
    expect(norm({ limit: 0 }).limit).toBe(1000)
    expect(norm({ limit: 50_000 }).limit).toBe(50_000)
    expect(norm({ resolution: '' }).resolution).toBe('auto')
    expect(norm({ resolution: 'AUTO' }).resolution).toBe('auto')
    expect(norm({ resolution: '1m30s' }).resolution).toBe(90_000_000_000n)
    expect(norm({ resolution: '0s' }).resolution).toBe('auto')
    expect(norm({ aggregations: [{ op: 'count' }], groupBy: ['a', 'b', 'a'] }).groupBy).toEqual(['a', 'b'])
    expect(norm({ groupBy: ['a'] }).groupBy).toEqual([])
  })
})

describe('bad requests fail with a stable code and say what to fix', () => {
  it('the body', () => {
    fails([], 'invalid_request', /request must be an object/)
    fails('x', 'invalid_request', /request must be an object/)
    fails({ groupBy: [1] }, 'invalid_request', /groupBy\[0\]/)
    fails({ includeCursor: 'yes', cursor: '' }, 'invalid_request', /includeCursor/)
  })

  it('times', () => {
    fails({ startTime: 'yesterday' }, 'invalid_time', /startTime 'yesterday'/)
    fails({ endTime: 5 }, 'invalid_time', /endTime must be a string/)
  })

  it('filters', () => {
    fails({ filter: { op: 'like', field: 'a' } }, 'invalid_filter', /op 'like' is not a filter op/)
    fails({ filter: { op: 'eq', value: 1 } }, 'invalid_filter', /filter\.field is required/)
    fails(
      { filter: { op: 'eq', field: 'a', value: { x: 1 } } },
      'invalid_filter',
      /value must be a string, number/,
    )
    fails({ filter: { op: 'not', children: [] } }, 'invalid_filter', /'not' needs at least one child/)
    fails(
      { filter: { op: 'and', children: [{ op: 'or', children: 'x' }] } },
      'invalid_filter',
      /children\[0\]\.children must be an array/,
    )
    fails({ filter: 'status == 500' }, 'invalid_filter', /filter must be an object/)
    let deep: object = { op: 'exists', field: 'a' }
    for (let i = 0; i < 100; i++) deep = { op: 'not', children: [deep] }
    fails({ filter: deep }, 'invalid_filter', /deeper than 64/)
  })

  it('aggregations', () => {
    fails(
      { aggregations: [{ op: 'median', field: 'a' }] },
      'invalid_aggregation',
      /'median' is not an aggregation/,
    )
    fails({ aggregations: [{ field: 'a' }] }, 'invalid_aggregation', /op is required/)
    fails({ aggregations: [{ op: 'sum' }] }, 'invalid_aggregation', /sum needs a field/)
    fails({ aggregations: [{ op: 'avg', field: '*' }] }, 'invalid_aggregation', /avg needs a field/)
    fails(
      { aggregations: [{ op: 'topk', field: 'a', argument: 0 }] },
      'invalid_aggregation',
      /argument must be a whole number/,
    )
    fails(
      { aggregations: [{ op: 'percentiles', field: 'a', argument: [101] }] },
      'invalid_aggregation',
      /percentile 0…100/,
    )
    fails({ aggregations: [{ op: 'countif' }] }, 'invalid_aggregation', /filter object or an APL predicate/)
    fails(
      { aggregations: [{ op: 'countif', argument: 'x | take 1' }] },
      'invalid_aggregation',
      /one scalar expression/,
    )
    fails({ aggregations: 'count' }, 'invalid_aggregation', /aggregations must be an array/)
  })

  it('argmin / argmax: a field is required; the field list must be names', () => {
    fails({ aggregations: [{ op: 'argmax' }] }, 'invalid_aggregation', /argmax needs a field/)
    for (const argument of ['a', 3, [1], ['a', ''], ['*'], { fields: 'a' }])
      fails(
        { aggregations: [{ op: 'ArgMin', field: 'a', argument }] },
        'invalid_aggregation',
        /argument must be an array of up to 10000 field names or \{"fields": \[\.\.\.\]\}/,
      )
  })

  it('resolution, limit, order, project', () => {
    fails({ resolution: '1x' }, 'invalid_resolution', /'1x' is not 'auto' or a Go duration/)
    fails({ resolution: '-1m' }, 'invalid_resolution', /-1m/)
    for (const limit of [-1, 1.5, 50_001, '10'])
      fails({ limit }, 'invalid_limit', /limit must be a whole number 0…50000/)
    fails({ order: [{ desc: true }] }, 'invalid_order', /order\[0\]\.field is required/)
    fails({ order: ['a'] }, 'invalid_order', /order\[0\] must be an object/)
    fails({ project: [{ alias: 'x' }] }, 'invalid_projection', /project\[0\]\.field is required/)
    fails(
      { project: [{ field: 'a', alias: 'x' }, { field: 'x' }] },
      'invalid_projection',
      /'x' appears twice/,
    )
  })

  it('virtual fields: only one scalar expression each, no duplicates', () => {
    fails(
      { virtualFields: [{ alias: 'x', expr: 'toint(' }] },
      'invalid_virtual_field',
      /'x'.*not an APL expression/,
    )
    fails(
      { virtualFields: [{ alias: 'x', expr: '1 | take 1' }] },
      'invalid_virtual_field',
      /one scalar expression/,
    )
    fails({ virtualFields: [{ alias: 'x', expr: '1; print 2' }] }, 'invalid_virtual_field', /x/)
    fails({ virtualFields: [{ alias: 'x', expr: 'a = 1' }] }, 'invalid_virtual_field', /not an assignment/)
    fails({ virtualFields: [{ alias: 'x', expr: '' }] }, 'invalid_virtual_field', /expr is required/)
    fails(
      { virtualFields: [{ alias: '_time', expr: 'now()' }] },
      'invalid_virtual_field',
      /'_time' is a system field/,
    )
    fails(
      {
        virtualFields: [
          { alias: 'x', expr: '1' },
          { alias: 'x', expr: '2' },
        ],
      },
      'invalid_virtual_field',
      /'x' appears twice/,
    )
  })

  it('cursors and continuation tokens must be ones this server issued', () => {
    fails({ cursor: 'c776x1uafkpu-4918f6cb9000095-0' }, 'invalid_cursor', /cursor 'c776x1uafkpu/)
    fails({ continuationToken: 'not a token' }, 'invalid_cursor', /continuationToken/)
    fails(
      { continuationToken: Buffer.from('other:thing').toString('base64url') },
      'invalid_cursor',
      /not issued by this server/,
    )
  })
})
