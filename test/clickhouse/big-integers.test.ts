// test/clickhouse/big-integers.test.ts: int64 values beyond ±2^53 stay exact on ClickHouse as locally:
// JSON text ingested (NDJSON and a JSON array) keeps such integers as bigints (parsed again exactly,
// as the local store does), they land in the Int64 column or `_rest`'s Int64 subcolumn, and come back
// exact through passed-through columns, sorts, group keys, filters and min/max, all run as SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOW, NOW_MS } from '../reference/fixture.ts'
import { type Both, compareOn, openBoth } from './both-backends.ts'
import { HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

const T = new Date(NOW_MS - 3_600_000).toISOString()
const NDJSON = [
  `{"_time":"${T}","n":9007199254740993,"m":"x"}`,
  `{"_time":"${T}","n":-9223372036854775807,"m":12345678901234567}`,
  `{"_time":"${T}","n":5}`,
].join('\n')
const ARRAY = `[{"_time":"${T}","n":9223372036854775807,"m":-9007199254740995}]`

let both: Both
beforeAll(async () => {
  if (!HAVE_CHDB) return
  both = await openBoth({}, { nowMs: NOW_MS, blockRows: 2 })
  for (const db of [both.local, both.ch]) {
    await db.datasets.create({ name: 'big' })
    await db.ingest('big', NDJSON, { format: 'ndjson' })
    await db.ingest('big', ARRAY)
  }
})
afterAll(async () => {
  await both?.close()
})

const QUERIES = [
  "['big'] | project n, m",
  "['big'] | project n, m | sort by n asc",
  "['big'] | summarize count() by n",
  "['big'] | where n > 6 | project n",
  "['big'] | summarize max(n), min(n)",
]

describe.skipIf(!HAVE_CHDB)('int64 beyond 2^53 on ClickHouse', () => {
  for (const apl of QUERIES) {
    it(apl, async () => {
      const o = await compareOn(both, apl, { now: NOW })
      expect(o.kind, o.diff).toBe('agree')
      expect(o.pushedDown).toBe(true)
    })
  }

  it('returns the exact values', async () => {
    const r = await both.ch.queryResult("['big'] | project n, m | sort by n asc")
    expect(r.tables[0].columns[0]).toEqual([
      -9223372036854775807n,
      5,
      9007199254740993n,
      9223372036854775807n,
    ])
    expect(r.tables[0].columns[1]).toEqual([12345678901234567n, null, 'x', -9007199254740995n])
  })
})
