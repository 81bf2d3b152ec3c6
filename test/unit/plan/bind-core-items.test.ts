// test/unit/plan/bind-core-items.test.ts: every T1 (core) item of apl-reference §9, bound positively:
// explain golden plus the plan facts that item is about (row, names, types, defaults).

import { describe, expect, it } from 'vitest'
import type { LogicalNode, LogicalOf } from '../../../src/plan/index.ts'
import { expectPlan } from './fixtures.ts'

const Q = "['sample-http-logs']"

function root<K extends LogicalNode['kind']>(node: LogicalNode, kind: K): LogicalOf<K> {
  expect(node.kind).toBe(kind)
  return node as LogicalOf<K>
}

describe('T1 tabular operators', () => {
  it('where: a Filter with a bool predicate over the scan', () => {
    const plan = expectPlan('t1-where', `${Q} | where method == 'GET'`)
    const f = root(plan.root, 'Filter')
    expect(f.predicate.type).toBe('bool')
    expect(root(f.input, 'Scan').dataset).toBe('sample-http-logs')
  })

  it('summarize … by: keys then aggregates, the brief example', () => {
    const plan = expectPlan('t1-summarize-by', `${Q} | where method == "GET" | summarize count() by status`)
    const a = root(plan.root, 'Aggregate')
    expect(a.schema.map((c) => `${c.name}:${c.type}`)).toEqual(['status:string', 'count_:long'])
    expect(a.aggregates[0].wireName).toBe('count')
    const scan = root(root(a.input, 'Filter').input, 'Scan')
    expect(scan.fields).toEqual(['_time', 'method', 'status'])
  })

  it('summarize without by: one output, no keys', () => {
    const a = root(expectPlan('t1-summarize-no-by', `${Q} | summarize count()`).root, 'Aggregate')
    expect(a.keys).toEqual([])
    expect(a.timeBucket).toBeNull()
  })

  it('top N by … desc (explicit) and the default desc', () => {
    const explicit = root(expectPlan('t1-top-desc', `${Q} | top 5 by req_duration_ms desc`).root, 'TopN')
    expect(explicit.count).toBe(5n)
    expect(explicit.keys[0]).toMatchObject({ descending: true, nullsFirst: false })
    const implicit = root(expectPlan('t1-top-default', `${Q} | top 3 by resp_body_size_bytes`).root, 'TopN')
    expect(implicit.keys[0]).toMatchObject({ descending: true, nullsFirst: false })
  })

  it('top N by … asc puts nulls first', () => {
    const t = root(expectPlan('t1-top-asc', `${Q} | top 10 by req_duration_ms asc`).root, 'TopN')
    expect(t.keys[0]).toMatchObject({ descending: false, nullsFirst: true })
  })

  it('top after summarize sorts by the generated count_ column', () => {
    const plan = expectPlan('t1-top-after-summarize', `${Q} | summarize count() by uri | top 3 by count_`)
    const t = root(plan.root, 'TopN')
    expect(t.keys[0].expr).toMatchObject({ kind: 'Column', name: 'count_', type: 'long' })
    expect(plan.order).toBe('explicit')
    expect(plan.limited).toBe(true)
  })

  it('search as a source over one dataset: a bare term is `* has term` over string columns', () => {
    const plan = expectPlan('t1-search-source', `search in (${Q}) "GET"`)
    const s = root(plan.root, 'Search')
    expect(s.predicate.kind).toBe('AnyColumn')
    if (s.predicate.kind === 'AnyColumn') {
      expect(s.predicate.op.name).toBe('has')
      expect(s.predicate.columns.map((c) => c.name)).toContain('geo.city')
      expect(s.predicate.columns.map((c) => c.name)).not.toContain('req_duration_ms')
    }
  })

  it('search after a pipe with wildcards, field terms, not, and kind=case_sensitive', () => {
    const plan = expectPlan(
      't1-search-pipe',
      `${Q} | search kind=case_sensitive "err*" and uri:"*payment*" and not "*.css" and "a*b" and method == "GET"`,
    )
    const s = root(plan.root, 'Search')
    expect(s.caseSensitive).toBe(true)
    expect(plan.datasets).toEqual(['sample-http-logs'])
  })

  it('search without in (…) reads every dataset; `search *` keeps every row', () => {
    const plan = expectPlan('t1-search-all', 'search *')
    const s = root(plan.root, 'Search')
    expect(s.predicate).toMatchObject({ kind: 'Literal', value: true })
    expect(plan.datasets).toEqual([
      'github-issues-event',
      'github-push-event',
      'mixed-http-logs',
      'otel-demo-traces',
      'sample-http-logs',
    ])
  })

  it('search in (pattern*) unions the matching datasets', () => {
    const plan = expectPlan('t1-search-wildcard', 'search in (github*) "axiom"')
    expect(root(root(plan.root, 'Search').input, 'Union').sourceNames).toEqual([
      'github-issues-event',
      'github-push-event',
    ])
  })

  it('where * has "x": AnyColumn in an ordinary where', () => {
    const f = root(
      expectPlan('t1-where-star-has', `${Q} | where * has "GET" and req_duration_ms == 1`).root,
      'Filter',
    )
    expect(f.predicate.kind).toBe('Binary')
  })
})

describe('T1 aggregations', () => {
  it('count, dcount, avg, min, max: rows, default names, wire names, types', () => {
    const a = root(
      expectPlan(
        't1-aggregations',
        `${Q} | summarize count(), dcount(id), avg(req_duration_ms), min(req_duration_ms), max(resp_body_size_bytes) by method`,
      ).root,
      'Aggregate',
    )
    expect(a.aggregates.map((x) => [x.name, x.wireName, x.expr.type])).toEqual([
      ['count_', 'count', 'long'],
      ['dcount_id', 'distinct', 'long'],
      ['avg_req_duration_ms', 'avg', 'real'],
      ['min_req_duration_ms', 'min', 'real'],
      ['max_resp_body_size_bytes', 'max', 'long'],
    ])
  })

  it('percentile names the column percentile_<col>_<p> with . → _ (§10.1)', () => {
    const a = root(
      expectPlan(
        't1-percentile',
        `${Q} | summarize percentile(req_duration_ms, 95), percentile(req_duration_ms, 99.5)`,
      ).root,
      'Aggregate',
    )
    expect(a.aggregates.map((x) => x.name)).toEqual([
      'percentile_req_duration_ms_95',
      'percentile_req_duration_ms_99_5',
    ])
    expect(a.aggregates[0].wireName).toBe('percentiles')
  })

  it('topk yields a dynamic cell named topk_<col>', () => {
    const a = root(
      expectPlan('t1-topk', `${Q} | summarize topk(uri, 10) by bin(_time, 1h)`).root,
      'Aggregate',
    )
    expect(a.aggregates[0]).toMatchObject({ name: 'topk_uri', wireName: 'topk' })
    expect(a.aggregates[0].expr.type).toBe('dynamic')
  })

  it('duplicate default names get _1 (§10.1)', () => {
    const a = root(expectPlan('t1-duplicate-names', `${Q} | summarize count(), count()`).root, 'Aggregate')
    expect(a.aggregates.map((x) => x.name)).toEqual(['count_', 'count_1'])
  })
})

describe('T1 functions', () => {
  it('bin(_time, 1h) keeps the name _time and records the time bucket', () => {
    const a = root(expectPlan('t1-bin-time', `${Q} | summarize count() by bin(_time, 1h)`).root, 'Aggregate')
    expect(a.keys[0].name).toBe('_time')
    expect(a.timeBucket).toEqual({ keyIndex: 0, step: 3_600_000_000_000n })
  })

  it('bin over a number keeps its input type', () => {
    const e = root(
      expectPlan('t1-bin-number', `${Q} | extend bucket = bin(resp_body_size_bytes, 1000)`).root,
      'Extend',
    )
    expect(e.columns[0].expr.type).toBe('long')
  })

  it('bin_auto(_time) as a group key: step auto', () => {
    const a = root(
      expectPlan('t1-bin-auto', `${Q} | summarize avg(req_duration_ms) by bin_auto(_time), method`).root,
      'Aggregate',
    )
    expect(a.timeBucket).toEqual({ keyIndex: 0, step: 'auto' })
    expect(a.keys[0].name).toBe('_time')
  })

  it('todouble and its alias toreal bind to the same row, type real', () => {
    const f = root(
      expectPlan('t1-todouble-toreal', `${Q} | where todouble(status) >= 500 and toreal(status) < 600`).root,
      'Filter',
    )
    const p = f.predicate
    expect(p.kind === 'Binary' && p.left.kind === 'Binary' && p.right.kind === 'Binary').toBe(true)
    if (p.kind === 'Binary' && p.left.kind === 'Binary' && p.right.kind === 'Binary') {
      expect(p.left.left).toMatchObject({ kind: 'Call', type: 'real' })
      expect(p.right.left).toMatchObject({ kind: 'Call', type: 'real' })
      if (p.left.left.kind === 'Call' && p.right.left.kind === 'Call') {
        expect(p.left.left.fn).toBe(p.right.left.fn)
        expect(p.left.left.kernel).toBe('todouble')
      }
    }
  })
})

describe('T1 scalar operators', () => {
  it('startswith, endswith, !endswith, !~ bind to their rows', () => {
    const f = root(
      expectPlan(
        't1-string-operators',
        `${Q} | where uri startswith "/api" and uri endswith "go" and content_type !endswith "css" and method !~ "get"`,
      ).root,
      'Filter',
    )
    const kernels: string[] = []
    const walk = (e: typeof f.predicate): void => {
      if (e.kind !== 'Binary') return
      if (e.op.name === 'and') {
        walk(e.left)
        walk(e.right)
      } else kernels.push(e.kernel)
    }
    walk(f.predicate)
    expect(kernels).toEqual(['startswith', 'endswith', 'not_endswith', 'ne_ci'])
  })

  it('== != < <= > >= and or', () => {
    const f = root(
      expectPlan(
        't1-comparisons',
        `${Q} | where (req_duration_ms < 1 or req_duration_ms >= 5) and resp_body_size_bytes <= 5000 and resp_header_size_bytes > 18 and method == "GET" and status != "500"`,
      ).root,
      'Filter',
    )
    expect(f.predicate).toMatchObject({ kind: 'Binary', type: 'bool', coercion: 'none' })
  })
})

describe('T1 implicit core', () => {
  it('dataset references: bracketed with either quote, and bare names', () => {
    expect(
      root(expectPlan('t1-dataset-bracket', `["sample-http-logs"] | count`).root, 'CountRows').schema,
    ).toEqual([{ name: 'count_', type: 'long', storage: [] }])
    const otel = expectPlan('t1-dataset-bare', `let T = ['otel-demo-traces']; T | take 1`)
    expect(otel.datasets).toEqual(['otel-demo-traces'])
  })

  it('bracketed field names name one flattened field', () => {
    const f = root(
      expectPlan('t1-bracket-field', `${Q} | where ['geo.city'] == "Paris" and ['status'] == "200"`).root,
      'Filter',
    )
    const scan = root(f.input, 'Scan')
    expect(scan.fields).toContain('geo.city')
  })

  it('named outputs in summarize and extend: x = count(), _time = bin(_time, 1h)', () => {
    const a = root(
      expectPlan(
        't1-named-outputs',
        `${Q} | summarize total = count(), slow = countif(req_duration_ms > 1) by _time = bin(_time, 1h)`,
      ).root,
      'Aggregate',
    )
    expect(a.schema.map((c) => c.name)).toEqual(['_time', 'total', 'slow'])
  })

  it('sort by: desc by default with nulls last, asc with nulls first, nulls override', () => {
    const s = root(
      expectPlan('t1-asc-desc', `${Q} | sort by _time, method asc, uri desc nulls first`).root,
      'Sort',
    )
    expect(s.keys.map((k) => [k.descending, k.nullsFirst])).toEqual([
      [true, false],
      [false, true],
      [true, true],
    ])
  })

  it('literals: strings with escapes, numbers, bools, timespans, comments', () => {
    const f = root(
      expectPlan(
        't1-literals',
        `${Q} // comment\n| where uri != 'it\\'s' and is_tls == true and _time > ago(1.5h) and req_duration_ms > 0.25 and resp_body_size_bytes > -3`,
      ).root,
      'Filter',
    )
    expect(f.predicate.type).toBe('bool')
  })
})
