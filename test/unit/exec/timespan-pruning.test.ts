// Zone maps of stored timespans (issue 19): `where duration > 1s` skips the blocks whose timespan
// column's max is at most 1s, says so in the status and in `explain`, and still counts exactly the
// rows over 1s.
import { describe, expect, it } from 'vitest'
import { openStore } from '../../../src/index.ts'

describe('timespan zone-map pruning', () => {
  it('skips blocks a duration bound rules out', async () => {
    const now = Date.UTC(2026, 0, 2)
    const store = await openStore({ clock: () => now, blockRows: 10, durability: 'none' })
    await store.datasets.create({ name: 'spans' })
    await store.datasets.update('spans', { fieldTypes: { duration: 'timespan' } })
    // 5 blocks of 10: block k holds durations k·500ms … k·500ms + 9ms.
    const events = Array.from({ length: 50 }, (_, i) => ({
      _time: new Date(now - 3_600_000 + i * 1000).toISOString(),
      duration: `${Math.floor(i / 10) * 500 + (i % 10)}ms`,
    }))
    await store.ingest('spans', events)
    await store.flush()
    const res = await store.queryResult(`spans | where duration > 1s | count`, { startTime: 'now-1d' })
    // 1001ms … 1009ms of block 2 (1000ms is not over 1s) and the 20 of blocks 3 and 4.
    expect(res.tables[0].columns[0][0]).toBe(29)
    expect(res.status.blocksPruned).toBe(2)
    expect(res.status.blocksExamined).toBe(3)
    const explain = await store.explain(`spans | where duration > 1s | count`)
    expect(explain.physical).toMatch(/zone 1/)
    await store.close()
  })
})
