// Result sizes (decision §12): Axiom's default (1,000) and maximum (50,000) row limits apply to event
// rows only; an aggregating result (summarize, distinct, make-series, count) comes whole, and one
// past the group bound fails with `too_many_groups` instead of being cut.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExecError } from '../../../src/exec/context.ts'
import { MAX_AGGREGATE_ROWS } from '../../../src/exec/run.ts'
import { type Apldb, openStore } from '../../../src/index.ts'
import { runApl } from '../../../src/query/run-apl.ts'

const DAY0 = Date.UTC(2026, 0, 1)
const window = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' }
const STATUSES = ['200', '201', '204', '301', '302', '304', '400', '401', '403', '404', '500', '503']
let db: Apldb

beforeAll(async () => {
  db = await openStore({ blockRows: 5000 })
  await db.datasets.create({ name: 'logs' })
  // One event per minute per status over one day: every 5-minute bin holds every status.
  const events = []
  for (let m = 0; m < 24 * 60; m++)
    for (const status of STATUSES)
      events.push({ _time: new Date(DAY0 + m * 60_000).toISOString(), status, user: `u${m}` })
  await db.ingest('logs', events)
})
afterAll(() => db.close())

const warned = (r: { status: { messages: readonly { code: string }[] } }) =>
  r.status.messages.some((m) => m.code === 'default_limit_warning')

describe('aggregating results are complete', () => {
  it('a 5-minute × status summary over one day returns every group (3,456), not 1,000', async () => {
    const r = await db.queryResult(`['logs'] | summarize count() by bin(_time, 5m), status`, window)
    expect(r.tables[0].columns[0].length).toBe(288 * STATUSES.length)
    expect(warned(r)).toBe(false)
    // Its wire form and the _totals table agree.
    const wire = (await db.query(`['logs'] | summarize count() by bin(_time, 5m), status`, window)) as {
      tables: { columns: unknown[][] }[]
    }
    expect(wire.tables[0].columns[0].length).toBe(3456)
  })

  it('distinct, summarize followed by where/sort, and make-series are complete too', async () => {
    const d = await db.queryResult(`['logs'] | distinct user`, window)
    expect(d.tables[0].columns[0].length).toBe(1440)
    const s = await db.queryResult(
      `['logs'] | summarize n = count() by user | where n > 0 | order by user asc`,
      window,
    )
    expect(s.tables[0].columns[0].length).toBe(1440)
    expect(warned(s)).toBe(false)
    const m = await db.queryResult(
      `['logs'] | make-series count() default = 0 on _time step 1h by user`,
      window,
    )
    expect(m.tables[0].columns[0].length).toBe(1440)
  })

  it('a request limit does not cut an aggregating result; take/top still do', async () => {
    const r = await db.queryResult(`['logs'] | summarize count() by user`, { ...window, limit: 10 })
    expect(r.tables[0].columns[0].length).toBe(1440)
    const t = await db.queryResult(`['logs'] | summarize count() by user | take 7`, window)
    expect(t.tables[0].columns[0].length).toBe(7)
  })

  it('explain names the rule: all-groups, limited or default-limit', async () => {
    expect((await db.explain(`['logs'] | summarize count() by user`, window)).optimized).toMatch(
      /-- .* all-groups/,
    )
    expect((await db.explain(`['logs'] | summarize count() by user | take 3`, window)).optimized).toMatch(
      /-- .* limited/,
    )
    expect((await db.explain(`['logs'] | where status == '500'`, window)).optimized).toMatch(
      /-- .* default-limit/,
    )
  })

  it('past the group bound the query fails with too_many_groups, never a silent cut', async () => {
    expect(MAX_AGGREGATE_ROWS).toBe(1_000_000)
    const snap = db.snapshot()
    try {
      const opts = { ...window, now: db.now(), maxAggregateRows: 1000 }
      const err = await runApl(snap, `['logs'] | summarize count() by user`, opts).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(ExecError)
      expect(err).toMatchObject({ code: 'too_many_groups' })
      expect((err as Error).message).toMatch(/1,440 groups, more than the 1,000/)
      const fine = await runApl(snap, `['logs'] | summarize count() by user | top 5 by count_`, opts)
      expect(fine.tables[0].columns[0].length).toBe(5)
    } finally {
      snap.release()
    }
  })
})

describe('event rows keep the row limit', () => {
  it('default 1,000 with a warning, a request limit up to 50,000, past it invalid_argument', async () => {
    const r = await db.queryResult(`['logs'] | project status`, window)
    expect(r.tables[0].columns[0].length).toBe(1000)
    expect(warned(r)).toBe(true)
    const big = await db.queryResult(`['logs'] | project status`, { ...window, limit: 50_000 })
    expect(big.tables[0].columns[0].length).toBe(17_280)
    await expect(db.queryResult(`['logs']`, { ...window, limit: 50_001 })).rejects.toMatchObject({
      code: 'invalid_argument',
    })
  })
})
