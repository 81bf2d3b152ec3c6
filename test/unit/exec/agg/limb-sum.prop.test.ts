// Property: LimbSum drained into an ExactSum gives exactly ExactSum's correctly rounded sum, for
// finite doubles that do not overflow (subnormals, huge values, cancellation), also across its
// periodic drains; and avg's batch path (which uses it) equals its one-value path bit for bit.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ExactSum } from '../../../../src/exec/agg/exact-sum.ts'
import { LimbSum } from '../../../../src/exec/agg/limb-sum.ts'
import { createAggState } from '../../../../src/exec/agg/registry.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)

// Up to ±1e300, so that no sum of 200 values overflows (where ExactSum's running partial turns ±∞
// and the limbs may not, or only at a drain: the documented overflow exception).
const finite = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }),
  fc.constantFrom(Number.MIN_VALUE, -Number.MIN_VALUE, 1e300, -1e300, 2 ** -1022, 0.1, -0.1, 1e16, -1e16),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
)

function viaLimbs(xs: readonly number[]): number {
  const sum = new ExactSum()
  const limbs = new LimbSum()
  for (const x of xs) limbs.add(x, sum)
  limbs.drain(sum)
  return sum.value()
}

function direct(xs: readonly number[]): number {
  const sum = new ExactSum()
  for (const x of xs) sum.add(x)
  return sum.value()
}

describe('LimbSum', () => {
  it('equals the exact sum (property)', () => {
    console.log(`limb-sum seed=${SEED}`)
    let runs = 0
    fc.assert(
      fc.property(fc.array(finite, { maxLength: 200 }), (xs) => {
        runs++
        expect(Object.is(viaLimbs(xs), direct(xs)) || viaLimbs(xs) === direct(xs)).toBe(true)
      }),
      { seed: SEED, numRuns: 500, interruptAfterTimeLimit: 20_000 },
    )
    console.log(`limb-sum runs=${runs}`)
  })

  it('stays exact across periodic drains (600,000 values)', () => {
    const xs: number[] = []
    let s = 12345
    for (let i = 0; i < 600_000; i++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0
      xs.push(((s % 2000) - 1000) * 1.37e-3 + (i % 3 === 0 ? 1e12 : -1e12 / 2))
    }
    expect(viaLimbs(xs)).toBe(direct(xs))
  })

  it("avg's batch path equals its one-value path", () => {
    const values = Float64Array.from(
      { length: 5000 },
      (_, i) => Math.sin(i) * 10 ** (i % 30) + (i % 7 === 0 ? Number.NaN : 0),
    )
    const batch = createAggState('avg', {})
    const single = createAggState('avg', {})
    batch.addNumbers(values, null, 0, values.length)
    for (const x of values) single.addNumber(x)
    expect(batch.result()).toBe(single.result())
    const finiteOnly = values.filter((x) => !Number.isNaN(x))
    const b2 = createAggState('avg', {})
    const s2 = createAggState('avg', {})
    b2.addNumbers(finiteOnly, null, 0, finiteOnly.length)
    for (const x of finiteOnly) s2.addNumber(x)
    expect(b2.result()).toBe(s2.result())
  })
})
