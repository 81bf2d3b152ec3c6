// explain (analyze): logical and optimized plan text, the physical operator tree, and the block and
// row figures of running the query, checked against the data's known shape and against queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../bench/data-gen.ts'
import { type Apldb, openStore } from '../../../src/index.ts'

const NOW = Date.UTC(2026, 10, 22)
const ROWS = 2000
const BLOCK = 500
let db: Apldb
beforeAll(async () => {
  db = await openStore({ clock: () => NOW, blockRows: BLOCK })
  await db.datasets.create({ name: 'logs' })
  await db.ingest('logs', httpLogs(ROWS, { seed: 7, startMs: NOW - 86_400_000, spanMs: 86_400_000 }))
  await db.flush()
  await db.settle()
})
afterAll(() => db.close())

async function count(apl: string): Promise<number> {
  const r = await db.queryResult(`${apl} | count`)
  return Number(r.tables[0].columns[0][0])
}

describe('explain', () => {
  it('shows the logical, optimized and physical plans', async () => {
    const e = await db.explain(`['logs'] | where _time > ago(1h) and status == '500' | count`)
    expect(e.logical).toContain('ago(')
    expect(e.optimized).toContain('pushdown [')
    const lines = e.physical.split('\n')
    expect(lines[0]).toMatch(/^CountExec/)
    // Root first, each child one level (two spaces) deeper, the scan the leaf.
    expect(lines.at(-1)).toMatch(/^ +ScanExec logs fields \[/)
    expect(e.physical).toContain('FilterExec')
    lines.forEach((l, i) => {
      expect(l.length - l.trimStart().length).toBe(2 * i)
    })
  })

  it('reports every block read and the rows matched when nothing prunes', async () => {
    const e = await db.explain(`['logs'] | where status == '500' | project _time, status`)
    expect(e.blocks).toEqual({ total: ROWS / BLOCK, pruned: 0, examined: ROWS / BLOCK, fromStats: 0 })
    expect(e.rows.examined).toBe(ROWS)
    expect(e.rows.matched).toBe(await count(`['logs'] | where status == '500'`))
    expect(e.rows.matched).toBeGreaterThan(0)
    expect(e.rows.matched).toBeLessThan(ROWS)
  })

  it('counts the blocks a time filter prunes; rows examined are those inside the pushed range', async () => {
    const e = await db.explain(`['logs'] | where _time > ago(1h) | summarize count() by method`)
    // Events are spread evenly over the last day, one block per 6 h: only the newest overlaps.
    expect(e.blocks).toEqual({ total: ROWS / BLOCK, pruned: ROWS / BLOCK - 1, examined: 1, fromStats: 0 })
    const lastHour = await count(`['logs'] | where _time > ago(1h)`)
    expect(lastHour).toBeGreaterThan(0)
    expect(lastHour).toBeLessThan(BLOCK)
    // The scan drops the block's rows outside the pushed range before any operator sees them.
    expect(e.rows.examined).toBe(lastHour)
    expect(e.rows.matched).toBe(lastHour)
  })

  it('counts the blocks a count takes from their zone maps, with the same figures as a scan', async () => {
    const e = await db.explain(`['logs'] | where method == 'GET' | count`)
    expect(e.physical).toContain('stats method')
    expect(e.blocks).toEqual({
      total: ROWS / BLOCK,
      pruned: 0,
      examined: ROWS / BLOCK,
      fromStats: ROWS / BLOCK,
    })
    expect(e.rows.examined).toBe(ROWS)
    // countif is not a plain count: that query scans every block.
    const scanned = await db.queryResult(`['logs'] | summarize countif(method == 'GET')`)
    expect(e.rows.matched).toBe(Number(scanned.tables[0].columns[0][0]))
    expect(e.rows.matched).toBeGreaterThan(0)
  })

  it('takes the query options: a window narrows the rows examined', async () => {
    const start = new Date(NOW - 12 * 3_600_000).toISOString()
    const e = await db.explain(`['logs'] | project _time`, { startTime: start })
    expect(e.blocks.pruned).toBe(2)
    expect(e.rows.examined).toBe(await count(`['logs'] | where _time >= datetime(${start})`))
  })

  it('a query that does not bind rejects, as a query does', async () => {
    await expect(db.explain(`['logs'] | where nope == 1`)).rejects.toThrow(/nope/)
  })
})
