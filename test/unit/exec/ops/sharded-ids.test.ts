// ops/sharded-ids.ts: ids stay the same across the split into shards, new keys get the id offered,
// and every kind of key (long and short strings, bools, empty string) is found again after it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ShardedIds } from '../../../../src/exec/ops/sharded-ids.ts'

describe('ShardedIds', () => {
  it('keeps every id across the split (past 4,096 keys), for strings, short strings and bools', () => {
    const ids = new ShardedIds()
    const keys: unknown[] = [true, false, '', 'a', 'é']
    for (let i = 0; i < 70_000; i++) keys.push(i % 3 === 0 ? `/api/v1/users/${i}` : `u${i}`)
    const wrong: string[] = []
    for (let i = 0; i < keys.length; i++) if (ids.idOrAdd(keys[i], i) !== i) wrong.push(`add ${i}`)
    // Seen again: the first id, not the one offered.
    for (let i = 0; i < keys.length; i++) if (ids.idOrAdd(keys[i], -1) !== i) wrong.push(`again ${i}`)
    for (let i = 0; i < keys.length; i++) if (ids.get(keys[i]) !== i) wrong.push(`get ${i}`)
    expect(wrong).toEqual([])
    expect(ids.get('never added')).toBeUndefined()
    expect(ids.get(1)).toBeUndefined()
  })

  it('agrees with a Map for random keys (property)', () => {
    const seed = Date.now() % 100_000
    console.log(`seed ${seed}`)
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.boolean()), { maxLength: 400 }),
        (keys) => {
          const ids = new ShardedIds()
          const want = new Map<unknown, number>()
          for (const k of keys) {
            const next = want.size
            if (!want.has(k)) want.set(k, next)
            expect(ids.idOrAdd(k, next)).toBe(want.get(k))
          }
        },
      ),
      { seed, numRuns: 100 },
    )
  })
})
