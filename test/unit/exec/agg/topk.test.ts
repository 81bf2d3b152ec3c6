// Unit tests: topk — exact (error 0) while the distinct keys fit the counters, deterministic tie order,
// Space-Saving bounds once counters are evicted, the merge of lossy summaries, and key types.
// Prints `topk exact_on_small=true`.
import { describe, expect, it } from 'vitest'
import { rng } from '../../../../bench/data-gen.ts'
import { CodeDictionary } from '../../../../src/exec/agg/code-dictionary.ts'
import { bigintToWords, wordsOut } from '../../../../src/exec/agg/int64-words.ts'
import { createAggState, deserializeAggState } from '../../../../src/exec/agg/registry.ts'
import type { HeavyHitter } from '../../../../src/exec/agg/space-saving.ts'
import { defaultTopkCapacity } from '../../../../src/exec/agg/topk.ts'

const ship = <S extends { kind: string; serialize(): Uint8Array }>(s: S): S =>
  deserializeAggState(s.kind, s.serialize()) as unknown as S

/** True counts of `keys`, highest first, ties by key. */
function truth(keys: readonly string[]): [string, number][] {
  const m = new Map<string, number>()
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1)
  return [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
}

describe('topk', () => {
  it('orders by count, ties by key, and reports {key, count, error}', () => {
    const s = createAggState('topk', { k: 3 })
    for (const v of ['b', 'a', 'c', 'c', 'b', 'a', 'c', 'd', null]) s.add(v)
    expect(s.result()).toEqual([
      { key: 'c', count: 3, error: 0 },
      { key: 'a', count: 2, error: 0 },
      { key: 'b', count: 2, error: 0 },
    ])
    const mixed = createAggState('topk', { k: 10 })
    for (const v of ['x', 2, true, 1, 'a']) mixed.add(v)
    expect((mixed.result() as HeavyHitter[]).map((h) => h.key)).toEqual([true, 1, 2, 'a', 'x'])
  })

  it('is exact on small data: every count exact and error 0, also after an 8-way merge', () => {
    const r = rng(7)
    const keys = Array.from({ length: 60_000 }, () => `ip-${Math.floor(r() ** 2 * 900)}`)
    const want = truth(keys).slice(0, 25)
    const one = createAggState('topk', { k: 25 })
    for (const k of keys) one.addString(k)
    const parts = Array.from({ length: 8 }, () => createAggState('topk', { k: 25 }))
    for (const [i, k] of keys.entries()) parts[i % 8].addString(k)
    const merged = ship(parts[5])
    for (const i of [2, 7, 0, 3, 1, 6, 4]) merged.merge(ship(parts[i]))
    const exact = [one, merged].every(
      (s) =>
        !s.isEstimate &&
        JSON.stringify(s.result()) === JSON.stringify(want.map(([key, count]) => ({ key, count, error: 0 }))),
    )
    console.log(`topk exact_on_small=${exact} (distinct=${truth(keys).length}, capacity=${one.capacity})`)
    expect(exact).toBe(true)
  })

  it('keeps Space-Saving bounds and finds the heavy hitters once counters are evicted', () => {
    const r = rng(11)
    // Zipf-like over 50,000 keys: far more keys than counters.
    const keys = Array.from({ length: 200_000 }, () => `k${Math.floor(1 / (r() + 2e-5)) - 1}`)
    const want = truth(keys)
    const count = new Map(want)
    for (const split of [1, 4]) {
      const parts = Array.from({ length: split }, () => createAggState('topk', { k: 10, capacity: 200 }))
      for (const [i, k] of keys.entries()) parts[i % split].addString(k)
      const s = parts[0]
      for (const p of parts.slice(1)) s.merge(ship(p))
      expect(s.isEstimate).toBe(true)
      const got = s.result() as HeavyHitter[]
      for (const h of got) {
        const t = count.get(h.key as string) ?? 0
        expect(h.count).toBeGreaterThanOrEqual(t)
        expect(h.count - h.error).toBeLessThanOrEqual(t)
        expect(h.error).toBeLessThanOrEqual(keys.length / 200)
      }
      expect(got.map((h) => h.key)).toEqual(want.slice(0, 10).map(([k]) => k))
    }
  })

  it('merging counts a key missing from a lossy summary as that summary’s minimum', () => {
    // Capacity 2. B sees x ×5 then evicts it; A still holds x. x's true total is 8.
    const a = createAggState('topk', { k: 2, capacity: 2 })
    for (const v of ['x', 'x', 'x', 'e']) a.add(v)
    const b = createAggState('topk', { k: 2, capacity: 2 })
    for (let i = 0; i < 5; i++) b.add('x')
    for (let i = 0; i < 10; i++) b.add('c')
    for (let i = 0; i < 10; i++) b.add('d')
    expect((b.result() as HeavyHitter[]).map((h) => h.key)).toEqual(['d', 'c'])
    a.merge(ship(b))
    // x counts 3 + B's bound 10 = 13 (≥ its true 8), so it outranks c (10) and stays in the summary.
    expect((a.result() as HeavyHitter[]).map((h) => [h.key, h.count])).toEqual([
      ['d', 15],
      ['x', 13],
    ])
    for (const h of a.result() as HeavyHitter[]) {
      const t = { x: 8, c: 10, d: 10, e: 1 }[h.key as 'x' | 'c' | 'd' | 'e']
      expect(h.count).toBeGreaterThanOrEqual(t)
      expect(h.count - h.error).toBeLessThanOrEqual(t)
    }
  })

  it('treats dictionary codes as their strings and unsafe int64 words as bigint keys', () => {
    const s = createAggState('topk', { k: 5 })
    const dict = new CodeDictionary(['GET', 'POST'])
    s.addCode(0, dict)
    s.addCode(0, dict)
    s.add('GET')
    s.addCode(1, dict)
    bigintToWords(2n ** 60n)
    s.addInt64(wordsOut[0], wordsOut[1])
    s.add(2n ** 60n)
    s.addInt64(0, 3)
    s.addNumber(3)
    s.addNumber(-0)
    s.addNumber(0)
    expect(ship(s).result()).toEqual([
      { key: 'GET', count: 3, error: 0 },
      { key: -0, count: 2, error: 0 },
      { key: 3, count: 2, error: 0 },
      { key: 2n ** 60n, count: 2, error: 0 },
      { key: 'POST', count: 1, error: 0 },
    ])
  })

  it('sizes counters as max(10k, 1000) and validates k and capacity', () => {
    expect(defaultTopkCapacity(1)).toBe(1000)
    expect(defaultTopkCapacity(500)).toBe(5000)
    expect(defaultTopkCapacity(1_000_000)).toBe(1_000_000)
    expect(() => createAggState('topk')).toThrow(expect.objectContaining({ code: 'AGG_BAD_PARAM' }))
    expect(() => createAggState('topk', { k: 0 })).toThrow(/k must be an integer in \[1, 1000000\]/)
    expect(() => createAggState('topk', { k: 5, capacity: 4 })).toThrow(/capacity/)
    expect(() => createAggState('topk', { k: 5 }).merge(createAggState('topk', { k: 6 }))).toThrow(
      expect.objectContaining({ code: 'AGG_MERGE_MISMATCH' }),
    )
  })
})
