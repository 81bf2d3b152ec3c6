// Unit tests: count, countif, sum (exact), avg, min/max (numbers, int64 words, strings, bools, mixed),
// variance/stdev — add, merge, result, and the round trip through bytes.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AggStateError } from '../../../../src/exec/agg/errors.ts'
import { ExactSum } from '../../../../src/exec/agg/exact-sum.ts'
import { bigintToWords, wordsOut } from '../../../../src/exec/agg/int64-words.ts'
import { createAggState, deserializeAggState } from '../../../../src/exec/agg/registry.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`agg-basic seed=${seed}`)

/** A state of `kind` fed `values` through the generic add path. */
function over(kind: string, values: readonly unknown[]) {
  const s = createAggState(kind)
  for (const v of values) s.add(v)
  return s
}

const ship = <S extends { kind: string; serialize(): Uint8Array }>(s: S): S =>
  deserializeAggState(s.kind, s.serialize()) as unknown as S

/** Feeds an int64 through the words path. */
function addWords(s: { addInt64(hi: number, lo: number): void }, v: bigint): void {
  bigintToWords(v)
  s.addInt64(wordsOut[0], wordsOut[1])
}

describe('count / countif', () => {
  it('count counts every call (nulls too), addMany adds, merge sums', () => {
    const a = createAggState('count')
    a.add(null)
    a.addNumber(1)
    a.addInt64(0, 1)
    a.addMany(10)
    const b = createAggState('count')
    b.add('x')
    b.add(undefined)
    a.merge(ship(b))
    expect(a.result()).toBe(15)
    expect(createAggState('count').result()).toBe(0)
  })

  it('countif counts true only (numbers: non-zero, not NaN)', () => {
    const s = createAggState('countif')
    for (const v of [true, false, null, true, 'true', 1]) s.add(v)
    s.addNumber(0)
    s.addNumber(Number.NaN)
    s.addNumber(2)
    s.addMany(3)
    expect(s.result()).toBe(2 + 1 + 1 + 3)
    expect(ship(s).result()).toBe(7)
  })
})

describe('sum', () => {
  it('is 0 over no rows and ignores nulls and strings', () => {
    expect(createAggState('sum').result()).toBe(0)
    expect(over('sum', [null, 'x', 2, true, 3]).result()).toBe(5)
  })

  it('keeps integer sums exact past 2^53 (bigint) and falls back to a double past int64', () => {
    expect(over('sum', [2 ** 53, 1, 1]).result()).toBe(2n ** 53n + 2n)
    const s = createAggState('sum')
    for (let i = 0; i < 3; i++) addWords(s, 2n ** 62n)
    expect(s.result()).toBe(3 * 2 ** 62)
    const t = createAggState('sum')
    addWords(t, 2n ** 63n - 1n)
    addWords(t, -(2n ** 63n))
    addWords(t, 5n)
    expect(t.result()).toBe(4)
  })

  it('rounds double sums once (no cancellation error, no order dependence)', () => {
    expect(over('sum', [1e16, 1, -1e16]).result()).toBe(1)
    expect(over('sum', [0.1, 0.2, 0.3]).result()).toBe(0.6)
    expect(over('sum', [1e308, -1e308, 1e308]).result()).toBe(1e308)
    // A finite running sum past ±1.8e308 overflows to ±Infinity, as IEEE addition would.
    expect(over('sum', [1e308, 1e308, -1e308]).result()).toBe(Number.POSITIVE_INFINITY)
    expect(over('sum', [Number.POSITIVE_INFINITY, 1]).result()).toBe(Number.POSITIVE_INFINITY)
    expect(over('sum', [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]).result()).toBeNaN()
  })

  it('ExactSum equals the exactly rounded sum (fixed-point reference), in any order', () => {
    // Doubles k / 2^30: the exact sum is a bigint of units, and Number(bigint) rounds to nearest-even.
    const cell = fc.oneof(fc.integer(), fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(Number))
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 60, size: 'max' }), fc.nat(), (ks, rot) => {
        const xs = ks.map((k) => k / 2 ** 30)
        const units = ks.reduce<bigint>((a, k) => a + BigInt(k), 0n)
        const want = Number(units) / 2 ** 30
        const a = new ExactSum()
        for (const x of xs) a.add(x)
        const b = new ExactSum()
        const r = xs.length === 0 ? 0 : rot % xs.length
        for (const x of [...xs.slice(r), ...xs.slice(0, r)].reverse()) b.add(x)
        expect(a.value()).toBe(want)
        expect(b.value()).toBe(want)
      }),
      { seed, numRuns: 500, interruptAfterTimeLimit: 5_000 },
    )
  })

  it('rounds the half-way case with the discarded partials (math.fsum correction)', () => {
    // 2^53 + 1 + 2^-30: the exact sum is just above the midpoint, so it must round up.
    const s = new ExactSum()
    for (const x of [2 ** 53, 1, 2 ** -30]) s.add(x)
    expect(s.value()).toBe(2 ** 53 + 2)
    const t = new ExactSum()
    for (const x of [2 ** 53, 1, -(2 ** -30)]) t.add(x)
    expect(t.value()).toBe(2 ** 53)
  })
})

describe('avg', () => {
  it('is null over no rows and exact sum / count otherwise', () => {
    expect(createAggState('avg').result()).toBeNull()
    expect(over('avg', [1, null, 2, 4]).result()).toBe(7 / 3)
    const s = createAggState('avg')
    addWords(s, 2n ** 62n)
    addWords(s, 2n ** 62n + 2n)
    expect(s.result()).toBe(2 ** 62)
    const a = over('avg', [1e16, 1])
    a.merge(ship(over('avg', [-1e16])))
    expect(a.result()).toBe(1 / 3)
  })
})

describe('min / max', () => {
  it('numbers, NaN skipped, null when empty', () => {
    expect(over('min', [3, Number.NaN, -1, 2]).result()).toBe(-1)
    expect(over('max', [3, Number.NaN, -1, 2]).result()).toBe(3)
    expect(over('max', [null, Number.NaN]).result()).toBeNull()
  })

  it('datetimes as int64 words: exact past 2^53, bigint out', () => {
    const t = 1_700_000_000_123_456_789n
    const s = createAggState('max')
    addWords(s, t)
    addWords(s, t + 1n)
    addWords(s, t - 1n)
    expect(s.result()).toBe(t + 1n)
    const m = createAggState('min')
    addWords(m, t + 1n)
    addWords(m, t)
    expect(ship(m).result()).toBe(t)
  })

  it('compares doubles with int64 words exactly (2^63 > INT64_MAX, 2^53 + 2 > 2^53 + 1)', () => {
    const a = createAggState('max')
    addWords(a, 2n ** 63n - 1n)
    a.addNumber(2 ** 63)
    expect(a.result()).toBe(2 ** 63)
    const b = createAggState('max')
    b.addNumber(2 ** 63)
    addWords(b, 2n ** 63n - 1n)
    expect(b.result()).toBe(2 ** 63)
    const c = createAggState('min')
    addWords(c, 2n ** 53n + 1n)
    c.addNumber(2 ** 53 + 2)
    expect(c.result()).toBe(2n ** 53n + 1n)
    const d = createAggState('max')
    addWords(d, -(2n ** 63n))
    d.addNumber(-(2 ** 63))
    expect(d.result() === -(2 ** 63) || d.result() === -(2n ** 63n)).toBe(true)
  })

  it('strings by UTF-16 order, also through dictionary codes; bool < number < string across types', () => {
    expect(over('min', ['b', 'a', 'c']).result()).toBe('a')
    expect(over('max', ['b', 'é', 'z']).result()).toBe('é')
    expect(over('max', [true, 5, 'a', false]).result()).toBe('a')
    expect(over('min', [true, 5, 'a', false]).result()).toBe(false)
    expect(over('min', [5, 'a', true]).result()).toBe(true)
  })

  it('merge keeps the better side and survives bytes', () => {
    const a = over('max', [1, 2])
    a.merge(ship(over('max', [7, 'x'])))
    expect(a.result()).toBe('x')
    const b = over('min', [])
    b.merge(ship(over('min', [4])))
    expect(b.result()).toBe(4)
  })
})

describe('variance / stdev', () => {
  it('sample (n − 1) forms; 0 for one value, null for none', () => {
    expect(over('variance', [2, 4, 4, 4, 5, 5, 7, 9]).result()).toBeCloseTo(32 / 7, 12)
    expect(over('stdev', [2, 4, 4, 4, 5, 5, 7, 9]).result()).toBeCloseTo(Math.sqrt(32 / 7), 12)
    expect(over('variance', [3]).result()).toBe(0)
    expect(over('stdev', []).result()).toBeNull()
  })

  it('Chan merge matches one state and stays stable with a large mean', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => 1e9 + (i % 7))
    const one = over('variance', xs)
    const a = over('variance', xs.slice(0, 333))
    a.merge(ship(over('variance', xs.slice(333, 800))))
    a.merge(over('variance', xs.slice(800)))
    const mean = xs.reduce((s, x) => s + (x - 1e9), 0) / xs.length
    const exact = xs.reduce((s, x) => s + (x - 1e9 - mean) ** 2, 0) / (xs.length - 1)
    // Welford keeps ~9 digits here; the textbook Σx² − (Σx)²/n would lose all of them (Σx² ≈ 1e21).
    expect(Math.abs((one.result() as number) - exact) / exact).toBeLessThan(1e-7)
    expect(Math.abs((a.result() as number) - exact) / exact).toBeLessThan(1e-7)
  })
})

describe('merge guards', () => {
  it('refuses other kinds, other parameters and itself', () => {
    const s = createAggState('sum')
    expect(() => s.merge(createAggState('avg') as never)).toThrow(AggStateError)
    expect(() => createAggState('min').merge(createAggState('max'))).toThrow(
      /cannot merge a 'max' state into a 'min'/,
    )
    expect(() => s.merge(s)).toThrow(/into itself/)
    try {
      createAggState('make_list', { maxSize: 3 }).merge(createAggState('make_list', { maxSize: 4 }))
      expect.unreachable()
    } catch (e) {
      expect((e as AggStateError).code).toBe('AGG_MERGE_MISMATCH')
    }
  })
})
