// Rule window-time (exec/rules/window-time-rule.ts): under a summarize that reads no `_time`, the scan
// reads `_time` only for the blocks the query window cuts (seen in explain, and in what the scan
// decodes); it does not fire when keys, aggregations, filters or legacy time buckets read `_time`.
// Results with the rule equal results without it, for windows that cut blocks and windows that cover
// them whole, in-process and in parallel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PhysicalOperator } from '../../../../src/exec/operator.ts'
import { ScanExec } from '../../../../src/exec/ops/scan-exec.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'
import { decodeStats } from '../../../../src/storage/block/index.ts'
import { chain, planner } from './rule-fixture.ts'

let p: Awaited<ReturnType<typeof planner>>
beforeAll(async () => {
  p = await planner()
})
afterAll(() => p.close())

const scanOf = (apl: string) => chain(p.physical(apl)).find((x) => x instanceof ScanExec) as ScanExec
const fires = (apl: string) => scanOf(apl).modes.windowTime === true

describe('rule window-time', () => {
  it('fires under a summarize and filters that read no _time', () => {
    for (const apl of [
      'd | summarize avg(x), max(w) by v',
      'd | where w > 0 | summarize avg(x) by v',
      'd | summarize dcount(v)',
    ])
      expect(fires(apl), apl).toBe(true)
    expect(scanOf('d | summarize avg(x) by v').explain()).toContain(
      '_time for cut blocks only [rule window-time]',
    )
  })

  it('does not fire when _time is read above the scan, or over other shapes', () => {
    expect(fires('d | summarize count() by bin(_time, 1h)')).toBe(false)
    expect(fires('d | summarize max(_time) by v')).toBe(false)
    expect(fires('d | where _time > datetime(2026-01-01) | summarize count() by v')).toBe(false)
    expect(fires('d | project v, _time | summarize count() by v')).toBe(false)
    expect(fires('d | where w > 0 | take 3')).toBe(false)
    expect(fires('d | top 3 by w')).toBe(false)
  })
})

describe('rule window-time results', () => {
  let db: Apldb
  const HOUR = 3_600_000
  const T0 = Date.UTC(2026, 0, 1)
  /** 500 events a minute apart in blocks of 50, and one more in the unsealed tail. */
  async function open(): Promise<Apldb> {
    const store = await openStore({ durability: 'none', blockRows: 50 })
    await store.datasets.create({ name: 'e' })
    await store.ingest(
      'e',
      Array.from({ length: 500 }, (_, i) => ({
        _time: new Date(T0 + i * 60_000).toISOString(),
        k: ['a', 'b', 'c'][i % 3],
        x: (i * 7) % 13,
      })),
    )
    await store.flush()
    await store.ingest('e', [{ _time: new Date(T0 + 501 * 60_000).toISOString(), k: 'a', x: 100 }])
    return store
  }
  beforeAll(async () => {
    db = await open()
  })
  afterAll(() => db.close())

  const windows = {
    whole: { startTime: new Date(T0 - HOUR).toISOString(), endTime: new Date(T0 + 10 * HOUR).toISOString() },
    cutting: {
      startTime: new Date(T0 + 75 * 60_000 + 30_000).toISOString(),
      endTime: new Date(T0 + 333 * 60_000 + 30_000).toISOString(),
    },
  }

  for (const [name, window] of Object.entries(windows)) {
    for (const parallel of ['off', 'on'] as const) {
      it(`answers as the same query with _time read (${name} window, parallel ${parallel})`, async () => {
        const run = async (apl: string) =>
          (await db.queryResult(apl, { ...window, parallel } as never)).tables[0].columns
        // `max(_time)` keeps `_time` read: the reference for the same sums and counts.
        const got = await run('e | summarize n = count(), s = sum(x), a = avg(x) by k | order by k asc')
        const want = await run(
          'e | summarize n = count(), s = sum(x), a = avg(x), t = max(_time) by k | order by k asc | project-away t',
        )
        expect(got).toEqual(want)
      })
    }
  }

  it('decodes _time only for the blocks the window cuts', async () => {
    const fresh = await open()
    const before = decodeStats.arrowDecodes
    await fresh.queryResult('e | summarize sum(x) by k', { ...windows.cutting, parallel: 'off' } as never)
    const decodes = decodeStats.arrowDecodes - before
    await fresh.close()
    // Blocks of 50 rows (one a minute) in the window [75.5, 333.5) minutes: blocks 1–6, of which the
    // first and last are cut. Each reads k and x; only the two cut blocks read _time too.
    expect(decodes).toBe(6 * 2 + 2)
  })
})
