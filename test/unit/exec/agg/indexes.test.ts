// Model tests of the typed hash tables behind the states: StringIndex (topk strings), Float64Index
// (topk and make_set numbers) and HashSet64 (dcount's exact set), against JS Map/Set under random
// insert/delete sequences (deletes exercise backward-shift across the table's wrap-around).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Float64Index } from '../../../../src/exec/agg/float64-index.ts'
import { HashSet64 } from '../../../../src/exec/agg/hash-set64.ts'
import { StringIndex } from '../../../../src/exec/agg/string-index.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`agg-indexes seed=${seed}`)
const opts = { seed, numRuns: 300, interruptAfterTimeLimit: 8_000 }

/** An operation: insert or delete key number `k` (small key space, so deletes hit and runs collide). */
const op = fc.record({ del: fc.boolean(), k: fc.integer({ min: 0, max: 60 }) })
const ops = fc.array(op, { minLength: 1, maxLength: 400, size: 'max' })

describe('StringIndex', () => {
  it('agrees with a Map under inserts and deletes (hashes chosen to collide and wrap)', () => {
    fc.assert(
      fc.property(ops, fc.integer({ min: 1, max: 40 }), (seq, spread) => {
        const idx = new StringIndex()
        const model = new Map<string, number>()
        const keys: string[] = []
        const free: number[] = []
        // Few distinct hashes: even keys live at the top of any table size (runs wrap past the last
        // slot), odd keys at its bottom (so wrapped runs meet entries whose home is before them).
        const hashOf = (k: number) => (k % 2 === 0 ? -1 - (k % spread) : k % 4)
        for (const { del, k } of seq) {
          const key = `s${k}`
          if (del) {
            const slot = model.get(key)
            if (slot === undefined) continue
            idx.delete(hashOf(k), slot)
            model.delete(key)
            free.push(slot)
          } else if (!model.has(key)) {
            const slot = free.pop() ?? keys.length
            keys[slot] = key
            idx.set(hashOf(k), slot)
            model.set(key, slot)
          }
          expect(idx.size).toBe(model.size)
        }
        for (let k = 0; k <= 60; k++) expect(idx.get(`s${k}`, hashOf(k), keys)).toBe(model.get(`s${k}`) ?? -1)
      }),
      opts,
    )
  })
})

describe('Float64Index', () => {
  it('agrees with a Map under inserts and deletes (−0 = 0, NaN = NaN)', () => {
    const values = [
      0,
      -0,
      Number.NaN,
      1.5,
      -2,
      1e300,
      5e-324,
      Number.POSITIVE_INFINITY,
      ...Array.from({ length: 53 }, (_, i) => i * 3),
    ]
    const norm = (x: number) => (Number.isNaN(x) ? 'NaN' : String(x === 0 ? 0 : x))
    fc.assert(
      fc.property(ops, (seq) => {
        const idx = new Float64Index()
        const model = new Map<string, number>()
        seq.forEach(({ del, k }, step) => {
          idx.key[0] = values[k]
          if (del) {
            idx.remove()
            model.delete(norm(values[k]))
          } else {
            idx.insert(step)
            model.set(norm(values[k]), step)
          }
          expect(idx.size).toBe(model.size)
        })
        for (const x of values) {
          idx.key[0] = x
          expect(idx.find()).toBe(model.get(norm(x)) ?? -1)
        }
      }),
      opts,
    )
  })
})

describe('HashSet64', () => {
  it('agrees with a Set, including the (0, 0) hash and table growth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -40, max: 40 })), {
          maxLength: 500,
          size: 'max',
        }),
        (pairs) => {
          const set = new HashSet64()
          const model = new Set<string>()
          for (const [hi, lo] of pairs) {
            expect(set.add(hi, lo)).toBe(!model.has(`${hi},${lo}`))
            model.add(`${hi},${lo}`)
          }
          expect(set.size).toBe(model.size)
          const e = set.entries()
          const got = new Set<string>()
          for (let i = 0; i < e.length; i += 2) got.add(`${e[i]},${e[i + 1]}`)
          expect(got).toEqual(model)
        },
      ),
      opts,
    )
  })
})
