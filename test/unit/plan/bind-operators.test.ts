// test/unit/plan/bind-operators.test.ts: T2 operators and the remaining statements/sources (let, set,
// print, datatable, union, join, make-series): explain goldens plus the schema each node outputs.

import { describe, expect, it } from 'vitest'
import type { LogicalNode, LogicalOf } from '../../../src/plan/index.ts'
import { expectPlan } from './fixtures.ts'

const Q = "['sample-http-logs']"

function root<K extends LogicalNode['kind']>(node: LogicalNode, kind: K): LogicalOf<K> {
  expect(node.kind).toBe(kind)
  return node as LogicalOf<K>
}

const names = (n: LogicalNode) => n.schema.map((c) => c.name)
const typed = (n: LogicalNode) => n.schema.map((c) => `${c.name}:${c.type}`)

describe('projection operators', () => {
  it('extend appends, and a reassigned column moves to the end; unnamed expressions are Column1…', () => {
    const e = root(
      expectPlan('t2-extend', `${Q} | project uri, method | extend uri = strlen(uri), n = 1, toupper(method)`)
        .root,
      'Extend',
    )
    expect(typed(e)).toEqual(['method:string', 'uri:long', 'n:long', 'Column1:string'])
  })

  it('extend assignments see only the input', () => {
    const e = root(
      expectPlan('t2-extend-sees-input', `${Q} | project uri | extend uri = 1, n = uri`).root,
      'Extend',
    )
    expect(e.columns[1].expr).toMatchObject({ kind: 'Column', name: 'uri', type: 'string' })
  })

  it('project selects, renames and computes in list order', () => {
    const p = root(
      expectPlan('t2-project', `${Q} | project method, size = resp_body_size_bytes * 2, ['geo.city']`).root,
      'Project',
    )
    expect(typed(p)).toEqual(['method:string', 'size:long', 'geo.city:string'])
  })

  it('project-away with names and wildcards', () => {
    const p = root(
      expectPlan('t2-project-away', `${Q} | project-away ['geo.']*, *_bytes, id, _sysTime`).root,
      'Project',
    )
    expect(names(p)).toEqual([
      '_time',
      'status',
      'method',
      'uri',
      'req_duration_ms',
      'content_type',
      'server_datacenter',
      'is_tls',
      'user_agent',
      'message',
    ])
  })

  it('project-keep keeps input order', () => {
    const p = root(expectPlan('t2-project-keep', `${Q} | project-keep uri, st*, _time`).root, 'Project')
    expect(names(p)).toEqual(['_time', 'status', 'uri'])
  })

  it('project-rename keeps positions', () => {
    const p = root(
      expectPlan('t2-project-rename', `${Q} | project uri, method | project-rename path = uri, verb = method`)
        .root,
      'Project',
    )
    expect(names(p)).toEqual(['path', 'verb'])
  })

  it('distinct of columns and distinct *', () => {
    expect(names(root(expectPlan('t2-distinct', `${Q} | distinct method, status`).root, 'Distinct'))).toEqual(
      ['method', 'status'],
    )
    const all = root(
      expectPlan('t2-distinct-star', `${Q} | project method, uri | distinct *`).root,
      'Distinct',
    )
    expect(names(all)).toEqual(['method', 'uri'])
  })
})

describe('row operators', () => {
  it('take and limit both bind to Limit', () => {
    expect(root(expectPlan('t2-take', `${Q} | take 10`).root, 'Limit').count).toBe(10n)
    expect(root(expectPlan('t2-limit', `${Q} | limit 5`).root, 'Limit').count).toBe(5n)
  })

  it('sort and order', () => {
    const s = root(expectPlan('t2-order', `${Q} | order by req_duration_ms asc, _time`).root, 'Sort')
    expect(s.keys.map((k) => k.descending)).toEqual([false, true])
  })

  it('| count outputs count_', () => {
    const plan = expectPlan('t2-count', `${Q} | where method == "GET" | count`)
    expect(typed(root(plan.root, 'CountRows'))).toEqual(['count_:long'])
    expect(plan.limited).toBe(true)
  })
})

describe('multi-input operators', () => {
  it('union merges schemas by name and adds withsource first', () => {
    const u = root(
      expectPlan(
        't2-union',
        `${Q} | project uri, n = 1 | union withsource=ds (['otel-demo-traces'] | project uri = trace_id, n = 1.5)`,
      ).root,
      'Union',
    )
    expect(typed(u)).toEqual(['ds:string', 'uri:string', 'n:real'])
    expect(u.sourceNames).toEqual(['union_arg0', 'union_arg1'])
  })

  it('union as a source over a dataset wildcard', () => {
    const plan = expectPlan(
      't2-union-source',
      'union withsource=dataset github* | summarize count() by dataset',
    )
    expect(plan.datasets).toEqual(['github-issues-event', 'github-push-event'])
  })

  it('join on a shared column: right duplicates get a numeric suffix', () => {
    const j = root(
      expectPlan(
        't2-join',
        `['otel-demo-traces'] | project trace_id, kind | join kind=leftouter (['otel-demo-traces'] | project trace_id, span_id) on trace_id`,
      ).root,
      'Join',
    )
    expect(names(j)).toEqual(['trace_id', 'kind', 'trace_id1', 'span_id'])
    expect(j.rightNames).toEqual([
      { from: 'trace_id', to: 'trace_id1' },
      { from: 'span_id', to: 'span_id' },
    ])
  })

  it('join with $left/$right keys (either order) and the default kind', () => {
    const j = root(
      expectPlan(
        't2-join-qualified',
        `['otel-demo-traces'] | join (${Q}) on $right.id == $left.trace_id, $left.['service.name'] == $right.method`,
      ).root,
      'Join',
    )
    expect(j.joinKind).toBe('inner')
    expect(j.keys.map((k) => [k.left, k.right].map((e) => (e.kind === 'Column' ? e.name : e.kind)))).toEqual([
      ['trace_id', 'id'],
      ['service.name', 'method'],
    ])
  })

  it('semi and anti joins output one side', () => {
    const j = root(
      expectPlan(
        't2-join-leftanti',
        `${Q} | join kind=leftanti (['otel-demo-traces']) on $left.id == $right.trace_id | count`,
      ).root,
      'CountRows',
    )
    const join = root(j.input, 'Join')
    expect(join.rightNames).toEqual([])
    expect(names(join)).toEqual(names(join.left))
  })

  it('make-series: keys, series arrays, then the _time axis', () => {
    const m = root(
      expectPlan(
        't2-make-series',
        `${Q} | make-series count() default = 0, avg(req_duration_ms) on _time from ago(1d) to now() step 1h by method`,
      ).root,
      'MakeSeries',
    )
    expect(typed(m)).toEqual([
      'method:string',
      'count_:dynamic',
      'avg_req_duration_ms:dynamic',
      '_time:dynamic',
    ])
    expect(m.aggregates[0].fill).toMatchObject({ kind: 'Literal', value: 0n })
    expect(m.aggregates[1].fill).toBeNull()
  })
})

describe('statements and sources', () => {
  it('let: scalar, dynamic and tabular bindings', () => {
    const plan = expectPlan(
      't2-let',
      `let min_ms = 1.5; let methods = dynamic(['GET', 'POST']); let T = ${Q} | where method in (methods); T | where req_duration_ms > min_ms | take 3`,
    )
    expect(plan.datasets).toEqual(['sample-http-logs'])
  })

  it('a later let shadows an earlier one; columns shadow let names', () => {
    const f = root(
      expectPlan('t2-let-shadow', `let status = 1; let status = 'x'; ${Q} | where status == status`).root,
      'Filter',
    )
    expect(f.predicate).toMatchObject({ left: { kind: 'Column' }, right: { kind: 'Column' } })
  })

  it('set stricttypes is recorded on the plan', () => {
    expect(
      expectPlan('t2-set-stricttypes', `set stricttypes; ${Q} | where toint(status) >= 500`).strictTypes,
    ).toBe(true)
  })

  it('print names unnamed columns print_0, print_1, …', () => {
    const p = root(expectPlan('t2-print', `print a = 1, strlen('abc'), now() - 1h`).root, 'Print')
    expect(typed(p)).toEqual(['a:long', 'print_0:long', 'print_1:datetime'])
  })

  it('datatable: typed rows, long widened into real columns', () => {
    const d = root(
      expectPlan('t2-datatable', `datatable(n:long, x:real, s:string)[1, 2, 'a', 3, 4.5, 'b'] | where x > 1`)
        .root,
      'Filter',
    )
    const table = root(d.input, 'Datatable')
    expect(table.rows[0][1]).toMatchObject({ type: 'real', value: 2 })
    expect(typed(table)).toEqual(['n:long', 'x:real', 's:string'])
  })

  it('sub-query as a source', () => {
    expect(
      root(expectPlan('t2-subquery', `(${Q} | where method == 'GET') | count`).root, 'CountRows'),
    ).toBeTruthy()
  })
})

describe('expressions', () => {
  it('dynamic access: bracket chains, dotted members, indexes', () => {
    const p = root(
      expectPlan(
        't2-dynamic-access',
        `['otel-demo-traces'] | project proto = ['attributes.custom']['http.protocol'], user = ['attributes.custom'].user.id, first = events[0].name, events[1]`,
      ).root,
      'Project',
    )
    expect(typed(p)).toEqual(['proto:dynamic', 'user:dynamic', 'first:dynamic', 'Column1:dynamic'])
  })

  it('in, !in, between, not, arithmetic, iff/case', () => {
    const plan = expectPlan(
      't2-expressions',
      `${Q} | where method in ('GET', 'POST') and status !in ('500') and req_duration_ms between (1 .. 5) and not(is_tls) | extend kb = resp_body_size_bytes / 1024.0, cls = iff(req_duration_ms > 1, 'slow', 'fast'), c = case(status startswith '5', 'error', 'ok')`,
    )
    expect(typed(plan.root).slice(-3)).toEqual(['kb:real', 'cls:string', 'c:string'])
  })
})
