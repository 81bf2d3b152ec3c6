// Property: addSegmentExact (error-free extraction in two levels, residues through LimbSum) adds a
// segment exactly: the ExactSum it feeds ends equal to one fed value by value, bit for bit, for
// segments of similar and of wildly mixed magnitudes (tiny beside huge: the residue path), with and
// without a row list; and it declines (adding nothing) a segment with NaN or ±∞.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ExactSum } from '../../../../src/exec/agg/exact-sum.ts'
import { addSegmentExact } from '../../../../src/exec/agg/extract-sum.ts'
import { LimbSum } from '../../../../src/exec/agg/limb-sum.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)

const similar = fc.double({ noNaN: true, noDefaultInfinity: true, min: -5000, max: 5000 })
const mixed = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }),
  fc.constantFrom(Number.MIN_VALUE, -Number.MIN_VALUE, 2 ** -1022, 2 ** -800, 0.1, -0.1, 1e16, 0, -0),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e-12, max: 1e-12 }),
)

function direct(xs: ArrayLike<number>): number {
  const s = new ExactSum()
  for (let i = 0; i < xs.length; i++) s.add(xs[i])
  return s.value()
}

/** The segment [from, to) of `xs` placed at scattered rows of a larger array, added both ways. */
function check(xs: readonly number[], scatter: boolean): void {
  const n = xs.length
  const values = new Float64Array(2 * n + 3).fill(Number.NaN)
  const rows = new Uint32Array(n)
  xs.forEach((x, j) => {
    const at = scatter ? 2 * (n - j) : j
    values[at] = x
    rows[j] = at
  })
  const sum = new ExactSum()
  const limbs = new LimbSum()
  const took = scatter
    ? addSegmentExact(values, rows, 0, n, sum, limbs)
    : addSegmentExact(values, null, 0, n, sum, limbs)
  if (!took) {
    // Declined: only outside the extraction's range; nothing may have been added.
    limbs.drain(sum)
    expect(sum.value()).toBe(0)
    const m = Math.max(0, ...xs.map(Math.abs))
    expect(m > 2 ** 960 || m < 2 ** -800).toBe(true)
    return
  }
  limbs.drain(sum)
  const want = direct(xs)
  expect(sum.value() === want || Object.is(sum.value(), want)).toBe(true)
}

describe('addSegmentExact', () => {
  it('equals the exact sum (property)', () => {
    console.log(`extract-sum seed=${SEED}`)
    let runs = 0
    fc.assert(
      fc.property(
        fc.oneof(fc.array(similar, { maxLength: 3000 }), fc.array(mixed, { maxLength: 300 })),
        fc.boolean(),
        (xs, scatter) => {
          runs++
          check(xs, scatter)
        },
      ),
      { seed: SEED, numRuns: 400, interruptAfterTimeLimit: 20_000 },
    )
    console.log(`extract-sum runs=${runs}`)
  })

  it('takes the residue path for tiny values beside large ones, exactly', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => (i % 2 ? 1e15 + i * 0.125 : 1e-9 * (i + 1)))
    check(xs, false)
    check(xs, true)
  })

  it('declines NaN and ±∞, adding nothing', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const sum = new ExactSum()
      const limbs = new LimbSum()
      expect(addSegmentExact(Float64Array.of(1, bad, 2), null, 0, 3, sum, limbs)).toBe(false)
      limbs.drain(sum)
      expect(sum.value()).toBe(0)
    }
  })
})
