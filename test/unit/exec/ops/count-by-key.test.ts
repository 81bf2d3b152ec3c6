// count() by a run key and a dictionary key (count-by-key.ts countByRunsAndDictionary): the same
// groups and counts as grouping row by row, in both key orders, with runs, nulls, rows held by a
// split mixed column's number part, short-run batches sent down the general path in between, and
// groups shared with rows assigned the general way.
import { describe, expect, it } from 'vitest'
import { GroupCounts } from '../../../../src/exec/agg/group-counts.ts'
import { GroupScratch } from '../../../../src/exec/ops/agg-feed.ts'
import { countByDictionary, countByRunsAndDictionary } from '../../../../src/exec/ops/count-by-key.ts'
import { GroupIndex } from '../../../../src/exec/ops/group-keys.ts'
import type { Cell } from '../../../../src/exec/result.ts'
import type { Vec } from '../../../../src/exec/vector.ts'
import { lcg } from './lcg.ts'

type Row = readonly [number | null, string | number | null]

/** Rows in runs of the first value (run length about `meanRun`), second value from a few strings. */
function rowsOf(n: number, meanRun: number, seed: number): Row[] {
  const r = lcg(seed)
  const out: Row[] = []
  let t = Math.floor(r() * 5)
  for (let i = 0; i < n; i++) {
    if (r() < 1 / meanRun) t += 1 + Math.floor(r() * 3)
    const u = r()
    const k =
      u < 0.03 ? null : u < 0.06 ? 200 + Math.floor(r() * 2) : ['a', 'b', 'c', 'd'][Math.floor(r() * 4)]
    out.push([r() < 0.01 ? null : t, k])
  }
  return out
}

function runVec(rows: readonly Row[]): Vec {
  return {
    kind: 'num',
    type: 'long',
    values: Float64Array.from(rows, (x) => x[0] ?? 0),
    valid: Uint8Array.from(rows, (x) => (x[0] === null ? 0 : 1)),
  }
}

/** The second column as a split mixed vector: a string part (dictionary) and a number part. */
function keyVec(rows: readonly Row[]): Vec {
  const dict = [...new Set(rows.map((x) => x[1]).filter((x): x is string => typeof x === 'string'))]
  const str: Vec = {
    kind: 'str',
    codes: Int32Array.from(rows, (x) => (typeof x[1] === 'string' ? dict.indexOf(x[1]) : -1)),
    dict,
  }
  const num: Vec = {
    kind: 'num',
    type: 'long',
    values: Float64Array.from(rows, (x) => (typeof x[1] === 'number' ? x[1] : 0)),
    valid: Uint8Array.from(rows, (x) => (typeof x[1] === 'number' ? 1 : 0)),
  }
  const cells: Cell[] = rows.map((x) => x[1])
  return { kind: 'mixed', values: cells, parts: [str, num] }
}

/** Feeds batches (fast path where it applies, the general path otherwise); returns key → count. */
function run(
  batches: readonly (readonly Row[])[],
  runFirst: boolean,
): { counts: Map<string, number>; fast: number } {
  const groups = new GroupIndex(2)
  const tally = new GroupCounts()
  const born = () => {}
  const scratch = new GroupScratch()
  let fast = 0
  for (const b of batches) {
    const keys = runFirst ? [runVec(b), keyVec(b)] : [keyVec(b), runVec(b)]
    const rows = Uint32Array.from(b.keys())
    if (countByRunsAndDictionary(groups, keys, rows, tally, born, scratch)) fast++
    else {
      const gids = groups.assign(keys, rows, born)
      for (const g of gids) tally.add(g, 1)
    }
  }
  const counts = new Map<string, number>()
  groups.members.forEach((m, g) => {
    const key = JSON.stringify(m.map((id, k) => groups.keys[k].values[id]))
    expect(counts.has(key), `one group per key: ${key}`).toBe(false)
    counts.set(key, tally.of(g))
  })
  return { counts, fast }
}

function expected(batches: readonly (readonly Row[])[], runFirst: boolean): Map<string, number> {
  const want = new Map<string, number>()
  for (const b of batches)
    for (const [t, k] of b) {
      const key = JSON.stringify(runFirst ? [t, k] : [k, t])
      want.set(key, (want.get(key) ?? 0) + 1)
    }
  return want
}

describe('countByRunsAndDictionary', () => {
  for (const runFirst of [true, false]) {
    it(`matches row-by-row grouping (${runFirst ? 'run key first' : 'dictionary key first'})`, () => {
      const batches = [rowsOf(3000, 200, 1), rowsOf(2000, 2, 2), rowsOf(4000, 50, 3), rowsOf(1, 1, 4)]
      const got = run(batches, runFirst)
      // The short-run batch (mean run 2) and the one-row batch go the general way.
      expect(got.fast).toBe(2)
      const want = expected(batches, runFirst)
      expect(got.counts.size).toBe(want.size)
      for (const [k, n] of want) expect(got.counts.get(k), k).toBe(n)
    })
  }

  it('declines other key shapes', () => {
    const b = rowsOf(100, 50, 5)
    const groups = new GroupIndex(2)
    const none = () => {}
    const str = keyVec(b)
    expect(
      countByRunsAndDictionary(
        groups,
        [str, str],
        Uint32Array.from(b.keys()),
        new GroupCounts(),
        none,
        new GroupScratch(),
      ),
    ).toBe(false)
    expect(
      countByRunsAndDictionary(
        groups,
        [runVec(b)],
        Uint32Array.from(b.keys()),
        new GroupCounts(),
        none,
        new GroupScratch(),
      ),
    ).toBe(false)
  })
})

describe('countByDictionary', () => {
  it('counts a strings-and-numbers key like row-by-row grouping', () => {
    const batches = [rowsOf(3000, 200, 11), rowsOf(2000, 3, 12), rowsOf(1, 1, 13)]
    const groups = new GroupIndex(1)
    const tally = new GroupCounts()
    const born = () => {}
    for (const b of batches) {
      expect(
        countByDictionary(groups, [keyVec(b)], Uint32Array.from(b.keys()), tally, born, new GroupScratch()),
      ).toBe(true)
    }
    const want = new Map<string, number>()
    for (const b of batches)
      for (const [, k] of b) want.set(JSON.stringify(k), (want.get(JSON.stringify(k)) ?? 0) + 1)
    const got = new Map<string, number>()
    groups.members.forEach((m, g) => {
      const key = JSON.stringify(groups.keys[0].values[m[0]])
      expect(got.has(key), key).toBe(false)
      got.set(key, tally.of(g))
    })
    expect(got).toEqual(want)
  })
})
