// Unit tests: the `request` of an APL `format=legacy` response (api-contract.md §1.6) — the legacy
// request a simple APL pipeline is equivalent to, none for anything else, and running that request
// gives the APL's answer; toLegacy sends it only when given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Apldb } from '../../../src/index.ts'
import { legacyRequestFromApl } from '../../../src/legacy/index.ts'
import { stringifyWire } from '../../../src/wire/index.ts'
import { toLegacy } from '../../../src/wire/legacy-format.ts'
import { openLegacyStore } from './fixtures.ts'

describe('APL → legacy request', () => {
  it('a bare dataset: just the window and resolution (the §1.6 example)', () => {
    expect(legacyRequestFromApl("['test']", { startTime: '2020-11-19T11:06:31Z', endTime: 'now' })).toEqual({
      startTime: '2020-11-19T11:06:31Z',
      endTime: 'now',
      resolution: 'auto',
    })
  })

  it('where / summarize by fields and a time bin / sort / take', () => {
    const apl =
      "['test'] | where response == 304 and request !startswith_cs 'POST' | summarize n = count(), avg(bytes), topk(remote_ip, 3), percentiles_array(bytes, 50, 99) by bin(_time, 1m), remote_ip | sort by n desc | take 10"
    expect(legacyRequestFromApl(apl)).toEqual({
      resolution: '1m0s',
      aggregations: [
        { op: 'count', field: '*', alias: 'n' },
        { op: 'avg', field: 'bytes' },
        { op: 'topk', field: 'remote_ip', argument: 3 },
        { op: 'percentiles', field: 'bytes', argument: [50, 99] },
      ],
      groupBy: ['remote_ip'],
      filter: {
        op: 'and',
        children: [
          { op: '==', field: 'response', value: 304, caseSensitive: true },
          { op: 'not-starts-with', field: 'request', value: 'POST', caseSensitive: true },
        ],
      },
      order: [{ field: 'n', desc: true }],
      limit: 10,
    })
  })

  it('extend → virtual fields, project with renames, isnull/isnotnull, =~, regex, datetimes, bin_auto', () => {
    expect(
      legacyRequestFromApl(
        "['test'] | extend ok = toint(response) < 400 | where isnotnull(agent) or method =~ 'get' | where not(uri matches regex '^/x') | where _time >= datetime(2026-01-01) | top 5 by ok asc | project ip = remote_ip, ok",
      ),
    ).toEqual({
      resolution: 'auto',
      filter: {
        op: 'and',
        children: [
          {
            op: 'or',
            children: [
              { op: 'exists', field: 'agent' },
              { op: '==', field: 'method', value: 'get', caseSensitive: false },
            ],
          },
          { op: 'not', children: [{ op: 'regexp', field: 'uri', value: '^/x', caseSensitive: true }] },
          { op: '>=', field: '_time', value: '2026-01-01T00:00:00Z', caseSensitive: true },
        ],
      },
      order: [{ field: 'ok', desc: false }],
      limit: 5,
      virtualFields: [{ alias: 'ok', expr: 'toint(response) < 400' }],
      project: [{ field: 'remote_ip', alias: 'ip' }, { field: 'ok' }],
    })
    expect(
      legacyRequestFromApl("['test'] | summarize countif(bytes > 3), dcountif(ip, ok) by bin_auto(_time)"),
    ).toEqual({
      resolution: 'auto',
      aggregations: [
        { op: 'countif', field: '*', argument: 'bytes > 3' },
        { op: 'distinctif', field: 'ip', argument: 'ok' },
      ],
    })
  })

  it('arg_max / arg_min → argmax / argmin: returned fields as the argument, `*` as none', () => {
    expect(
      legacyRequestFromApl("['test'] | summarize arg_max(bytes, request, remote_ip), a = arg_min(_time, *)")
        ?.aggregations,
    ).toEqual([
      { op: 'argmax', field: 'bytes', argument: ['request', 'remote_ip'] },
      { op: 'argmin', field: '_time', alias: 'a' },
    ])
    for (const apl of [
      "['test'] | summarize arg_max(bytes, r = request)",
      "['test'] | summarize arg_max(bytes, tolower(request))",
    ])
      expect(legacyRequestFromApl(apl), apl).toBeUndefined()
  })

  it('no legacy form → undefined', () => {
    for (const apl of [
      "['test'] | join (['other']) on id",
      "let x = 1; ['test']",
      "['test'] | summarize count() by tolower(method)",
      "['test'] | summarize max(bytes) + 1",
      "['test'] | where bytes > other",
      "['test'] | where strlen(method) > 3",
      "['test'] | take 3 | where bytes > 1",
      "['test'] | summarize count() | where count_ > 1",
      "['test'] | project a = tolower(method)",
      "['test'] | summarize count() by bin(_time, 1m), bin(bytes, 10)",
      'print 1',
      "union ['a'], ['b']",
      "['test'] | distinct method",
      "['test'] | summarize percentiles_array(bytes, p)",
      'not apl (',
    ])
      expect(legacyRequestFromApl(apl), apl).toBeUndefined()
  })
})

describe('the request echo', () => {
  let store: Apldb
  beforeAll(async () => {
    store = await openLegacyStore()
  })
  afterAll(async () => {
    await store.close()
  })

  it('running the request gives what the APL gives', async () => {
    const apl =
      "['test'] | where request contains 'PRODUCT_1' | summarize c = count(), s = sum(bytes) by remote_ip"
    const request = legacyRequestFromApl(apl)
    if (request === undefined) throw new Error('expressible')
    const legacy = await store.queryLegacy('test', request)
    const rows = (await store.queryResult(apl)).tables[0]
    const fromApl = rows.columns[0].map((ip, i) => ({
      group: { remote_ip: ip },
      aggregations: [
        { op: 'c', value: rows.columns[1][i] },
        { op: 's', value: rows.columns[2][i] },
      ],
    }))
    const key = (x: { group: object }) => JSON.stringify(x.group)
    const sorted = <T extends { group: object }>(xs: T[]) =>
      [...xs].sort((a, b) => (key(a) < key(b) ? -1 : 1))
    expect(sorted(legacy.buckets.totals.map(({ group, aggregations }) => ({ group, aggregations })))).toEqual(
      sorted(fromApl),
    )
  })

  it('toLegacy sends `request` only when given one', async () => {
    const result = await store.queryResult("['test'] | take 1")
    const request = legacyRequestFromApl("['test'] | take 1", { startTime: 'now-1h' })
    const withIt = JSON.parse(stringifyWire(toLegacy(result, { request })))
    expect(withIt.request).toEqual({ startTime: 'now-1h', resolution: 'auto', limit: 1 })
    expect(Object.keys(JSON.parse(stringifyWire(toLegacy(result))))).toEqual([
      'status',
      'matches',
      'buckets',
      'format',
    ])
  })
})
