// GroupIndex: the same key combination gets the same group id in every batch, new combinations are
// numbered in first-seen order, and this holds across the two-key dense table's growth and its
// hand-over to the hash tables (past 2^20 cells), and for one, two and three keys.
import { describe, expect, it } from 'vitest'
import { GroupIndex } from '../../../../src/exec/ops/group-keys.ts'
import type { Vec } from '../../../../src/exec/vector.ts'

const num = (xs: readonly number[]): Vec => ({
  kind: 'num',
  type: 'long',
  values: Float64Array.from(xs),
  valid: null,
})
const str = (xs: readonly string[]): Vec => {
  const dict = [...new Set(xs)]
  return { kind: 'str', codes: Int32Array.from(xs.map((x) => dict.indexOf(x))), dict }
}

/** Feeds batches of key tuples; checks ids against a Map of tuples, first-seen numbering included. */
function check(
  keyCount: number,
  batches: readonly (readonly (readonly (number | string)[])[])[],
): GroupIndex {
  const groups = new GroupIndex(keyCount)
  const want = new Map<string, number>()
  for (const rows of batches) {
    const vecs = Array.from({ length: keyCount }, (_, k) =>
      typeof rows[0][k] === 'string'
        ? str(rows.map((r) => r[k] as string))
        : num(rows.map((r) => r[k] as number)),
    )
    const gids = groups.assign(vecs, Uint32Array.from(rows.keys()), () => {})
    rows.forEach((r, j) => {
      const key = JSON.stringify(r)
      if (!want.has(key)) want.set(key, want.size)
      expect(gids[j], key).toBe(want.get(key))
    })
  }
  expect(groups.size).toBe(want.size)
  return groups
}

function pairs(n: number, modA: number, modB: number, seed: number): [number, number][] {
  let x = seed
  return Array.from({ length: n }, () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    return [x % modA, (x >>> 11) % modB]
  })
}

describe('GroupIndex', () => {
  it('one key, strings and numbers', () => {
    check(1, [
      [['a'], ['b'], ['a']],
      [['c'], ['b']],
    ])
    check(1, [
      [[3], [1], [3]],
      [[2], [1], [-0], [0]],
    ])
  })

  it('two keys through the dense table, which grows as ids come', () => {
    check(2, [pairs(500, 20, 8, 1), pairs(500, 300, 30, 2), pairs(2000, 300, 30, 3)])
  })

  it('two keys past the dense table (2^20 cells) move to the hash tables with the same ids', () => {
    // 1,500 × 1,500 distinct ids need more than 2^20 cells in the second batch.
    check(2, [pairs(3000, 600, 600, 4), pairs(6000, 1500, 1500, 5), pairs(3000, 1500, 1500, 6)])
  })

  it('three keys', () => {
    const rows = pairs(2000, 40, 40, 7).map(([a, b]) => [a, `s${b % 5}`, b] as const)
    check(3, [rows.slice(0, 700), rows.slice(700)])
  })
})
