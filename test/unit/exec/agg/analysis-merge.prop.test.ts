// Property: phrases and spotlight give one result however the rows are cut into partial states, fed
// (row by row, or dictionary batches for phrases), shipped through their bytes and merged in any
// order: the result of one state over all rows, which is also checked against the oracle's rules
// (test/reference/analysis-aggregates.ts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lookupAggregate } from '../../../../src/catalog/index.ts'
import type { AggState } from '../../../../src/exec/agg/agg-state.ts'
import { CodeDictionary } from '../../../../src/exec/agg/code-dictionary.ts'
import { type AggParams, createAggState, deserializeAggState } from '../../../../src/exec/agg/registry.ts'
import type { BoundAggCall } from '../../../../src/plan/index.ts'
import { phrases, spotlight } from '../../../reference/analysis-aggregates.ts'
import { Timespan, type Value } from '../../../reference/values.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`agg-analysis-merge seed=${seed}`)
const opts = { seed, numRuns: 100, interruptAfterTimeLimit: 8_000 }

const ship = (s: AggState): AggState => deserializeAggState(s.kind, s.serialize())

/** Cuts `rows` at `cuts`, fills one shipped state per part, merges them in the order `picks` gives. */
function splitMerge<R>(
  rows: readonly R[],
  cuts: readonly number[],
  picks: readonly number[],
  make: () => AggState,
  fill: (s: AggState, part: readonly R[]) => void,
): AggState {
  const at = cuts.map((c) => Math.floor(c * (rows.length + 1))).sort((a, b) => a - b)
  const bounds = [0, ...at, rows.length]
  let parts: AggState[] = []
  for (let i = 0; i + 1 < bounds.length; i++) {
    const s = make()
    fill(s, rows.slice(bounds[i], bounds[i + 1]))
    parts.push(ship(s))
  }
  let step = 0
  while (parts.length > 1) {
    const a = picks[step++ % picks.length] % parts.length
    let b = picks[step++ % picks.length] % (parts.length - 1)
    if (b >= a) b++
    parts[a].merge(parts[b])
    parts[a] = ship(parts[a])
    parts = parts.filter((_, i) => i !== b)
  }
  return parts[0]
}

const shape = fc.record({
  cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 7 }),
  picks: fc.array(fc.nat(), { minLength: 16, maxLength: 16 }),
})

/** A bound call of `name` with columns of the given types (what the oracle reads of a call). */
function call(
  name: string,
  types: readonly ('bool' | 'string' | 'real' | 'timespan' | 'long')[],
): BoundAggCall {
  const fn = lookupAggregate(name)
  if (fn === undefined) throw new Error(name)
  const span = { start: 0, end: 0 }
  const args = types.map((type, i) => ({ kind: 'Column', name: `c${i}`, type, storage: [], span }))
  return { kind: 'AggCall', type: 'dynamic', span, fn, kernel: fn.kernel, args } as unknown as BoundAggCall
}

const WORDS = ['use', 'title', 'case', 'the', 'first', 'query', 'of', 'Déjà', 'vu', "don't", '42']
const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(' ', ' ', ', ', '. ', '-', '  ')), {
    maxLength: 8,
  })
  .map((ws) => ws.map(([w, sep]) => w + sep).join(''))

describe('analysis aggregations merge in any shape to the one-state result', () => {
  it('phrases (row by row and dictionary batches alike)', () => {
    const params: AggParams = { maxPhrases: 6 }
    fc.assert(
      fc.property(fc.array(fc.option(text), { maxLength: 120 }), shape, fc.boolean(), (rows, sh, batch) => {
        const fill = (s: AggState, part: readonly (string | null)[]) => {
          if (!batch) {
            for (const t of part) s.add(t)
            return
          }
          const texts = part.filter((t): t is string => t !== null)
          const dict = new CodeDictionary([...new Set(texts)])
          const codes = Int32Array.from(texts, (t) => dict.values.indexOf(t))
          s.addCodes(codes, dict, null, 0, codes.length)
        }
        const make = () => createAggState('phrases', params)
        const merged = splitMerge(rows, sh.cuts, sh.picks, make, fill).result()
        const one = make()
        fill(one, rows)
        expect(merged).toEqual(one.result())
        const argRows = rows.map((t) => [t, 6n] as Value[])
        expect(merged).toEqual(phrases(call('phrases', ['string', 'long']), argRows))
      }),
      opts,
    )
  })

  it('spotlight (categories, few and many numbers, timespans, null selections)', () => {
    const fields: AggParams['fields'] = [
      { name: 'c1', kind: 'category' },
      { name: 'c2', kind: 'number' },
      { name: 'c3', kind: 'number' },
      { name: 'c4', kind: 'timespan' },
    ]
    const row = fc.tuple(
      fc.option(fc.boolean()),
      fc.option(fc.constantFrom('a', 'b', 'c', '')),
      fc.option(fc.integer({ min: 0, max: 4 })),
      fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true })),
      fc.option(fc.integer({ min: 0, max: 5_000_000 })),
    )
    fc.assert(
      fc.property(fc.array(row, { maxLength: 150 }), shape, (rows, sh) => {
        // The executor's row: a timespan travels as its duration text.
        const packed = rows.map(([p, c, n, x, t]) => [p, c, n, x, t === null ? null : `${t}ns`])
        const fill = (s: AggState, part: readonly unknown[][]) => {
          for (const r of part) s.add(r)
        }
        const make = () => createAggState('spotlight', { fields })
        const merged = splitMerge(packed, sh.cuts, sh.picks, make, fill).result()
        const one = make()
        fill(one, packed)
        expect(merged).toEqual(one.result())
        const argRows = rows.map(([p, c, n, x, t]) => [
          p,
          c,
          n === null ? null : BigInt(n),
          x,
          t === null ? null : new Timespan(BigInt(t)),
        ])
        const oracle = spotlight(call('spotlight', ['bool', 'string', 'long', 'real', 'timespan']), argRows)
        expect(merged).toEqual(oracle)
      }),
      opts,
    )
  })
})
