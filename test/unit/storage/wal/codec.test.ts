// WAL payload codec: every FlatValue kind round-trips, records split at EVENTS_PER_RECORD, and
// lone surrogates become U+FFFD without shifting the strings after them.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FlatEvent, FlatValue } from '../../../../src/storage/types.ts'
import { decodeWalRecord, EVENTS_PER_RECORD, encodeWalBatch } from '../../../../src/storage/wal/codec.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`wal-codec seed=${seed}`)

const value: fc.Arbitrary<FlatValue> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('', 'x', 'GET'),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.constant(-0),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }) as fc.Arbitrary<FlatValue>,
)
const event: fc.Arbitrary<FlatEvent> = fc.record({
  time: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  sysTime: fc.bigInt({ min: 0n, max: 2n ** 62n }),
  fields: fc.dictionary(fc.oneof(fc.string({ maxLength: 5 }), fc.constant('__proto__')), value, {
    maxKeys: 5,
    noNullPrototype: true,
  }),
})

const norm = (events: readonly FlatEvent[]) =>
  JSON.stringify(
    events.map((e) => [
      e.time,
      e.sysTime,
      Object.entries(e.fields).map(([k, v]) => [k, typeof v === 'number' && Object.is(v, -0) ? '-0' : v]),
    ]),
    (_k, v) => (typeof v === 'bigint' ? `${v}n` : v),
  )

describe('WAL codec', () => {
  it('round-trips every value kind', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.nat(1000), (events, firstSeq) => {
        const [payload] = encodeWalBatch(firstSeq, events)
        const rec = decodeWalRecord(payload)
        expect(rec.firstSeq).toBe(firstSeq)
        expect(norm(rec.events)).toBe(norm(events))
      }),
      { seed, numRuns: 300, interruptAfterTimeLimit: 10_000 },
    )
  })

  it('splits large calls into parts and keeps sequence numbers', () => {
    const events: FlatEvent[] = Array.from({ length: EVENTS_PER_RECORD * 2 + 5 }, (_, i) => ({
      time: BigInt(i),
      sysTime: 0n,
      fields: { i },
    }))
    const payloads = encodeWalBatch(100, events)
    expect(payloads.length).toBe(3)
    const recs = payloads.map(decodeWalRecord)
    expect(recs.map((r) => [r.firstSeq, r.part, r.parts, r.events.length])).toEqual([
      [100, 0, 3, EVENTS_PER_RECORD],
      [100 + EVENTS_PER_RECORD, 1, 3, EVENTS_PER_RECORD],
      [100 + 2 * EVENTS_PER_RECORD, 2, 3, 5],
    ])
  })

  it('replaces a lone surrogate by U+FFFD without shifting later strings', () => {
    const [p] = encodeWalBatch(0, [{ time: 0n, sysTime: 0n, fields: { a: 'x\ud800y', b: 'après' } }])
    const [e] = decodeWalRecord(p).events
    expect({ ...e.fields }).toEqual({ a: 'x\ufffdy', b: 'après' })
  })
})
