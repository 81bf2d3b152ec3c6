// test/unit/plan/bind-parse-expand-lookup.test.ts: the operators of issue 21 (parse family, project-reorder,
// extend-valid, getschema, lookup, mv-expand, sample, redact, externaldata): explain goldens, the
// schema each outputs, and their binder errors with spans.

import { describe, expect, it } from 'vitest'
import type { LogicalNode } from '../../../src/plan/index.ts'
import { expectError, expectPlan } from './fixtures.ts'

const Q = "['sample-http-logs']"

const typed = (n: LogicalNode) => n.schema.map((c) => `${c.name}:${c.type}`)

describe('parse family', () => {
  it('parse: typed captures appended, a replaced column moves to the end', () => {
    const p = expectPlan(
      't3-parse-simple',
      `${Q} | project uri, method | parse uri with * '/api/' version:long '/' method`,
    ).root
    expect(p.kind).toBe('Parse')
    expect(typed(p)).toEqual(['uri:string', 'version:long', 'method:string'])
  })

  it('parse kind=regex with flags, parse-where, parse-kv', () => {
    expectPlan('t3-parse-regex', `${Q} | parse kind=regex flags=i uri with @'/API/v' v:long * | project v`)
    expectPlan('t3-parse-where', `${Q} | parse-where kind=regex uri with '/' a '/' b:real | project a, b`)
    expectPlan(
      't3-parse-kv',
      `${Q} | parse-kv uri as (a, b:long) with (pair_delimiter='&', kv_delimiter='=', quote='"') | project a, b`,
    )
  })

  it('parse-kv shows its extraction mode in explain: words, regex, quote pairs', () => {
    expectPlan('t3-parse-kv-words', `${Q} | parse-kv uri as (a, b:long) | project a, b`)
    expectPlan(
      't3-parse-kv-words-quoted',
      `${Q} | parse-kv uri as (a) with (quote='"', quote='()', escape='\\\\') | project a`,
    )
    expectPlan(
      't3-parse-kv-regex',
      `${Q} | parse-kv uri as (a, b) with (regex=@'(\\w+)=(\\w*)') | project a, b`,
    )
  })

  it('parse-kv refuses a mode mix, a bad regex and a bad quote at the option', () => {
    expectError(
      'err-parse-kv-regex-groups',
      `${Q} | parse-kv uri as (a) with (regex=@'(\\w+)=\\w*')`,
      'APL0317',
      "@'(\\w+)=\\w*'",
    )
    expectError(
      'err-parse-kv-regex-re2',
      `${Q} | parse-kv uri as (a) with (regex='(a)(?=b)(c)')`,
      'APL0311',
      "'(a)(?=b)(c)'",
    )
    expectError(
      'err-parse-kv-regex-mix',
      `${Q} | parse-kv uri as (a) with (regex='(a)(b)', quote='"')`,
      'APL0317',
      `quote='"'`,
    )
    expectError('err-parse-kv-quote', `${Q} | parse-kv uri as (a) with (quote='<<>')`, 'APL0317', "'<<>'")
    expectError(
      'err-parse-kv-greedy-words',
      `${Q} | parse-kv uri as (a) with (greedy=true)`,
      'APL0317',
      'greedy=true',
    )
    expectError(
      'err-parse-kv-one-delimiter',
      `${Q} | parse-kv uri as (a) with (pair_delimiter='&')`,
      'APL0317',
      `parse-kv uri as (a) with (pair_delimiter='&')`,
    )
  })

  it('errors at the offending item', () => {
    expectError('err-parse-kind', `${Q} | parse kind=fuzzy uri with a '/' b`, 'APL0317', 'fuzzy')
    expectError(
      'err-parse-where-relaxed',
      `${Q} | parse-where kind=relaxed uri with a '/' b`,
      'APL0317',
      'relaxed',
    )
    expectError('err-parse-flags', `${Q} | parse flags=i uri with a '/' b`, 'APL0317', 'i', 'flags=')
    expectError('err-parse-regex', `${Q} | parse kind=regex uri with a '(' b`, 'APL0311', "'('")
    expectError('err-parse-star', `${Q} | parse uri with a * '/' b`, 'APL0317', '*')
    expectError('err-parse-no-capture', `${Q} | parse uri with * '/' *`, 'APL0317', "parse uri with * '/' *")
    expectError(
      'err-parse-kv-option',
      `${Q} | parse-kv uri as (a) with (pair_delimiter='&', kv_delimiter='=', x='y')`,
      'APL0317',
      "x='y'",
    )
  })
})

describe('project-reorder, extend-valid, getschema', () => {
  it('project-reorder binds to a Project of every column, the listed ones first', () => {
    const p = expectPlan('t3-project-reorder', `${Q} | project-reorder status, ['geo.']* desc`).root
    expect(p.kind).toBe('Project')
    expect(p.schema.slice(0, 3).map((c) => c.name)).toEqual(['status', 'geo.country', 'geo.city'])
  })

  it('extend-valid keeps an existing column of the same type through coalesce', () => {
    const p = expectPlan('t3-extend-valid', `${Q} | extend-valid uri = tolower(uri), n = strlen(uri)`).root
    expect(typed(p).slice(-2)).toEqual(['uri:string', 'n:long'])
  })

  it('getschema is an inline table of the input columns', () => {
    const p = expectPlan('t3-getschema', `${Q} | project status, uri | getschema`).root
    expect(p.kind).toBe('Datatable')
    expect(typed(p)).toEqual([
      'ColumnName:string',
      'ColumnOrdinal:long',
      'ColumnType:string',
      'DataType:string',
    ])
  })
})

describe('lookup', () => {
  it('binds to a left outer Join under a Project without the right key columns', () => {
    const p = expectPlan(
      't3-lookup',
      `${Q} | project id, uri | lookup (${Q} | project id, method, status) on id`,
    ).root
    expect(p.kind).toBe('Project')
    expect(p.schema.map((c) => c.name)).toEqual(['id', 'uri', 'method', 'status'])
  })

  it('kind=inner with $left/$right keys', () => {
    expectPlan(
      't3-lookup-inner',
      `${Q} | project id, uri | lookup kind=inner (${Q} | project code = id, method) on $left.id == $right.code`,
    )
  })
})

describe('mv-expand', () => {
  it('an expanded column keeps its place, the index column goes last', () => {
    const p = expectPlan(
      't3-mv-expand',
      `${Q} | extend a = dynamic([1, 2]), b = dynamic({"k": 1}) | project a, uri, b | mv-expand kind=bag with_itemindex=i a to typeof(long), b limit 5`,
    ).root
    expect(p.kind).toBe('MvExpand')
    expect(typed(p)).toEqual(['a:long', 'uri:string', 'b:dynamic', 'i:long'])
  })

  it('refuses a non-dynamic column at its span', () => {
    expectError('err-mv-expand-string', `${Q} | mv-expand uri`, 'APL0314', 'uri', 'mv-expand')
  })
})

describe('sample', () => {
  it("sits right above the scan's filters when its rows are events; by position otherwise", () => {
    const p = expectPlan(
      't3-sample-event',
      `set sample_seed = 7; ${Q} | where status == '500' | extend n = strlen(uri) | project n, uri | sample 0.25`,
    ).root
    expect(p.kind).toBe('Project')
    const s = (p as { input: LogicalNode }).input as { input: LogicalNode }
    expect(s.input.kind).toBe('Sample')
    const o = expectPlan('t3-sample-ordinal', `${Q} | summarize c = count() by method | sample 0.5`).root
    expect(o.kind).toBe('Sample')
    expect(typed(o)).toEqual(['method:string', 'c:long'])
  })

  it('refuses p outside (0, 1), a non-constant p and a bad seed, at their spans', () => {
    expectError('err-sample-range', `${Q} | sample 1.5`, 'APL0317', '1.5')
    expectError('err-sample-constant', `${Q} | sample req_duration_ms`, 'APL0319', 'req_duration_ms')
    expectError('err-sample-seed', `set sample_seed = 'x'; ${Q} | sample 0.5`, 'APL0317', "'x'")
  })
})

describe('redact', () => {
  it('every string column by default, the named ones with `on`', () => {
    const p = expectPlan(
      't3-redact',
      `${Q} | project uri, status, req_duration_ms | redact @'[0-9]+', @'api'`,
    ).root
    expect(p.kind === 'Redact' && p.columns).toEqual(['uri', 'status'])
    expectPlan('t3-redact-on', `${Q} | redact replaceHash=true redactGroups=true @'/(v[0-9])/' on uri`)
  })

  it('refuses a bad regex, both token and hash, a column that is not a string, at their spans', () => {
    expectError('err-redact-regex', `${Q} | redact @'a(' on uri`, 'APL0311', "@'a('")
    expectError(
      'err-redact-both',
      `${Q} | redact replaceToken='x' replaceHash=true @'a'`,
      'APL0317',
      'replaceHash=true',
    )
    expectError('err-redact-type', `${Q} | redact @'a' on req_duration_ms`, 'APL0314', 'req_duration_ms')
  })
})
