// test/unit/wire/fixtures.ts: hand-built `QueryResult`s for the wire-format tests: the aggregated
// capture of api-contract.md §1.3 (axiom-grafana), a plain event listing, topk, big longs, empty shapes.

import type { QueryResult, QueryStatus, ResultField, ResultTable } from '../../../src/exec/result.ts'
import { parseRfc3339 } from '../../../src/util/time/index.ts'

/** Epoch ns of an RFC3339 text (throws on a typo in a fixture). */
export function ns(text: string): bigint {
  const v = parseRfc3339(text)
  if (v === null) throw new Error(`bad fixture time ${text}`)
  return v
}

/** A status with every figure set; override what a test looks at. */
export function status(over: Partial<QueryStatus> = {}): QueryStatus {
  return {
    elapsedTime: 760311,
    blocksExamined: 2672,
    blocksPruned: 3,
    rowsExamined: 167932295,
    rowsMatched: 167932295,
    numGroups: 0,
    isPartial: false,
    isEstimate: false,
    minBlockTime: ns('2021-11-29T18:55:53.248Z'),
    maxBlockTime: ns('2024-08-15T10:09:06.396Z'),
    messages: [],
    ...over,
  }
}

/** A table with the usual defaults (name "0", one source, no order/groups). */
export function table(over: Partial<ResultTable> & Pick<ResultTable, 'fields' | 'columns'>): ResultTable {
  return { name: '0', sources: ['ds'], order: [], groups: [], ...over }
}

const count_: ResultField = { name: 'count_', type: 'long', agg: { name: 'count' } }
const range = { field: '_time' as const, start: ns('2013-12-21T00:00:00Z'), end: ns('2024-12-18T00:00:00Z') }
const YEAR = 31536000000000000n

/** `summarize count() by bin(_time, 365d), request.method` over `vercel` (the §1.3 capture). */
export function binnedCount(): QueryResult {
  return {
    tables: [
      table({
        sources: ['vercel'],
        fields: [{ name: '_time', type: 'datetime' }, { name: 'request.method', type: 'string' }, count_],
        order: [
          { field: '_time', desc: false },
          { field: 'count_', desc: true },
        ],
        groups: [{ name: '_time' }, { name: 'request.method' }],
        range,
        buckets: { field: '_time', size: YEAR },
        columns: [
          [ns('2020-12-19T00:00:00Z'), ns('2020-12-19T00:00:00Z'), ns('2021-12-19T00:00:00Z')],
          ['GET', null, 'GET'],
          [397262, 2753, 20591383],
        ],
      }),
      table({
        name: '_totals',
        sources: ['vercel'],
        fields: [{ name: 'request.method', type: 'string' }, count_],
        order: [{ field: 'count_', desc: true }],
        groups: [{ name: 'request.method' }],
        range,
        columns: [
          ['GET', null, 'POST'],
          [139760181, 17569825, 6456722],
        ],
      }),
    ],
    status: status({
      messages: [
        {
          priority: 'warn',
          count: 1,
          code: 'apl_implicitendtimeofnowapplied_1',
          msg: "line: 1, col: 20: implicit end time of 'now' applied",
        },
      ],
    }),
    datasetNames: ['vercel'],
  }
}

/** The JSON the real server sent for `binnedCount()` (api-contract.md §1.3), with our status. */
export const BINNED_COUNT_TABLES = [
  {
    name: '0',
    sources: [{ name: 'vercel' }],
    fields: [
      { name: '_time', type: 'datetime' },
      { name: 'request.method', type: 'string' },
      { name: 'count_', type: 'integer', agg: { name: 'count' } },
    ],
    order: [
      { field: '_time', desc: false },
      { field: 'count_', desc: true },
    ],
    groups: [{ name: '_time' }, { name: 'request.method' }],
    range: { field: '_time', start: '2013-12-21T00:00:00Z', end: '2024-12-18T00:00:00Z' },
    buckets: { field: '_time', size: 31536000000000000 },
    columns: [
      ['2020-12-19T00:00:00Z', '2020-12-19T00:00:00Z', '2021-12-19T00:00:00Z'],
      ['GET', null, 'GET'],
      [397262, 2753, 20591383],
    ],
  },
  {
    name: '_totals',
    sources: [{ name: 'vercel' }],
    fields: [
      { name: 'request.method', type: 'string' },
      { name: 'count_', type: 'integer', agg: { name: 'count' } },
    ],
    order: [{ field: 'count_', desc: true }],
    groups: [{ name: 'request.method' }],
    range: { field: '_time', start: '2013-12-21T00:00:00Z', end: '2024-12-18T00:00:00Z' },
    columns: [
      ['GET', null, 'POST'],
      [139760181, 17569825, 6456722],
    ],
  },
]

/** A plain listing `['sample-http-logs'] | take 2` with a hidden `_rowId`, a big long, a real NaN. */
export function listing(): QueryResult {
  return {
    tables: [
      table({
        sources: ['sample-http-logs'],
        fields: [
          { name: '_time', type: 'datetime' },
          { name: '_sysTime', type: 'datetime' },
          { name: '_rowId', type: 'string' },
          { name: 'status_int', type: 'long' },
          { name: 'bytes', type: 'long' },
          { name: 'req_duration_ms', type: 'real' },
          { name: 'elapsed', type: 'timespan' },
          { name: 'simplified_agent', type: 'string' },
          { name: 'is_tls', type: 'bool' },
          { name: 'tags', type: 'dynamic' },
        ],
        order: [{ field: '_time', desc: true }],
        range: { field: '_time', start: ns('2024-08-14T22:26:24.091Z'), end: ns('2024-08-29T22:26:24.091Z') },
        columns: [
          [ns('2025-03-26T12:12:42.681129050Z'), ns('2024-08-14T22:26:25Z')],
          [ns('2024-08-14T22:26:26.691450448Z'), null],
          ['c776x1uafkpu-4918f6cb9000095-0', 'c776x1uafnvq-4918f6cb9000095-1'],
          [301, null],
          [12345678901234567891n, -9223372036854775808n],
          [1.5, Number.NaN],
          [3723004000000n, -1500000000n],
          ['Mozilla/5.0', null],
          [true, false],
          [{ a: [1, 'x'] }, null],
        ],
      }),
    ],
    status: status({ numGroups: 0, minBlockTime: undefined, maxBlockTime: undefined }),
    datasetNames: ['sample-http-logs'],
  }
}

/** `summarize topk(remote_ip, 1)`: one row whose cell is an array (§1.3). */
export function topk(): QueryResult {
  return {
    tables: [
      table({
        fields: [
          {
            name: 'topk_remote_ip',
            type: 'dynamic',
            agg: { name: 'topk', fields: ['remote_ip'], args: [1] },
          },
        ],
        columns: [[[{ key: '93.180.71.1', count: 7, error: 0 }]]],
      }),
    ],
    status: status(),
    datasetNames: ['ds'],
  }
}

/** `summarize count(), avg(x) by host` (no time bin): rows are legacy totals. */
export function groupedNoBin(): QueryResult {
  return {
    tables: [
      table({
        fields: [
          { name: 'host', type: 'string' },
          count_,
          { name: 'avg_x', type: 'real', agg: { name: 'avg', fields: ['x'], args: [] } },
        ],
        groups: [{ name: 'host' }],
        columns: [
          ['a', 'b'],
          [2, 1],
          [1.25, Number.POSITIVE_INFINITY],
        ],
      }),
    ],
    status: status({ numGroups: 2 }),
    datasetNames: ['ds'],
  }
}

/** A result with no tables at all. */
export function noTables(): QueryResult {
  return { tables: [], status: status(), datasetNames: [] }
}

/** A table with fields but no rows, and one with no fields at all. */
export function emptyTables(): QueryResult {
  return {
    tables: [
      table({ fields: [{ name: 'x', type: 'long' }], columns: [[]] }),
      table({ name: '1', fields: [], columns: [] }),
    ],
    status: status(),
    datasetNames: ['ds'],
  }
}

/** Every fixture, by name (for whitelist and client tests). */
export const ALL_FIXTURES: Readonly<Record<string, () => QueryResult>> = {
  binnedCount,
  listing,
  topk,
  groupedNoBin,
  noTables,
  emptyTables,
}
