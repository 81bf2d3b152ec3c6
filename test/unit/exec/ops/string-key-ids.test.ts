// ops/string-key-ids.ts and ops/cell-chunks.ts: a group key's strings keep their first id through
// every table growth and across chunk boundaries (short, empty, non-ASCII and long strings of one
// length alike); an absent string is −1; and the shards grow at different times, so no piece of a
// few thousand new strings rehashes more than a small share of the ids.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CellChunks } from '../../../../src/exec/ops/cell-chunks.ts'
import { StringKeyIds } from '../../../../src/exec/ops/string-key-ids.ts'

/** Adds each string (pushing new ones as cells); returns the ids given. */
function addAll(ids: StringKeyIds, cells: CellChunks, keys: readonly string[]): number[] {
  return keys.map((s) => {
    const id = ids.idOrAdd(s, cells.size, cells)
    if (id === cells.size) cells.push(s)
    return id
  })
}

describe('StringKeyIds', () => {
  it('keeps every first id across growths and chunks, for all kinds of strings', () => {
    const keys = ['', 'a', 'é', '😀', 'x'.repeat(20_000), 'y'.repeat(20_000)]
    for (let i = 0; i < 100_000; i++) keys.push(i % 3 === 0 ? `/api/v1/users/${i}` : `u${i}`)
    const ids = new StringKeyIds()
    const cells = new CellChunks()
    expect(addAll(ids, cells, keys)).toEqual(keys.map((_, i) => i))
    // Seen again: the first id.
    expect(addAll(ids, cells, keys)).toEqual(keys.map((_, i) => i))
    expect(cells.size).toBe(keys.length)
    const wrong = keys.filter((s, i) => ids.get(s, cells) !== i || cells.at(i) !== s)
    expect(wrong).toEqual([])
    expect(cells.flat()).toEqual(keys)
    expect(ids.get('never added', cells)).toBe(-1)
    expect(ids.get('z'.repeat(20_000), cells)).toBe(-1)
  })

  it('grows its tables at different times: 4,096 new strings never add more than a quarter of the slots', () => {
    const ids = new StringKeyIds()
    const cells = new CellChunks()
    let worst = 0
    for (let from = 0; from < 400_000; from += 4096) {
      const before = ids.slots
      addAll(
        ids,
        cells,
        Array.from({ length: 4096 }, (_, i) => `k${from + i}`),
      )
      // Past the first tables (made on first use), a growth doubles one shard.
      if (from >= 65_536) worst = Math.max(worst, (ids.slots - before) / before)
    }
    expect(worst).toBeGreaterThan(0)
    expect(worst).toBeLessThan(0.25)
  })

  it('agrees with a Map for random strings (property)', () => {
    const seed = Date.now() % 100_000
    console.log(`seed ${seed}`)
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 5 }), { maxLength: 500 }), (keys) => {
        const ids = new StringKeyIds()
        const cells = new CellChunks()
        const want = new Map<string, number>()
        for (const k of keys) if (!want.has(k)) want.set(k, want.size)
        expect(addAll(ids, cells, keys)).toEqual(keys.map((k) => want.get(k)))
      }),
      { seed, numRuns: 100 },
    )
  })
})
