// Property: sortFloat64 orders any array of non-NaN doubles exactly as Float64Array.prototype.sort,
// bit for bit (−0 before +0, infinities, subnormals), on both sides of the radix threshold.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sortFloat64 } from '../../../../src/exec/agg/sort-f64.ts'
import { orderedDouble } from './doubles.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)

const double = orderedDouble(1000)

function bits(a: Float64Array): string {
  return Array.from(new BigUint64Array(a.buffer, a.byteOffset, a.length), (x) => x.toString(16)).join(',')
}

describe('sortFloat64', () => {
  it('sorts like the built-in sort (property)', () => {
    console.log(`sort-f64 seed=${SEED}`)
    let runs = 0
    fc.assert(
      fc.property(fc.array(double, { minLength: 0, maxLength: 3000 }), (xs) => {
        runs++
        const a = Float64Array.from(xs)
        const want = a.slice().sort()
        sortFloat64(a)
        expect(bits(a)).toBe(bits(want))
      }),
      { seed: SEED, numRuns: 200, interruptAfterTimeLimit: 20_000 },
    )
    console.log(`sort-f64 runs=${runs}`)
  })

  it('orders values that share their high 32 bits (long and short runs, duplicates)', () => {
    // 1000 + k·1e-9 keeps the sign, exponent and top 20 mantissa bits: one run of 4,000 values.
    let x = 7
    const next = () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0
      return x
    }
    const a = Float64Array.from({ length: 6000 }, (_, i) =>
      i < 4000 ? 1000 + (next() % 3000) * 1e-9 : i < 5000 ? -2 - (next() % 20) * 1e-12 : next() % 50,
    )
    const want = a.slice().sort()
    sortFloat64(a)
    expect(bits(a)).toBe(bits(want))
  })

  it('sorts a large uniform buffer and a subarray in place', () => {
    const big = new Float64Array(20_000)
    for (let i = 0; i < big.length; i++) big[i] = Math.sin(i) * 1e6 - (i % 7 === 0 ? 0 : 0.5)
    const view = big.subarray(1000, 9000)
    const before0 = big[0]
    const want = view.slice().sort()
    sortFloat64(view)
    expect(bits(view)).toBe(bits(want))
    expect(big[0]).toBe(before0)
  })
})
