// Storage columns → executor vectors: every type, nulls, and exact nanosecond times across the
// whole int64 range (checked against BigInt arithmetic).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { columnToVec } from '../../../../src/exec/scan/arrow-to-vec.ts'
import { cellAt, type TimeVec, timeAt } from '../../../../src/exec/vector.ts'
import { buildBatch } from '../../../../src/storage/block/index.ts'
import type { FlatEvent } from '../../../../src/storage/types.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`arrow-to-vec seed=${seed}`)

function col(events: FlatEvent[], field: string, type: string) {
  const c = buildBatch(events).columns.find((x) => x.field === field && x.type === type)
  if (!c) throw new Error(`no column ${field}/${type}`)
  return columnToVec(c)
}
const ev = (fields: FlatEvent['fields'], time = 0n): FlatEvent => ({ time, sysTime: 0n, fields })

describe('columnToVec', () => {
  it('converts every storage type with nulls', () => {
    const events = [
      ev({ s: 'a', i: 1, f: 1.5, b: true, a: [1, 'x'] }),
      ev({}),
      ev({ s: 'b', i: -2, f: -0.25, b: false, a: [] }),
      ev({ s: 'a', i: 2 ** 53 - 1 }),
    ]
    const cells = (field: string, type: string) => {
      const v = col(events, field, type)
      return events.map((_, i) => cellAt(v, i))
    }
    expect(cells('s', 'string')).toEqual(['a', null, 'b', 'a'])
    expect(cells('i', 'integer')).toEqual([1, null, -2, 2 ** 53 - 1])
    expect(cells('f', 'float')).toEqual([1.5, null, -0.25, null])
    expect(cells('b', 'boolean')).toEqual([true, null, false, null])
    expect(cells('a', 'array')).toEqual([[1, 'x'], null, [], null])
    const s = col(events, 's', 'string')
    expect(s.kind === 'str' && s.dict.length).toBe(2)
  })

  it('splits int64 nanosecond times into exact (ms, ns) pairs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), { minLength: 1, maxLength: 50 }),
        (times) => {
          const v = col(
            times.map((t) => ev({}, t)),
            '_time',
            'datetime',
          ) as TimeVec
          times.forEach((t, i) => {
            expect(timeAt(v, i)).toBe(t)
            expect(v.ns[i]).toBeGreaterThanOrEqual(0)
            expect(v.ns[i]).toBeLessThan(1_000_000)
          })
        },
      ),
      { seed, numRuns: 300 },
    )
  })
})
