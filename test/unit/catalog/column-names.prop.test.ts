// test/unit/catalog/column-names.prop.test.ts: dedupeColumnNames over random name lists: same length,
// all unique, first occurrences unchanged, later ones suffixed from their own name.

import fc from 'fast-check'
import { expect, it } from 'vitest'
import { dedupeColumnNames } from '../../../src/catalog/index.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`fast-check seed: ${seed}`)

it('dedupeColumnNames yields unique names and keeps first occurrences', () => {
  const name = fc.constantFrom('count_', 'count_1', 'avg_x', 'avg_x_1', 'a', 'a_1', 'a_2', 'b_')
  fc.assert(
    fc.property(fc.array(name, { maxLength: 12 }), (names) => {
      const out = dedupeColumnNames(names)
      expect(out).toHaveLength(names.length)
      expect(new Set(out).size).toBe(out.length)
      const seen = new Set<string>()
      names.forEach((n, i) => {
        if (!seen.has(n)) expect(out[i]).toBe(n)
        else expect(out[i].startsWith(n)).toBe(true)
        seen.add(n)
      })
    }),
    { seed, numRuns: 300, interruptAfterTimeLimit: 5_000 },
  )
})
