// Operands whose value changes row by row or whose text is not stored as text: `in` with a column
// in its list (read per row, not at row 0), string operators on datetimes and reals (their tostring
// text), and `rowsMatched` counting each scan's surviving rows once (an extend between filters).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Apldb } from '../../../../src/index.ts'
import { openStore } from '../../../../src/index.ts'

let db: Apldb
const WINDOW = { startTime: '2020-01-01T00:00:00Z' }

beforeAll(async () => {
  db = await openStore({ blockRows: 4, sealWorker: false })
  await db.datasets.create({ name: 'h' })
  await db.ingest('h', [
    { _time: '2026-01-02T03:04:05.5Z', i: 0, tags: ['a', 'b'], s: 'x', x: 1e21 },
    { _time: '2026-01-02T03:04:06Z', i: 1, tags: ['c'], s: 'a', x: 2.5 },
    { _time: '2026-01-02T03:04:07Z', i: 2, s: 'c', t: 'c' },
  ])
})
afterAll(() => db.close())

async function col(expr: string): Promise<readonly unknown[]> {
  const r = await db.queryResult(`['h'] | sort by i asc | project r = ${expr}`, WINDOW)
  return r.tables[0].columns[0]
}

describe('row-varying operands', () => {
  it('`in` reads a column in its list row by row', async () => {
    expect(await col("'a' in (tags)")).toEqual([true, false, false])
    expect(await col('s in (tags)')).toEqual([false, false, false])
    expect(await col("s in (t, 'x')")).toEqual([true, false, true])
    expect(await col("s !in (t, 'x')")).toEqual([false, true, false])
  })

  it('string operators see the tostring text of datetimes and reals', async () => {
    expect(await col("_time startswith '2026-01-02T03:04:0'")).toEqual([true, true, true])
    expect(await col("_time endswith '05.5Z'")).toEqual([true, false, false])
    expect(await col("x contains 'e+21'")).toEqual([true, false, false])
    expect(await col("x == '2.5'")).toEqual([false, true, false])
  })

  it('rowsMatched counts rows leaving the filter chain above each scan once', async () => {
    const cases: [string, number][] = [
      ["['h'] | extend y = 1 | where y == 1", 3],
      ["['h'] | where i > 0 | extend y = 2 | where i < 2", 1],
      ["['h'] | summarize count() by i | where i > 0", 3],
      ["union (['h'] | where i == 0), (['h'] | extend z = i | where z > 0)", 3],
    ]
    for (const [apl, want] of cases) {
      const r = await db.queryResult(apl, WINDOW)
      expect(r.status.rowsMatched, apl).toBe(want)
    }
  })
})
