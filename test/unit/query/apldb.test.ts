// The public query API: query (tabular and legacy wire JSON), queryResult, rows, explain, and bind
// errors as AplError with code, span and line/column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../bench/data-gen.ts'
import { type Apldb, AplError, openStore } from '../../../src/index.ts'

const NOW = Date.UTC(2026, 10, 22)
let db: Apldb
beforeAll(async () => {
  db = await openStore({ clock: () => NOW, blockRows: 500 })
  await db.datasets.create({ name: 'sample-http-logs' })
  await db.ingest(
    'sample-http-logs',
    httpLogs(2000, { seed: 3, startMs: NOW - 86_400_000, spanMs: 86_400_000 }),
  )
})
afterAll(() => db.close())

describe('Apldb queries', () => {
  it('query returns the tabular wire shape by default, legacy on request', async () => {
    const tab = (await db.query(`['sample-http-logs'] | summarize count() by method`)) as {
      format: string
      tables: { fields: { name: string; agg?: { name: string } }[]; columns: unknown[][] }[]
    }
    expect(tab.format).toBe('tabular')
    expect(tab.tables[0].fields.map((f) => f.name)).toEqual(['method', 'count_'])
    expect(tab.tables[0].fields[1].agg).toEqual({ name: 'count' })
    const total = (tab.tables[0].columns[1] as number[]).reduce((a, b) => a + b, 0)
    expect(total).toBe(2000)
    const legacy = (await db.query(`['sample-http-logs'] | take 3`, { format: 'legacy' })) as {
      format: string
      matches: unknown[]
    }
    expect(legacy.format).toBe('legacy')
    expect(legacy.matches.length).toBe(3)
  })

  it('rows yields plain objects; the query window applies', async () => {
    const all: Record<string, unknown>[] = []
    for await (const r of db.rows(`['sample-http-logs'] | where status == '500' | project _time, status`, {
      startTime: 'now-12h',
      values: 'native',
    }))
      all.push(r)
    expect(all.length).toBeGreaterThan(0)
    for (const r of all) {
      expect(r.status).toBe('500')
      expect(r._time as bigint).toBeGreaterThanOrEqual(BigInt(NOW - 12 * 3_600_000) * 1_000_000n)
    }
  })

  it('rows yields JSON values by default (as on the wire) and in-process cells on request', async () => {
    await db.datasets.create({ name: 'row-values' })
    await db.ingest('row-values', [
      { _time: '2026-11-21T03:04:05.123456789Z', big: 9007199254740993n, small: 42 },
    ])
    const apl = `['row-values'] | extend span = 90s, inf = 1.0 / 0, d = dynamic({"a": [1, 2]})
      | project _time, big, small, span, inf, d`
    const rows: unknown[] = []
    for await (const r of db.rows(apl)) rows.push(r)
    expect(JSON.stringify(rows)).toBe(
      '[{"_time":"2026-11-21T03:04:05.123456789Z","big":"9007199254740993","small":42,"span":"1m30s","inf":null,"d":{"a":[1,2]}}]',
    )
    const native: unknown[] = []
    for await (const r of db.rows(apl, { values: 'native' })) native.push(r)
    expect(native).toEqual([
      {
        _time: 1795230245123456789n,
        big: 9007199254740993n,
        small: 42,
        span: 90_000_000_000n,
        inf: Infinity,
        d: { a: [1, 2] },
      },
    ])
  })

  it('explain shows the plan before and after the optimizer, and the physical plan', async () => {
    const e = await db.explain(`['sample-http-logs'] | where _time > ago(1h) and status == '500' | count`)
    expect(e.logical).toContain('ago(')
    expect(e.optimized).toContain('pushdown [')
    expect(e.physical.length).toBeGreaterThan(0)
    expect(e.blocks.total).toBeGreaterThanOrEqual(e.blocks.examined)
  })

  it('a query that does not bind throws AplError with code, span and position', async () => {
    const err = await db.queryResult(`['sample-http-logs'] | where stauts == '500'`).catch((e) => e)
    expect(err).toBeInstanceOf(AplError)
    expect(err.diagnostics[0]).toMatchObject({ code: 'APL0301', span: { start: 29, length: 6 } })
    expect(err.message).toContain('line: 1, col: 30')
  })
})
