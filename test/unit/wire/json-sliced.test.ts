// wire/json.ts stringifyWireSliced: the same text as stringifyWire for any wire value, long arrays
// (walked in slices with turns of the event loop between) or not.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stringifyWire, stringifyWireSliced } from '../../../src/wire/json.ts'
import { loopIterations } from '../util/loop-iterations.ts'

const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.date({ noInvalidDate: true }),
)
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, leaf, tie('arr'), tie('obj'), tie('long')),
  arr: fc.array(tie('v'), { maxLength: 4 }),
  obj: fc.dictionary(fc.string({ maxLength: 5 }), tie('v'), { maxKeys: 4 }),
  long: fc.integer({ min: 1990, max: 4500 }).chain((n) => fc.array(leaf, { minLength: n, maxLength: n })),
})).v

describe('stringifyWireSliced', () => {
  it('writes the text stringifyWire writes', async () => {
    const seed = Date.now() % 100_000
    console.log(`seed ${seed}`)
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        expect(await stringifyWireSliced(v)).toBe(stringifyWire(v))
      }),
      { seed, numRuns: 60 },
    )
  })

  it('lets the event loop run while it writes a long result', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [i, `row ${i}`, 2n ** 60n + BigInt(i)])
    const body = {
      tables: [{ columns: [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])] }],
    }
    const loop = loopIterations()
    const text = await stringifyWireSliced(body)
    loop.stop()
    expect(text).toBe(stringifyWire(body))
    expect(loop.now()).toBeGreaterThanOrEqual(10)
  })
})
