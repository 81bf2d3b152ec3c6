// test/unit/plan/bind-errors.test.ts: binder diagnostics: each case asserts the code, the exact span
// (as the query text it covers) and the message golden (which carries the did-you-mean suggestion).

import { describe, expect, it } from 'vitest'
import { bind, expectError } from './fixtures.ts'

const Q = "['sample-http-logs']"

describe('unknown names, with did-you-mean', () => {
  it('unknown field', () => {
    const d = expectError('err-unknown-field', `${Q} | where stauts == '200'`, 'APL0301', 'stauts')
    expect(d.message).toContain('did you mean `status`?')
  })

  it('unknown bracketed field', () => {
    const d = expectError(
      'err-unknown-bracket-field',
      `${Q} | project ['geo.citi']`,
      'APL0301',
      "['geo.citi']",
    )
    expect(d.message).toContain('did you mean `geo.city`?')
  })

  it('unknown dotted field reports the whole dotted name', () => {
    const d = expectError(
      'err-unknown-dotted-field',
      `${Q} | where geo.contry == 'France'`,
      'APL0301',
      'geo.contry',
    )
    expect(d.message).toContain('did you mean `geo.country`?')
  })

  it('unknown field without a close candidate has no suggestion', () => {
    const d = expectError(
      'err-unknown-field-far',
      `${Q} | summarize count() by territories`,
      'APL0301',
      'territories',
    )
    expect(d.message).not.toContain('did you mean')
  })

  it('a field that an earlier operator projected away', () => {
    expectError('err-field-projected-away', `${Q} | project uri | where method == 'GET'`, 'APL0301', 'method')
  })

  it('unknown dataset', () => {
    const d = expectError(
      'err-unknown-dataset',
      `['sample-http-log'] | count`,
      'APL0303',
      "['sample-http-log']",
    )
    expect(d.message).toContain('did you mean `sample-http-logs`?')
  })

  it('unknown bare dataset', () => {
    expectError('err-unknown-dataset-bare', 'githubpushevent | count', 'APL0303', 'githubpushevent')
  })

  it('a dataset wildcard matching nothing', () => {
    expectError('err-union-wildcard-none', `${Q} | union nothing*`, 'APL0303', 'nothing*')
  })

  it('unknown function', () => {
    const d = expectError('err-unknown-function', `${Q} | extend n = strlne(uri)`, 'APL0302', 'strlne')
    expect(d.message).toContain('did you mean `strlen`?')
  })

  it('unknown aggregation inside summarize suggests aggregations', () => {
    const d = expectError('err-unknown-aggregation', `${Q} | summarize cuont()`, 'APL0302', 'cuont')
    expect(d.message).toContain('did you mean `count`?')
  })

  it('unknown set option', () => {
    const d = expectError('err-unknown-option', `set stricttype; ${Q} | count`, 'APL0318', 'stricttype')
    expect(d.message).toContain('did you mean `stricttypes`?')
  })
})

describe('wrong types and arity', () => {
  it('aggregation argument of the wrong type', () => {
    const d = expectError('err-avg-string', `${Q} | summarize avg(method)`, 'APL0305', 'method')
    expect(d.message).toContain('argument 1 of `avg`')
  })

  it('bin with a string step', () => {
    expectError('err-bin-string-step', `${Q} | summarize count() by bin(_time, '1h')`, 'APL0305', "'1h'")
  })

  it('too many arguments points at the first surplus one', () => {
    const d = expectError('err-arity-surplus', `${Q} | extend n = strlen(uri, 2)`, 'APL0304', '2')
    expect(d.message).toContain('`strlen` expects 1 argument(s) but got 2')
  })

  it('too few arguments points at the call', () => {
    expectError(
      'err-arity-missing',
      `${Q} | summarize percentile(req_duration_ms)`,
      'APL0304',
      'percentile(req_duration_ms)',
    )
  })

  it('count takes no argument', () => {
    expectError('err-count-argument', `${Q} | summarize count(method)`, 'APL0304', 'method')
  })

  it('comparing a datetime with a string', () => {
    expectError('err-compare-datetime-string', `${Q} | where _time > 'yesterday'`, 'APL0306', "'yesterday'")
  })

  it('arithmetic on a string', () => {
    expectError('err-arithmetic-string', `${Q} | extend x = method * 2`, 'APL0306', 'method')
  })

  it('and over a non-bool operand', () => {
    expectError(
      'err-and-long',
      `${Q} | where resp_body_size_bytes and is_tls`,
      'APL0306',
      'resp_body_size_bytes',
    )
  })

  it('a where predicate that is not bool', () => {
    const d = expectError(
      'err-where-not-bool',
      `${Q} | where req_duration_ms + 1`,
      'APL0314',
      'req_duration_ms + 1',
    )
    expect(d.message).toContain('expected bool but the expression is real')
  })

  it('property access on a string field', () => {
    expectError('err-member-of-string', `${Q} | where geo.city.name == 'x'`, 'APL0306', 'geo.city')
  })

  it('a percentile that is not a constant', () => {
    expectError(
      'err-percentile-not-constant',
      `${Q} | summarize percentile(req_duration_ms, resp_body_size_bytes)`,
      'APL0319',
      'resp_body_size_bytes',
    )
  })

  it('a percentile outside 0..100', () => {
    expectError('err-percentile-range', `${Q} | summarize percentile(req_duration_ms, 150)`, 'APL0317', '150')
  })

  it('take needs a constant, non-negative long', () => {
    expectError('err-take-column', `${Q} | take resp_body_size_bytes`, 'APL0319', 'resp_body_size_bytes')
    expectError('err-take-negative', `${Q} | take -1`, 'APL0317', '-1')
    expectError('err-top-real', `${Q} | top 1.5 by uri`, 'APL0314', '1.5')
  })

  it('integer division by the constant zero', () => {
    expectError('err-division-by-zero', `${Q} | extend x = resp_body_size_bytes / 0`, 'APL0312', '0')
  })

  it('a regex operand that is not a constant', () => {
    expectError('err-regex-not-constant', `${Q} | where uri matches regex method`, 'APL0319', 'method')
  })
})

describe('aggregation context', () => {
  it('aggregation outside summarize (extend)', () => {
    expectError('err-agg-in-extend', `${Q} | extend c = count()`, 'APL0308', 'count')
  })

  it('aggregation outside summarize (where)', () => {
    const d = expectError('err-agg-in-where', `${Q} | where avg(req_duration_ms) > 1`, 'APL0308', 'avg')
    expect(d.message).toContain('can only be used inside summarize')
  })

  it('a bare field as a summarize output', () => {
    expectError(
      'err-summarize-bare-field',
      `${Q} | summarize x = req_duration_ms + 1`,
      'APL0320',
      'req_duration_ms',
    )
  })

  it('a summarize output without any aggregation', () => {
    expectError('err-summarize-constant', `${Q} | summarize x = 1`, 'APL0317', '1')
  })

  it('an aggregation nested in another', () => {
    expectError('err-nested-aggregation', `${Q} | summarize avg(count())`, 'APL0320', 'count')
  })

  it('bin_auto outside summarize by, and over another field', () => {
    expectError('err-bin-auto-extend', `${Q} | extend t = bin_auto(_time)`, 'APL0320', 'bin_auto')
    expectError('err-bin-auto-field', `${Q} | summarize count() by bin_auto(_sysTime)`, 'APL0317', '_sysTime')
  })
})

describe('not supported yet', () => {
  it('a scalar function, aggregation and string operator the engine cannot run, at its name', () => {
    // Capabilities that refuse every row, so the test does not depend on which kernels exist today.
    const none = { scalar: () => false, aggregate: () => false, operator: () => false }
    const refused = (name: string, query: string, at: string) =>
      expectError(name, query, 'APL0307', at, undefined, none)
    refused('t3-function', `${Q} | extend h = hash_md5(uri)`, 'hash_md5')
    refused('t3-aggregation', `${Q} | summarize stdev(req_duration_ms)`, 'stdev')
    refused('t3-string-operator', `${Q} | where uri has_cs "api"`, 'has_cs')
    refused('t3-escape-hatch', `${Q} | extend x = column_ifexists('x', '')`, 'column_ifexists')
  })
})

describe('query structure', () => {
  it('a scalar where a table is expected', () => {
    expectError('err-tabular-expected', 'let x = 1; x', 'APL0315', 'x', ';')
  })

  it('a table where a scalar is expected', () => {
    expectError('err-scalar-expected', `let T = ${Q}; ${Q} | where T == 1`, 'APL0316', 'T', 'where')
  })

  it('duplicate explicit output names', () => {
    expectError('err-duplicate-project', `${Q} | project a = uri, a = method`, 'APL0310', 'a', 'uri,')
    expectError(
      'err-duplicate-summarize',
      `${Q} | summarize n = count(), n = dcount(id)`,
      'APL0310',
      'n',
      '(),',
    )
  })

  it('$left outside a join', () => {
    expectError('err-left-outside-join', `${Q} | where $left.uri == 'x'`, 'APL0320', '$left.uri')
  })

  it('an unknown join kind and a join condition of another shape', () => {
    expectError('err-join-kind', `${Q} | join kind=outer (${Q}) on id`, 'APL0317', 'outer')
    expectError('err-join-condition', `${Q} | join (${Q}) on id == 1`, 'APL0317', 'id == 1')
  })

  it('an unknown search kind', () => {
    expectError('err-search-kind', `search kind=fuzzy "x"`, 'APL0317', 'fuzzy')
  })

  it('a datatable value of the wrong type', () => {
    expectError('err-datatable-type', `datatable(a:long, b:string)[1, "x", "y", "z"]`, 'APL0314', '"y"')
  })

  it('never returns a plan and diagnostics together; syntax errors pass through', () => {
    const r = bind(`${Q} | where`)
    expect(r.plan).toBeUndefined()
    expect(r.diagnostics?.[0].code).toMatch(/^APL01/)
  })
})

describe('error order', () => {
  it('reports the leftmost error of an expression first', () => {
    expectError('err-leftmost-first', `${Q} | where stauts == 'x' and mthod == 'GET'`, 'APL0301', 'stauts')
    expectError('err-leftmost-operand', `${Q} | where urii has_cs 'x'`, 'APL0301', 'urii')
  })
})

describe('names outside any row', () => {
  it('an unknown name in a let value or print is an unknown name, not a field', () => {
    expectError('err-unknown-name-let', `let x = y; ${Q} | take 1`, 'APL0321', 'y')
    expectError('err-unknown-name-print', 'print a = b', 'APL0321', 'b')
  })
})
