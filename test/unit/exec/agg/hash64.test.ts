// Unit tests: the dcount value hash — pinned outputs (serialized dcount states from other workers depend
// on them), one hash per value whatever its representation, type separation, and bit balance.
import { describe, expect, it } from 'vitest'
import { CodeDictionary } from '../../../../src/exec/agg/code-dictionary.ts'
import { hashInt64, hashNumber, hashOut, hashString, hashValue } from '../../../../src/exec/agg/hash64.ts'
import { bigintToWords, wordsOut } from '../../../../src/exec/agg/int64-words.ts'

const of = (f: () => unknown): [number, number] => {
  f()
  return [hashOut[0], hashOut[1]]
}

describe('hash64', () => {
  it('is pinned: changing it would split merges between builds', () => {
    expect(of(() => hashNumber(0))).toEqual([1807601864, 333399806])
    expect(of(() => hashNumber(5))).toEqual([-1952478530, -690187967])
    expect(of(() => hashNumber(1.5))).toEqual([1068698383, -754557711])
    expect(of(() => hashString(''))).toEqual([840847463, 1431274983])
    expect(of(() => hashString('GET'))).toEqual([230615033, 428394642])
    expect(of(() => hashString('😀'))).toEqual([-139166621, 1690579185])
    expect(of(() => hashValue(true))).toEqual([-994023836, 555815790])
    expect(of(() => hashValue([1, { b: 2, a: 1 }]))).toEqual([213857641, -1209737061])
    expect(of(() => hashInt64(-1, -1))).toEqual([1897371692, 190985676])
  })

  it('gives one hash per value: number, bigint and int64 words agree; −0 = 0; every NaN alike', () => {
    for (const v of [0n, 5n, -7n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 62n, -(2n ** 63n), 2n ** 63n - 1n]) {
      bigintToWords(v)
      const words = of(() => hashInt64(wordsOut[0], wordsOut[1]))
      expect(of(() => hashValue(v))).toEqual(words)
      if (Number(v) < 2 ** 63)
        expect([v, of(() => hashNumber(Number(v)))]).toEqual([v, of(() => hashValue(BigInt(Number(v))))])
    }
    expect(of(() => hashNumber(-0))).toEqual(of(() => hashNumber(0)))
    const nan2 = new Float64Array(new BigUint64Array([0x7ff8_0000_0000_0001n]).buffer)[0]
    expect(of(() => hashNumber(nan2))).toEqual(of(() => hashNumber(Number.NaN)))
    expect(of(() => hashValue({ a: 1, b: 2 }))).toEqual(of(() => hashValue({ b: 2, a: 1 })))
    expect(hashValue(null)).toBe(false)
  })

  it('separates types and orders: 5 ≠ "5", true ≠ 1, "ab" ≠ "ba", odd-length tails count', () => {
    const all = [
      of(() => hashNumber(5)),
      of(() => hashString('5')),
      of(() => hashValue(true)),
      of(() => hashNumber(1)),
      of(() => hashString('ab')),
      of(() => hashString('ba')),
      of(() => hashString('a')),
      of(() => hashString('a\u0000')),
      of(() => hashValue([5])),
      of(() => hashString('[5]')),
    ]
    expect(new Set(all.map(String)).size).toBe(all.length)
  })

  it('a dictionary code hashes as its string', () => {
    const dict = new CodeDictionary(['x', 'GET', '😀'])
    for (let c = 0; c < 3; c++) {
      expect(of(() => dict.hash(c))).toEqual(of(() => hashString(dict.values[c])))
      expect(of(() => dict.hash(c))).toEqual(of(() => hashString(dict.values[c])))
    }
  })

  it('sets each of the 64 bits about half the time over consecutive integers', () => {
    const N = 100_000
    const ones = new Float64Array(64)
    for (let i = 0; i < N; i++) {
      hashNumber(i)
      for (let b = 0; b < 32; b++) {
        ones[b] += (hashOut[0] >>> b) & 1
        ones[32 + b] += (hashOut[1] >>> b) & 1
      }
    }
    // 5 σ of a fair coin over N draws is ≈ 0.8 % of N.
    for (const n of ones) expect(Math.abs(n / N - 0.5)).toBeLessThan(0.008)
  })
})
