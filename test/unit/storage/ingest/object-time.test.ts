// Issue 28 item 10: an object `_time` fails its event like an array does (not receive time plus a
// field `_time.a`); `todatetime` of a number past the int64-ns range is null, not a far-future date.
import { describe, expect, it } from 'vitest'
import { openStore } from '../../../../src/index.ts'

describe('_time that is not a time', () => {
  it('an object or array _time fails its own event; the others land', async () => {
    const db = await openStore()
    try {
      await db.datasets.create({ name: 't' })
      const st = await db.ingest('t', [
        { _time: { a: 1 }, x: 1 },
        { _time: [1, 2], x: 2 },
        { _time: '2026-01-01T00:00:00Z', x: 3 },
      ])
      expect(st.ingested).toBe(1)
      expect(st.failed).toBe(2)
      console.log(`failures: ${JSON.stringify(st.failures)}`)
      expect(db.fields('t').map((f) => f.name)).not.toContain('_time.a')
      const r = await db.queryResult(`['t'] | project x`, { startTime: '2000-01-01T00:00:00Z' })
      expect(r.tables[0].columns[0]).toEqual([3])
    } finally {
      await db.close()
    }
  })
})

describe('todatetime out of range', () => {
  it('is null for 1e30 and -1e30, a date inside the range', async () => {
    const db = await openStore()
    try {
      const r = await db.queryResult(
        `print a = todatetime(1e30), b = todatetime(-1e30), c = todatetime(1e18)`,
      )
      const [a, b, c] = r.tables[0].columns.map((col) => col[0])
      console.log(`todatetime: 1e30 → ${a}, -1e30 → ${b}, 1e18 → ${c}`)
      expect(a).toBeNull()
      expect(b).toBeNull()
      expect(c).not.toBeNull()
    } finally {
      await db.close()
    }
  })
})
