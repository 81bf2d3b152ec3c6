// Property: selectFloat64 (partitioning) and rankHistogram + selectRank (one bucket gathered from the
// values' parts) give, for every rank, the value Float64Array.prototype.sort puts there, bit for bit
// (−0 before +0, infinities, duplicates), and selectFloat64 leaves no greater value before the rank,
// no smaller after.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bucketOfRank,
  countBelow,
  rankHistogram,
  selectFloat64,
  selectInBucket,
} from '../../../../src/exec/agg/select-f64.ts'
import { orderedDouble } from './doubles.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)

const double = orderedDouble(50)
const sameBits = (a: number, b: number) => Object.is(a, b)

/** Rank k of `parts` by their histogram: the bucket holding it, gathered and selected in (as ExactValues does). */
function selectRank(parts: readonly Float64Array[], hist: Int32Array, k: number): number {
  const b = bucketOfRank(hist, k)
  return selectInBucket(parts, b, hist[b], k - countBelow(hist, b))
}

describe('selectFloat64 and selectRank', () => {
  it('find the value a sort puts at each rank (property)', () => {
    console.log(`select-f64 seed=${SEED}`)
    let runs = 0
    fc.assert(
      fc.property(fc.array(double, { minLength: 1, maxLength: 2000 }), fc.nat(), (xs, at) => {
        runs++
        const a = Float64Array.from(xs)
        const sorted = a.slice().sort()
        const k = at % a.length
        // The histogram path reads the values in parts (chunks): cut them in two somewhere.
        const cut = (at >>> 3) % (a.length + 1)
        const parts = [a.subarray(0, cut), a.subarray(cut)]
        expect(sameBits(selectRank(parts, rankHistogram(parts), k), sorted[k])).toBe(true)
        const x = selectFloat64(a, k)
        // Partitioning compares −0 and +0 equal: the value is right up to the sign of a zero.
        expect(x === sorted[k]).toBe(true)
        for (let i = 0; i < k; i++) expect(a[i] <= x).toBe(true)
        for (let i = k + 1; i < a.length; i++) expect(a[i] >= x).toBe(true)
      }),
      { seed: SEED, numRuns: 300, interruptAfterTimeLimit: 20_000 },
    )
    console.log(`select-f64 runs=${runs}`)
  })

  it('selects in sorted, reversed and all-equal buffers past the partition rounds (no quadratic path)', () => {
    const n = 50_000
    for (const a of [
      Float64Array.from({ length: n }, (_, i) => i),
      Float64Array.from({ length: n }, (_, i) => n - i),
      new Float64Array(n).fill(3),
      Float64Array.from({ length: n }, (_, i) => (i % 2 === 0 ? i : -i)),
    ]) {
      const want = a.slice().sort()
      for (const k of [0, 1, n >> 1, n - 2, n - 1]) {
        const b = a.slice()
        expect(selectFloat64(b, k)).toBe(want[k])
        expect(selectRank([a], rankHistogram([a]), k)).toBe(want[k])
      }
    }
  })

  it('selects within a sub-range', () => {
    const a = Float64Array.from([9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
    expect(selectFloat64(a, 4, 2, 8)).toBe(4)
    expect(Array.from(a.subarray(0, 2))).toEqual([9, 8])
    expect(Array.from(a.subarray(8))).toEqual([1, 0])
  })
})
