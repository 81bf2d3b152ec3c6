// Unit tests: make_list / make_set (size cap, typed and mixed storage, dedupe rules, bytes) and
// arg_min / arg_max (payload captured only on improvement, ties by ordinal, int64 and string values).
import { describe, expect, it } from 'vitest'
import type { PayloadSource } from '../../../../src/exec/agg/agg-state.ts'
import { CodeDictionary } from '../../../../src/exec/agg/code-dictionary.ts'
import { AggStateError } from '../../../../src/exec/agg/errors.ts'
import { bigintToWords, wordsOut } from '../../../../src/exec/agg/int64-words.ts'
import { createAggState, deserializeAggState } from '../../../../src/exec/agg/registry.ts'

const ship = <S extends { kind: string; serialize(): Uint8Array }>(s: S): S =>
  deserializeAggState(s.kind, s.serialize()) as unknown as S

describe('make_list', () => {
  it('keeps every non-null value in arrival order, numbers unboxed, then mixed', () => {
    const s = createAggState('make_list')
    for (const x of [3, 1.5, -0, 3]) s.addNumber(x)
    s.add(null)
    expect(s.result()).toEqual([3, 1.5, -0, 3])
    expect(ship(s).result()).toEqual([3, 1.5, -0, 3])
    s.add('x')
    s.add({ a: [1] })
    bigintToWords(2n ** 60n)
    s.addInt64(wordsOut[0], wordsOut[1])
    s.add(true)
    const want = [3, 1.5, -0, 3, 'x', { a: [1] }, 2n ** 60n, true]
    expect(s.result()).toEqual(want)
    expect(ship(s).result()).toEqual(want)
  })

  it('stops at maxSize (default 1,048,576) and merges up to it', () => {
    const s = createAggState('make_list', { maxSize: 3 })
    for (let i = 0; i < 10; i++) s.addNumber(i)
    expect(s.result()).toEqual([0, 1, 2])
    const a = createAggState('make_list', { maxSize: 3 })
    a.add('a')
    const b = createAggState('make_list', { maxSize: 3 })
    for (const v of ['b', 'c', 'd']) b.add(v)
    a.merge(ship(b))
    expect(a.result()).toEqual(['a', 'b', 'c'])
    expect(createAggState('make_list').maxSize).toBe(1_048_576)
  })

  it('rejects a size cap outside 1 … 1,048,576 with AGG_BAD_PARAM', () => {
    for (const maxSize of [0, -1, 1.5, 1_048_577]) {
      expect(() => createAggState('make_list', { maxSize })).toThrow(
        expect.objectContaining({ code: 'AGG_BAD_PARAM', message: expect.stringContaining('maxSize') }),
      )
    }
  })
})

describe('make_set', () => {
  it('dedupes by value: −0 = 0, NaN = NaN, objects by canonical JSON, 5 ≠ "5"', () => {
    const s = createAggState('make_set')
    for (const v of [
      0,
      -0,
      Number.NaN,
      Number.NaN,
      5,
      '5',
      { a: 1, b: 2 },
      { b: 2, a: 1 },
      [1],
      [1],
      true,
      true,
      null,
    ]) {
      s.add(v)
    }
    expect(s.result()).toEqual([0, Number.NaN, 5, '5', { a: 1, b: 2 }, [1], true])
    expect(ship(s).result()).toEqual(s.result())
  })

  it('dictionary codes and strings are the same elements; int64 words beyond 2^53 are bigints', () => {
    const s = createAggState('make_set')
    const dict = new CodeDictionary(['GET', 'POST'])
    s.addCode(0, dict)
    s.add('GET')
    s.addCode(1, dict)
    bigintToWords(2n ** 60n)
    s.addInt64(wordsOut[0], wordsOut[1])
    s.add(2n ** 60n)
    s.addInt64(0, 7)
    s.addNumber(7)
    expect(s.result()).toEqual(['GET', 'POST', 2n ** 60n, 7])
  })

  it('stops at maxSize; merge unions up to it', () => {
    const a = createAggState('make_set', { maxSize: 3 })
    for (const v of [1, 1, 2]) a.add(v)
    const b = createAggState('make_set', { maxSize: 3 })
    for (const v of [2, 3, 4]) b.add(v)
    a.merge(ship(b))
    expect(a.result()).toEqual([1, 2, 3])
  })
})

describe('arg_min / arg_max', () => {
  /** Counts captures, so the test can show payloads are built only for new bests. */
  function source() {
    const calls: number[] = []
    const src: PayloadSource = {
      capture: (o) => {
        calls.push(o)
        return { row: o, tag: `r${o}` }
      },
    }
    return { src, calls }
  }

  it('captures the payload only when a row becomes the new best', () => {
    const s = createAggState('arg_max')
    const { src, calls } = source()
    const xs = [1, 5, 3, 5, 9, 2, 9, Number.NaN]
    for (const [i, x] of xs.entries()) s.addNumberAt(x, i, src)
    expect(s.result()).toEqual({ value: 9, payload: { row: 4, tag: 'r4' } })
    expect(calls).toEqual([0, 1, 4])
    expect(ship(s).result()).toEqual(s.result())
  })

  it('ties keep the smallest ordinal whatever the arrival or merge order', () => {
    const { src } = source()
    const a = createAggState('arg_min')
    a.addNumberAt(1, 30, src)
    const b = createAggState('arg_min')
    b.addNumberAt(1, 7, src)
    b.addNumberAt(1, 50, src)
    a.merge(ship(b))
    expect(a.result()).toEqual({ value: 1, payload: { row: 7, tag: 'r7' } })
    const c = createAggState('arg_min')
    c.addNumberAt(1, 9, src)
    c.addNumberAt(1, 3, src)
    expect((c.result() as { payload: { row: number } }).payload.row).toBe(3)
  })

  it('handles int64 words, strings via codes, and null over no rows', () => {
    const { src } = source()
    const s = createAggState('arg_max')
    expect(s.result()).toBeNull()
    for (const [i, t] of [
      1_700_000_000_000_000_001n,
      1_700_000_000_000_000_003n,
      1_700_000_000_000_000_002n,
    ].entries()) {
      bigintToWords(t)
      s.addInt64At(wordsOut[0], wordsOut[1], i, src)
    }
    expect(s.result()).toEqual({ value: 1_700_000_000_000_000_003n, payload: { row: 1, tag: 'r1' } })
    const m = createAggState('arg_min')
    const dict = new CodeDictionary(['b', 'a', 'c'])
    for (let code = 0; code < 3; code++) m.addCodeAt(code, dict, code, src)
    expect(m.result()).toEqual({ value: 'a', payload: { row: 1, tag: 'r1' } })
  })

  it('untyped adds carry a null payload; unserializable payloads fail with a code', () => {
    const s = createAggState('arg_max')
    s.add(3)
    s.add('x')
    expect(s.result()).toEqual({ value: 'x', payload: null })
    const bad = createAggState('arg_max')
    bad.addNumberAt(1, 0, { capture: () => new Map() })
    expect(() => bad.serialize()).toThrow(expect.objectContaining({ code: 'AGG_UNSERIALIZABLE' }))
    expect(() => bad.serialize()).toThrow(AggStateError)
  })

  it('payload objects keep a "__proto__" key as data across bytes', () => {
    const s = createAggState('arg_max')
    const payload = JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}')
    s.addNumberAt(1, 0, { capture: () => payload })
    const back = ship(s).result() as { payload: Record<string, unknown> }
    expect(Object.keys(back.payload)).toEqual(['__proto__', 'a'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
