// The field types of a tail, read as it grows (and from an older, shorter view of it), equal a scan
// of exactly the events asked for.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tailFieldsScanned, tailFieldTypes } from '../../../src/storage/tail-fields.ts'
import { type FlatEvent, type FlatValue, TimespanValue, typeOfValue } from '../../../src/storage/types.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`tail-fields seed=${seed}`)

const valueArb: fc.Arbitrary<FlatValue> = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.bigInt({ min: 2n ** 60n, max: 2n ** 62n }),
  fc.constant(new TimespanValue(5n)),
  fc.constant([1, 2] as FlatValue),
)
const eventArb = fc
  .dictionary(fc.constantFrom('a', 'b', 'c', 'd.e', 'f'), valueArb, { maxKeys: 3 })
  .map((fields): FlatEvent => ({ time: 1n, sysTime: 2n, fields }))

/** The field types of `events[0 … n)`, scanned afresh, as sorted entries. */
function expected(events: readonly FlatEvent[], n: number): [string, string[]][] {
  const m = new Map<string, Set<string>>()
  for (const e of events.slice(0, n))
    for (const [k, v] of Object.entries(e.fields)) m.set(k, (m.get(k) ?? new Set()).add(typeOfValue(v)))
  return entries(m)
}

function entries(m: ReadonlyMap<string, ReadonlySet<string>>): [string, string[]][] {
  return [...m].map(([k, s]): [string, string[]] => [k, [...s].sort()]).sort(([a], [b]) => (a < b ? -1 : 1))
}

describe('tailFieldTypes', () => {
  it('reads a growing tail in parts as a scan of the events asked for, older views too', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 60 }),
        fc.array(fc.nat(60), { minLength: 1, maxLength: 8 }),
        (all, reads) => {
          const tail: FlatEvent[] = []
          for (const r of reads) {
            // The tail grows by appending (as the runtime's does) up to some length, then is read at r.
            while (tail.length < Math.min(all.length, r)) tail.push(all[tail.length])
            const n = Math.min(r, tail.length)
            expect(entries(tailFieldTypes(tail, n))).toEqual(expected(tail, n))
          }
          expect(tailFieldsScanned(tail)).toBeLessThanOrEqual(tail.length)
        },
      ),
      { seed, numRuns: 200, interruptAfterTimeLimit: 10_000 },
    )
  })
})
