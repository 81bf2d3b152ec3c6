// A group key's values and the output key columns built from them: a string that reads like the
// tag of another kind of value ("b:…" for a big integer, "j:…" for JSON) is its own group; a key
// with more distinct values than one output piece is gathered piece by piece (ops/key-columns.ts)
// with the same cells as a key converted whole; and util/object-memo.ts keeps a value per object.
import { describe, expect, it } from 'vitest'
import { GroupIndex } from '../../../../src/exec/ops/group-keys.ts'
import { keyColumns } from '../../../../src/exec/ops/key-columns.ts'
import { cellAt, type Vec, vecLength } from '../../../../src/exec/vector.ts'
import { ObjectMemo } from '../../../../src/util/object-memo.ts'

const rowsOf = (n: number) => Uint32Array.from({ length: n }, (_, i) => i)
const cells = (v: Vec) => Array.from({ length: vecLength(v) }, (_, i) => cellAt(v, i))

describe('group key values', () => {
  it('keeps a string apart from a big integer or JSON value with the same tagged spelling', () => {
    const big = 2n ** 60n + 1n
    const v: Vec = { kind: 'mixed', values: [`b:${big}`, big, 'j:{"a":1}', { a: 1 }, `b:${big}`, big] }
    const groups = new GroupIndex(1)
    const gids = groups.assign([v], rowsOf(6), () => {})
    expect(Array.from(gids)).toEqual([0, 1, 2, 3, 0, 1])
    expect(groups.keys[0].values).toEqual([`b:${big}`, big, 'j:{"a":1}', { a: 1 }])
  })

  it('gathers a key of more distinct values than a piece per piece, with the cells of each group', () => {
    // Two keys: 100,000 distinct strings × 2 numbers, each string in two groups.
    const n = 100_000
    const strs = Array.from({ length: 2 * n }, (_, i) => `s${i % n}`)
    const groups = new GroupIndex(2)
    const a: Vec = { kind: 'str', codes: Int32Array.from(strs, (_, i) => i % n), dict: strs.slice(0, n) }
    const b: Vec = {
      kind: 'num',
      type: 'long',
      values: Float64Array.from(strs, (_, i) => (i < n ? 1 : 2)),
      valid: null,
    }
    groups.assign([a, b], rowsOf(2 * n), () => {})
    expect(groups.size).toBe(2 * n)
    const cols = keyColumns(groups.keys, ['string', 'long'], (k, from, to) => groups.keyIds(k, from, to))
    const got: unknown[][] = [[], []]
    for (let from = 0; from < groups.size; from += 65_536) {
      const piece = cols(from, Math.min(groups.size, from + 65_536))
      piece.forEach((v, k) => {
        got[k].push(...cells(v))
      })
    }
    expect(got[0]).toEqual(strs)
    expect(got[1]).toEqual(strs.map((_, i) => (i < n ? 1 : 2)))
  })
})

describe('ObjectMemo', () => {
  it('keeps one value per object, none for a frozen one, and stays out of its keys', () => {
    const memo = new ObjectMemo<object, number[]>('test')
    const a = {}
    const b = {}
    memo.set(a, [1])
    expect(memo.get(a)).toEqual([1])
    expect(memo.get(b)).toBeUndefined()
    memo.set(a, [2])
    expect(memo.get(a)).toEqual([2])
    expect(Object.keys(a)).toEqual([])
    expect(JSON.stringify(a)).toBe('{}')
    const frozen = Object.freeze({})
    memo.set(frozen, [3])
    expect(memo.get(frozen)).toBeUndefined()
  })
})
