// test/unit/syntax/operators.test.ts: each tabular operator (apl-reference §4) and each T1 item,
// positive (AST shape) and negative (diagnostic code).
import { describe, expect, it } from 'vitest'
import { stripSpans } from '../../../src/syntax/strip-spans.ts'
import { codeOf, expr, NS, n, op, parseOk } from './helpers.ts'

const T1_QUERY = `['sample-http-logs']
| where status == '500' and method !~ "get" // T1 comparisons
| summarize x = count(), dcount(id), avg(req_duration_ms), min(req_duration_ms), max(req_duration_ms),
    percentile(req_duration_ms, 95), topk(uri, 5), todouble(status), toreal(status)
    by _time = bin(_time, 1h), bin_auto(_time)
| top 10 by x desc`

describe('T1', () => {
  it('where: keeps the predicate', () => {
    expect(op('where x == 1')).toEqual({ kind: 'Where', predicate: n.bin('==', n.name('x'), n.long(1)) })
    expect(codeOf('T | where')).toBe('APL0102')
  })

  it('where * has "term" (any field)', () => {
    expect(op('where * has "GET"')).toEqual({
      kind: 'Where',
      predicate: n.bin('has', { kind: 'Star' }, n.str('GET')),
    })
  })

  it('summarize … by with named outputs `x = count()` and `_time = bin(_time, 1h)`', () => {
    expect(op('summarize x = count() by _time = bin(_time, 1h)')).toEqual({
      kind: 'Summarize',
      aggregates: [n.named('x', n.call('count'))],
      by: [n.named('_time', n.call('bin', n.name('_time'), n.ts(NS.h)))],
    })
    expect(op('summarize by status')).toEqual({ kind: 'Summarize', aggregates: [], by: [n.name('status')] })
    expect(codeOf('T | summarize count() by')).toBe('APL0102')
    expect(codeOf('T | summarize count() bye x')).toBe('APL0104')
  })

  it('aggregations count, dcount, avg, min, max, percentile, topk parse as calls', () => {
    const body = parseOk(T1_QUERY).body
    if (body.kind !== 'Pipe') throw new Error('pipe expected')
    const summarize = stripSpans(body.operators[1]) as {
      aggregates: { kind: string; name?: { name: string } }[]
    }
    const names = summarize.aggregates.map((a) =>
      a.kind === 'NamedExpr'
        ? (a as unknown as { expr: { name: { name: string } } }).expr.name.name
        : a.name?.name,
    )
    expect(names).toEqual([
      'count',
      'dcount',
      'avg',
      'min',
      'max',
      'percentile',
      'topk',
      'todouble',
      'toreal',
    ])
    expect(codeOf('T | summarize dcount(')).toBe('APL0102')
  })

  it('functions bin, bin_auto, todouble/toreal parse with their arguments', () => {
    expect(expr('bin(_time, 5m)')).toEqual(n.call('bin', n.name('_time'), n.ts(5n * NS.m)))
    expect(expr('bin_auto(_time)')).toEqual(n.call('bin_auto', n.name('_time')))
    expect(expr('todouble(status)')).toEqual(n.call('todouble', n.name('status')))
    expect(expr('toreal(status)')).toEqual(n.call('toreal', n.name('status')))
    expect(codeOf('print bin(_time, 5m')).toBe('APL0102')
  })

  it('top N by expr with asc / desc', () => {
    expect(op('top 10 by count_ desc')).toEqual({
      kind: 'Top',
      count: n.long(10),
      by: { kind: 'OrderedExpr', expr: n.name('count_'), order: 'desc', nulls: null },
    })
    expect((op('top 3 by x asc') as { by: { order: string } }).by.order).toBe('asc')
    expect(codeOf('T | top 10')).toBe('APL0102')
    expect(codeOf('T | top 10 bi x')).toBe('APL0101')
  })

  it('search as a query source and as an operator, with kind= and in (…)', () => {
    expect(stripSpans(parseOk('search kind=case_sensitive in (github*, T) "error"').body)).toEqual({
      kind: 'Search',
      caseKind: n.name('case_sensitive'),
      sources: [{ kind: 'Wildcard', pattern: 'github*' }, n.name('T')],
      predicate: n.str('error'),
    })
    expect(op('search "x" and f:"y"')).toEqual({
      kind: 'Search',
      caseKind: null,
      sources: [],
      predicate: n.bin('and', n.str('x'), n.bin(':', n.name('f'), n.str('y'))),
    })
    expect(stripSpans(parseOk('search *').body)).toMatchObject({ predicate: { kind: 'Star' } })
    expect(codeOf('search kind="x" "y"')).toBe('APL0110')
    expect(codeOf('search')).toBe('APL0102')
  })

  it('string operators startswith, endswith, !endswith, !~ and comparisons == != < <= > >=', () => {
    for (const o of ['startswith', 'endswith', '!endswith', '!~', '==', '!=', '<', '<=', '>', '>=']) {
      expect(expr(`a ${o} b`), o).toEqual(n.bin(o, n.name('a'), n.name('b')))
    }
    expect(expr('a <> b')).toEqual(n.bin('!=', n.name('a'), n.name('b')))
    expect(codeOf('print a startswith')).toBe('APL0102')
  })

  it('and / or with `and` binding tighter', () => {
    expect(expr('a or b and c')).toEqual(n.bin('or', n.name('a'), n.bin('and', n.name('b'), n.name('c'))))
    expect(codeOf('print a and')).toBe('APL0102')
  })

  it('dataset references: bare, [\'…\'] and ["…"]', () => {
    expect(stripSpans(parseOk("['sample-http-logs']").body)).toEqual(n.bracket('sample-http-logs'))
    expect(stripSpans(parseOk('["otel-demo-traces"] | count').body)).toMatchObject({
      source: n.bracket('otel-demo-traces'),
    })
    expect(stripSpans(parseOk('hn').body)).toEqual(n.name('hn'))
    expect(codeOf("['sample-http-logs'")).toBe('APL0102')
  })

  it('bracket-quoted field names are single flattened names', () => {
    expect(expr("['geo.city']")).toEqual(n.bracket('geo.city'))
    expect(expr("['attributes.custom']['http.protocol']")).toEqual(
      n.index(n.bracket('attributes.custom'), n.str('http.protocol')),
    )
    expect(op("extend ['geo.x'] = 1")).toEqual({
      kind: 'Extend',
      columns: [{ kind: 'NamedExpr', name: n.bracket('geo.x'), expr: n.long(1) }],
    })
    expect(codeOf("print ['a' ]]")).toBe('APL0104')
  })

  it('comments anywhere, including inside argument lists and at the end', () => {
    const withComments = parseOk('T // source\n| summarize count(// inside\n) // after\n by x // end')
    expect(stripSpans(withComments)).toEqual(stripSpans(parseOk('T | summarize count() by x')))
    expect(codeOf('T | where x /* block */')).toBe('APL0104')
  })

  it('whole T1 sample query parses', () => {
    expect(parseOk(T1_QUERY).kind).toBe('Query')
  })
})

describe('T2 operators', () => {
  it('extend and project (named and unnamed columns)', () => {
    expect(op('extend y = x * 2, z')).toEqual({
      kind: 'Extend',
      columns: [n.named('y', n.bin('*', n.name('x'), n.long(2))), n.name('z')],
    })
    expect(op('project a, b = c')).toEqual({
      kind: 'Project',
      columns: [n.name('a'), n.named('b', n.name('c'))],
    })
    expect(codeOf('T | project')).toBe('APL0102')
    expect(codeOf('T | extend y =')).toBe('APL0102')
  })

  it('project-away / project-keep with wildcards', () => {
    expect(op("project-away status*, ['geo.']*, uri, *")).toEqual({
      kind: 'ProjectAway',
      columns: [
        { kind: 'Wildcard', pattern: 'status*' },
        { kind: 'Wildcard', pattern: 'geo.*' },
        n.name('uri'),
        { kind: 'Wildcard', pattern: '*' },
      ],
    })
    expect(op('project-keep a*b')).toEqual({
      kind: 'ProjectKeep',
      columns: [{ kind: 'Wildcard', pattern: 'a*b' }],
    })
    expect(codeOf('T | project-away status *')).toBe('APL0104')
    expect(codeOf("T | project-away ['a']['b']")).toBe('APL0111')
  })

  it('project-rename New = Old', () => {
    expect(op("project-rename a = b, ['c.d'] = e")).toEqual({
      kind: 'ProjectRename',
      renames: [
        { kind: 'Rename', newName: n.name('a'), oldName: n.name('b') },
        { kind: 'Rename', newName: n.bracket('c.d'), oldName: n.name('e') },
      ],
    })
    expect(codeOf('T | project-rename a = b + 1')).toBe('APL0104')
  })

  it('take / limit and sort / order (asc, desc, nulls first/last)', () => {
    expect(op('take 5')).toEqual({ kind: 'Take', count: n.long(5) })
    expect(op('limit 5')).toEqual({ kind: 'Take', count: n.long(5) })
    const sort = {
      kind: 'Sort',
      keys: [
        { kind: 'OrderedExpr', expr: n.name('a'), order: 'asc', nulls: 'last' },
        { kind: 'OrderedExpr', expr: n.name('b'), order: null, nulls: 'first' },
      ],
    }
    expect(op('sort by a asc nulls last, b nulls first')).toEqual(sort)
    expect(op('order by a asc nulls last, b nulls first')).toEqual(sort)
    expect(codeOf('T | sort a')).toBe('APL0101')
    expect(codeOf('T | take')).toBe('APL0102')
  })

  it('count and distinct', () => {
    expect(op('count')).toEqual({ kind: 'Count' })
    expect(op('distinct a, b')).toEqual({ kind: 'Distinct', columns: [n.name('a'), n.name('b')] })
    expect(codeOf('T | distinct')).toBe('APL0102')
  })

  it('join kind=… (sub-query) on col, $left.a == $right.b', () => {
    expect(op('join kind=inner (S | where x) on id, $left.a == $right.b')).toEqual({
      kind: 'Join',
      joinKind: n.name('inner'),
      right: { kind: 'Pipe', source: n.name('S'), operators: [{ kind: 'Where', predicate: n.name('x') }] },
      on: [n.name('id'), n.bin('==', n.path(n.name('$left'), 'a'), n.path(n.name('$right'), 'b'))],
    })
    expect(codeOf('T | join kind=inner kind=outer S on x')).toBe('APL0110')
    expect(codeOf('T | join withsource=x S on x')).toBe('APL0110')
    expect(codeOf('T | join')).toBe('APL0102')
  })

  it('union as operator and source, with withsource= and wildcards', () => {
    expect(stripSpans(parseOk('union withsource=dataset github*, (T | take 1), hn').body)).toEqual({
      kind: 'Union',
      withSource: n.name('dataset'),
      tables: [
        { kind: 'Wildcard', pattern: 'github*' },
        { kind: 'Pipe', source: n.name('T'), operators: [{ kind: 'Take', count: n.long(1) }] },
        n.name('hn'),
      ],
    })
    expect(op('union *')).toEqual({
      kind: 'Union',
      withSource: null,
      tables: [{ kind: 'Wildcard', pattern: '*' }],
    })
    expect(codeOf('T | union')).toBe('APL0102')
  })

  it('make-series … default= on … from … to … step … by, and `in range(…)`', () => {
    const expected = {
      kind: 'MakeSeries',
      aggregates: [{ kind: 'MakeSeriesAggregate', column: n.call('count'), default: n.long(0) }],
      on: n.name('_time'),
      from: n.call('ago', n.ts(NS.h)),
      to: n.call('now'),
      step: n.ts(NS.m),
      by: [n.name('method')],
    }
    expect(op('make-series count() default=0 on _time from ago(1h) to now() step 1m by method')).toEqual(
      expected,
    )
    expect(op('make-series count() default=0 on _time in range(ago(1h), now(), 1m) by method')).toEqual(
      expected,
    )
    expect(codeOf('T | make-series count() on _time in rnge(1, 2, 3)')).toBe('APL0101')
    expect(codeOf('T | make-series count() on _time from 1 to 2')).toBe('APL0102')
  })

  it('let statements (scalar, dynamic, tabular) and datatable / print sources', () => {
    const q = stripSpans(
      parseOk("let m = dynamic(['GET']); let T = datatable(a:long)[1, -2]; T | where a in (m)"),
    )
    expect(q).toMatchObject({
      statements: [
        { kind: 'Let', name: n.name('m') },
        {
          kind: 'Let',
          name: n.name('T'),
          value: {
            kind: 'Datatable',
            columns: [{ kind: 'ColumnDecl', name: n.name('a'), type: 'long' }],
            values: [n.long(1), n.long(-2)],
          },
        },
      ],
    })
    expect(stripSpans(parseOk('print x = 1, 2').body)).toEqual({
      kind: 'Print',
      columns: [n.named('x', n.long(1)), n.long(2)],
    })
    expect(codeOf('let x = 1;')).toBe('APL0102')
    expect(codeOf('datatable(a)[1]')).toBe('APL0101')
    expect(codeOf('datatable(a:lng)[1]')).toBe('APL0109')
  })
})

describe('T3 operators (parsed so the binder can refuse them)', () => {
  it('extend-valid, project-reorder, sample, getschema', () => {
    expect(op('extend-valid a = b')).toEqual({ kind: 'ExtendValid', columns: [n.named('a', n.name('b'))] })
    expect(op('project-reorder b* granny-asc, a desc')).toEqual({
      kind: 'ProjectReorder',
      columns: [
        { kind: 'ReorderItem', column: { kind: 'Wildcard', pattern: 'b*' }, order: 'granny-asc' },
        { kind: 'ReorderItem', column: n.name('a'), order: 'desc' },
      ],
    })
    expect(op('sample 0.1')).toEqual({ kind: 'Sample', proportion: n.real(0.1) })
    expect(op('getschema')).toEqual({ kind: 'Getschema' })
  })

  it('parse / parse-where with kind, flags and typed columns', () => {
    expect(op('parse kind=regex flags=Ui msg with * "id=" id:long " " rest')).toEqual({
      kind: 'Parse',
      parseKind: n.name('regex'),
      flags: n.name('Ui'),
      source: n.name('msg'),
      pattern: [
        { kind: 'Star' },
        n.str('id='),
        { kind: 'ColumnDecl', name: n.name('id'), type: 'long' },
        n.str(' '),
        { kind: 'ColumnDecl', name: n.name('rest'), type: null },
      ],
    })
    expect((op('parse-where msg with "a" b') as { kind: string }).kind).toBe('ParseWhere')
    expect(codeOf('T | parse msg with')).toBe('APL0102')
  })

  it('parse-kv, lookup, mv-expand, redact', () => {
    expect(op("parse-kv m as (a:string, b) with (pair_delimiter=';')")).toMatchObject({
      kind: 'ParseKv',
      keys: [{ type: 'string' }, { type: null }],
      properties: [{ kind: 'OperatorParam', name: 'pair_delimiter', value: n.str(';') }],
    })
    expect(op('lookup kind=leftouter L on id')).toEqual({
      kind: 'Lookup',
      lookupKind: n.name('leftouter'),
      right: n.name('L'),
      on: [n.name('id')],
    })
    expect(op('mv-expand kind=array with_itemindex=i a to typeof(long), b limit 10')).toEqual({
      kind: 'MvExpand',
      expandKind: n.name('array'),
      itemIndex: n.name('i'),
      items: [
        { kind: 'MvExpandItem', column: n.name('a'), toType: 'long' },
        { kind: 'MvExpandItem', column: n.name('b'), toType: null },
      ],
      limit: n.long(10),
    })
    expect(op(`redact replaceToken="*" @"\\d+" on a`)).toEqual({
      kind: 'Redact',
      options: [{ kind: 'OperatorParam', name: 'replaceToken', value: n.str('*') }],
      regexes: [n.str('\\d+')],
      on: [n.name('a')],
    })
    expect(codeOf('T | mv-expand a to long(1)')).toBe('APL0101')
    expect(codeOf('T | redact replaceToken=x "y"')).toBe('APL0110')
    expect(codeOf('T | lookup L')).toBe('APL0102')
  })

  it('set statements and externaldata', () => {
    expect(stripSpans(parseOk('set stricttypes; set x = 5; T').statements as never)).toEqual([
      { kind: 'SetOption', name: n.name('stricttypes'), value: null },
      { kind: 'SetOption', name: n.name('x'), value: n.long(5) },
    ])
    expect(
      stripSpans(parseOk('externaldata (a:string) ["https://x/y.csv"] with (format="csv")').body),
    ).toMatchObject({
      kind: 'ExternalData',
      urls: [n.str('https://x/y.csv')],
      properties: [{ name: 'format', value: n.str('csv') }],
    })
  })
})

describe('soft keywords stay usable as names', () => {
  it('count, kind, time, step, on, with … as fields', () => {
    expect(op('where kind == "server" and count > 1 and step < time')).toMatchObject({ kind: 'Where' })
    expect(op('project on, with, default, asc')).toEqual({
      kind: 'Project',
      columns: ['on', 'with', 'default', 'asc'].map(n.name),
    })
    expect(op('sort by asc asc')).toEqual({
      kind: 'Sort',
      keys: [{ kind: 'OrderedExpr', expr: n.name('asc'), order: 'asc', nulls: null }],
    })
  })

  it('hard keywords need brackets', () => {
    expect(codeOf('T | project by')).toBe('APL0101')
    expect(op("project ['by']")).toEqual({ kind: 'Project', columns: [n.bracket('by')] })
  })
})
