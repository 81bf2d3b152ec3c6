// The system clock: strictly increasing, so an event stamped "now" at ingest is inside the window of
// any later query whose end defaults to "now" (window end is exclusive), even within one millisecond.
import { describe, expect, it } from 'vitest'
import { openStore } from '../../../src/index.ts'
import { systemNowNs } from '../../../src/storage/clock.ts'

describe('system clock', () => {
  it('never returns the same value twice, and stays on the wall clock', () => {
    let prev = systemNowNs()
    for (let i = 0; i < 10_000; i++) {
      const t = systemNowNs()
      expect(t > prev).toBe(true)
      prev = t
    }
    const wallNs = BigInt(Date.now()) * 1_000_000n
    // Within a millisecond of the wall clock (10,000 calls add at most 10 µs of 1 ns steps).
    expect(prev - wallNs < 1_000_000n && wallNs - prev < 1_000_000n).toBe(true)
  })

  it('a query right after an ingest without _time counts the event (200 rounds)', async () => {
    const db = await openStore()
    try {
      await db.datasets.create({ name: 'c' })
      for (let i = 1; i <= 200; i++) {
        await db.ingest('c', [{ a: i }])
        const r = (await db.query(`['c'] | count`)) as { tables: { columns: unknown[][] }[] }
        expect(r.tables[0].columns).toEqual([[i]])
      }
    } finally {
      await db.close()
    }
  })
})
