// wire/json.ts stringifyWireChunks: the same text as stringifyWire for any wire value, long arrays
// (walked in slices with turns of the event loop between) or not.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { StepClock } from '../../../src/util/loop-turn.ts'
import { stringifyWire, stringifyWireChunks, WireTooLarge } from '../../../src/wire/json.ts'
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

/** The chunks joined, or undefined where JSON has no text for the value (as stringifyWire). */
async function joined(v: unknown): Promise<string | undefined> {
  const chunks = await stringifyWireChunks(v)
  return chunks.length === 0 ? undefined : chunks.join('')
}

describe('stringifyWireChunks', () => {
  it('writes the text stringifyWire writes', async () => {
    const seed = Date.now() % 100_000
    console.log(`seed ${seed}`)
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        expect(await joined(v)).toBe(stringifyWire(v))
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
    // A clock whose pieces last no time: a turn every 256 elements walked.
    const chunks = await stringifyWireChunks(body, new StepClock(0))
    loop.stop()
    expect(chunks.join('')).toBe(stringifyWire(body))
    expect(loop.now()).toBeGreaterThanOrEqual(60_000 / 256 - 1)
    // Chunks of about 64 Ki characters (one written part may carry a chunk past it).
    expect(chunks.length).toBeGreaterThan(10)
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(1 << 16)
    for (const c of chunks) expect(c.length).toBeLessThan((1 << 16) + 100)
  })

  it('walks a large value however deep it sits (a cell of a column of a table of a body)', async () => {
    const cell = Array.from({ length: 5_000 }, (_, i) => i)
    const body = { tables: [{ columns: [[[cell, cell]]] }] }
    const loop = loopIterations()
    const chunks = await stringifyWireChunks(body, new StepClock(0))
    loop.stop()
    expect(chunks.join('')).toBe(stringifyWire(body))
    expect(loop.now()).toBeGreaterThanOrEqual(10_000 / 256 - 1)
  })

  it('stops with WireTooLarge past the most characters, a value shared by many cells counted each time', async () => {
    const shared = Array.from({ length: 10_000 }, (_, i) => i)
    const body = { columns: [Array.from({ length: 100 }, () => shared)] }
    await expect(stringifyWireChunks(body, new StepClock(0), 100_000)).rejects.toBeInstanceOf(WireTooLarge)
    const fits = await stringifyWireChunks(body, new StepClock(0), 10_000_000)
    expect(fits.join('')).toBe(stringifyWire(body))
  })
})
