// test/unit/exec/kernels/xxhash64.test.ts: XXH64 bit for bit against the algorithm's published vectors
// and Kusto's documented hash("World") (the query tests see the same exact values: hash.apl-test).
import { describe, expect, it } from 'vitest'
import { xxhash64 } from '../../../../src/exec/kernels/hash/xxhash64.ts'

const hex = (s: string, seed = 0n) =>
  BigInt.asUintN(64, xxhash64(new TextEncoder().encode(s), seed)).toString(16)

describe('xxhash64', () => {
  it('matches the reference vectors (empty, short, the 4-byte and 8-byte tails, the 32-byte stripes)', () => {
    expect(hex('')).toBe('ef46db3751d8e999')
    expect(hex('a')).toBe('d24ec4f1a98c6e5b')
    expect(hex('abc')).toBe('44bc2cf5ad770999')
    expect(hex('Nobody inspects the spammish repetition')).toBe('fbcea83c8a378bf1')
  })

  it('is Kusto\'s hash(): hash("World") = 1846988464401551951', () => {
    expect(xxhash64(new TextEncoder().encode('World'), 0n)).toBe(1846988464401551951n)
  })

  it('takes the seed mod 2^64 and answers signed', () => {
    expect(xxhash64(new TextEncoder().encode('World'), 1n)).toBe(799569465399487415n)
    expect(xxhash64(new TextEncoder().encode(''), 0n)).toBeLessThan(0n)
    expect(xxhash64(new TextEncoder().encode('x'), -1n)).toBe(
      xxhash64(new TextEncoder().encode('x'), 2n ** 64n - 1n),
    )
  })
})
