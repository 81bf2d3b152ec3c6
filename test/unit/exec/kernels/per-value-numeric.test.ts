// Arithmetic and numeric functions over a mixed-type column go per value: each row's own type picks
// the typing row (long∘long long, any real real, timespan rows), strings give null, and a computed
// real that happens to be integral stays a real downstream. Blocks of 1 and 4 rows, so some blocks
// hold a single type (typed vectors) and some several (mixed vectors).
import { describe, expect, it } from 'vitest'
import { openStore } from '../../../../src/index.ts'

const EVENTS = [7, '7', 7.5, 'x', -3, null, 1_000_000, 14].map((v, i) => ({
  _time: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  i,
  ...(v === null ? {} : { v }),
}))

async function column(blockRows: number, expr: string): Promise<readonly unknown[]> {
  const db = await openStore({ blockRows, sealWorker: false })
  await db.datasets.create({ name: 'm' })
  await db.ingest('m', EVENTS)
  await db.flush()
  const r = await db.queryResult(`['m'] | sort by i asc | project r = ${expr}`, {
    startTime: '2025-01-01T00:00:00Z',
  })
  await db.close()
  return r.tables[0].columns[0]
}

const CASES: [expr: string, want: unknown[]][] = [
  ['v + 1', [8, null, 8.5, null, -2, null, 1_000_001, 15]],
  ['v / 2', [3, null, 3.75, null, -1, null, 500_000, 7]],
  ['v % 4', [3, null, 3.5, null, 1, null, 0, 2]],
  ['(v * 2.0) / 4', [3.5, null, 3.75, null, -1.5, null, 500_000, 7]],
  ['-v', [-7, null, -7.5, null, 3, null, -1_000_000, -14]],
  ['abs(v)', [7, null, 7.5, null, 3, null, 1_000_000, 14]],
  ['floor(v * 0.5)', [3, null, 3, null, -2, null, 500_000, 7]],
  ['bin(v, 5)', [5, null, 5, null, -5, null, 1_000_000, 10]],
  ['round(v)', [7, null, 8, null, -3, null, 1_000_000, 14]],
  ['log(v) > 0', [true, null, true, null, null, null, true, true]],
  ['tostring(v * 1.0)', ['7', '', '7.5', '', '-3', '', '1e+06', '14']],
  ['tostring(v + 0)', ['7', '', '7.5', '', '-3', '', '1000000', '14']],
  ['1s * v', [7e9, null, 7.5e9, null, -3e9, null, 1e15, 14e9].map((x) => (x === null ? null : BigInt(x)))],
]

describe('per-value numeric kernels on a mixed column', () => {
  for (const blockRows of [1, 4]) {
    for (const [expr, want] of CASES) {
      it(`${expr} (blockRows=${blockRows})`, async () => {
        expect(await column(blockRows, expr)).toEqual(want)
      })
    }
  }
})

describe('a block holding only integers and floats of a field that is mixed elsewhere', () => {
  it('keeps its integers long (500 / 3 is 166, not 166.67)', async () => {
    const db = await openStore({ blockRows: 2, sealWorker: false })
    await db.datasets.create({ name: 'm' })
    await db.ingest('m', [
      { m: 500, i: 0 },
      { m: 7.5, i: 1 },
      { m: 'x', i: 2 },
      { m: 1, i: 3 },
    ])
    await db.flush()
    const r = await db.queryResult(`['m'] | sort by i asc | project r = m / 3`, {
      startTime: '2020-01-01T00:00:00Z',
    })
    await db.close()
    expect(r.tables[0].columns[0]).toEqual([166, 2.5, null, 0])
  })
})
