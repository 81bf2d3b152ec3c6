// The UTF-8 block dictionary (utf8-dictionary.ts): dense first-seen codes over distinct byte
// strings, JS string order by bytes when no character lies beyond U+FFFF, and zone maps made from
// it equal to the ones made from decoded strings (what a re-encoded block computes).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildBatch, computeZoneMap, decodeBlock, encodeBlock } from '../../../../src/storage/block/index.ts'
import { Utf8Dictionary } from '../../../../src/storage/block/utf8-dictionary.ts'
import { fnv1aUtf8 } from '../../../../src/util/hash32.ts'
import { ev } from './helpers.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`utf8-dictionary seed=${seed}`)

/** Strings over every kind of UTF-16 unit: ASCII, 2- and 3-byte UTF-8, surrogate pairs, lone surrogates. */
const text = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('', 'a', 'ab', 'é', '\uffff', '\ue000', '😀', '\ud83d', 'x\udc00', 'GET'),
)

function intern(d: Utf8Dictionary, s: string): number {
  const b = Buffer.from(s, 'utf8')
  return d.intern(b, 0, b.length)
}

describe('Utf8Dictionary', () => {
  it('gives each distinct UTF-8 string one dense code, in first-seen order', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 300 }), (strings) => {
        const d = new Utf8Dictionary()
        const firstSeen = new Map<string, number>()
        for (const s of strings) {
          const wf = s.toWellFormed()
          if (!firstSeen.has(wf)) firstSeen.set(wf, firstSeen.size)
          expect(intern(d, s)).toBe(firstSeen.get(wf))
        }
        expect(d.size).toBe(firstSeen.size)
        const entries = [...firstSeen.keys()]
        expect(Array.from({ length: d.size }, (_, i) => d.entry(i))).toEqual(entries)
        expect(Buffer.from(d.bytes).toString('utf8')).toBe(entries.join(''))
        expect(Array.from(d.hashes)).toEqual(entries.map((s) => fnv1aUtf8(s)))
        expect(d.supplementary).toBe(entries.some((s) => /[\u{10000}-\u{10ffff}]/u.test(s)))
      }),
      { seed, numRuns: 300, interruptAfterTimeLimit: 10_000 },
    )
  })

  it('orders entries as JS strings when none lies beyond U+FFFF', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 2, maxLength: 20 }), (strings) => {
        const d = new Utf8Dictionary()
        for (const s of strings) intern(d, s)
        fc.pre(!d.supplementary)
        for (let a = 0; a < d.size; a++)
          for (let b = 0; b < d.size; b++) {
            const [x, y] = [d.entry(a), d.entry(b)]
            expect(Math.sign(d.compare(a, b))).toBe(x < y ? -1 : x > y ? 1 : 0)
          }
      }),
      { seed, numRuns: 300, interruptAfterTimeLimit: 10_000 },
    )
  })
})

describe('zone maps from a built dictionary', () => {
  it('equal the ones computed from the decoded block (bounds, value lists and bloom filters)', () => {
    const column = fc.oneof(
      fc.array(text, { minLength: 1, maxLength: 40 }),
      // Past ZONE_VALUES_MAX_COUNT distinct values: a bloom filter instead of a value list.
      fc.array(fc.string({ minLength: 3, maxLength: 8 }), { minLength: 300, maxLength: 400 }),
    )
    fc.assert(
      fc.property(column, (values) => {
        const batch = buildBatch(values.map((s, i) => ev(i, { s })))
        const decoded = decodeBlock(
          encodeBlock(batch, { blockId: 'b', dataset: 'd', firstSeq: 0 }).bytes,
        ).batch
        expect(computeZoneMap(batch)).toEqual(computeZoneMap(decoded))
      }),
      { seed, numRuns: 150, interruptAfterTimeLimit: 15_000 },
    )
  })
})
