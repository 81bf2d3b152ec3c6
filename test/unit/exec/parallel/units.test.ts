// Units are runs of consecutive surviving blocks: together they hold every block once, in scan order,
// never more runs than asked or than blocks, none empty, and rows spread evenly when blocks allow.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { makeUnits } from '../../../../src/exec/parallel/units.ts'
import type { BlockHandle } from '../../../../src/storage/snapshot.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`units.test.ts seed ${SEED} (set FC_SEED to replay)`)

function block(i: number, rows: number): BlockHandle {
  return {
    datasetId: 'd',
    file: `/b${i}`,
    bodyOffset: 0,
    meta: { blockId: `b${i}`, header: { rowCount: rows } },
  } as never
}

describe('makeUnits', () => {
  it('covers every block once, in order, in at most `count` non-empty runs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 70_000 }), { maxLength: 200 }),
        fc.integer({ min: 1, max: 20 }),
        (rows, count) => {
          const blocks = rows.map((r, i) => block(i, r))
          const units = makeUnits(blocks, count)
          if (blocks.length === 0) {
            expect(units).toEqual([])
            return
          }
          expect(units.length).toBe(Math.min(count, blocks.length))
          expect(units.flatMap((u) => u.blocks)).toEqual(blocks)
          units.forEach((u, i) => {
            expect(u.index).toBe(i)
            expect(u.blocks.length).toBeGreaterThan(0)
            expect(u.rows).toBe(u.blocks.reduce((s, b) => s + b.meta.header.rowCount, 0))
          })
        },
      ),
      { seed: SEED, numRuns: 300, interruptAfterTimeLimit: 10_000 },
    )
  })

  it('balances equal blocks evenly', () => {
    const units = makeUnits(
      Array.from({ length: 77 }, (_, i) => block(i, 65_536)),
      8,
    )
    const sizes = units.map((u) => u.blocks.length)
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
  })
})
