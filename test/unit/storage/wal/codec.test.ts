// WAL payload codec: every FlatValue kind round-trips through the columnar records, records split
// at EVENTS_PER_RECORD, and lone surrogates become U+FFFD without shifting the strings after them.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FlatEvent, FlatValue } from '../../../../src/storage/types.ts'
import { decodeWalRecord } from '../../../../src/storage/wal/codec.ts'
import { EVENTS_PER_RECORD, encodeWalBatch, readWalRecord } from '../../../../src/storage/wal/record.ts'
import { chunkEvents } from './chunk-events.ts'
import { V3_EVENTS, V3_RECORD } from './v3-fixture.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`wal-codec seed=${seed}`)

const value: fc.Arbitrary<FlatValue> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('', 'x', 'GET'),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.constant(-0),
  // A FlatValue bigint lies outside the safe range (types.ts); safe integers are numbers.
  fc.oneof(
    fc.bigInt({ min: -(2n ** 63n), max: -(2n ** 53n) }),
    fc.bigInt({ min: 2n ** 53n, max: 2n ** 63n - 1n }),
  ),
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

// Field order is not kept (records are columnar): compare fields sorted by name.
const norm = (events: readonly FlatEvent[]) =>
  JSON.stringify(
    events.map((e) => [
      e.time,
      e.sysTime,
      Object.entries(e.fields)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, typeof v === 'number' && Object.is(v, -0) ? '-0' : v]),
    ]),
    (_k, v) => (typeof v === 'bigint' ? `${v}n` : v),
  )
const eventsOf = (payload: Uint8Array) => chunkEvents(decodeWalRecord(payload).chunk)

describe('WAL codec', () => {
  it('round-trips every value kind', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.nat(1000), (events, firstSeq) => {
        const [payload] = encodeWalBatch(firstSeq, events)
        const rec = decodeWalRecord(payload)
        expect(rec.firstSeq).toBe(firstSeq)
        expect(norm(chunkEvents(rec.chunk))).toBe(norm(events))
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
    expect(recs.map((r) => [r.firstSeq, r.part, r.parts, r.chunk.rows])).toEqual([
      [100, 0, 3, EVENTS_PER_RECORD],
      [100 + EVENTS_PER_RECORD, 1, 3, EVENTS_PER_RECORD],
      [100 + 2 * EVENTS_PER_RECORD, 2, 3, 5],
    ])
  })

  it('still reads version-3 (row-wise) records, written before the columnar format', () => {
    const rec = readWalRecord(Buffer.from(V3_RECORD, 'base64'))
    expect([rec.firstSeq, rec.part, rec.parts, rec.chunk.rows]).toEqual([42, 0, 1, 3])
    expect(norm(chunkEvents(rec.chunk))).toBe(norm(V3_EVENTS))
    // Replay keeps it re-encoded in the current format, which reads back the same.
    const again = decodeWalRecord(rec.payload)
    expect([again.firstSeq, again.part, again.parts]).toEqual([42, 0, 1])
    expect(norm(chunkEvents(again.chunk))).toBe(norm(V3_EVENTS))
  })

  it('replaces a lone surrogate by U+FFFD without shifting later strings', () => {
    const [p] = encodeWalBatch(0, [{ time: 0n, sysTime: 0n, fields: { a: 'x\ud800y', b: 'après' } }])
    const [e] = eventsOf(p)
    expect({ ...e.fields }).toEqual({ a: 'x\ufffdy', b: 'après' })
  })
})
