// Block assembly from WAL chunks: for any events, cut into chunks and WAL records at any places
// and read over any row range, assembleBatch gives the batch buildBatch gives (same columns, same
// Arrow types, same dictionaries, same rows, same zone map) and the block encodes the same.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assembleBatch, type ChunkRange } from '../../../../src/storage/block/assemble.ts'
import { type BlockBatch, batchToEvents, buildBatch } from '../../../../src/storage/block/build.ts'
import { encodeBlock } from '../../../../src/storage/block/encode.ts'
import { computeZoneMap } from '../../../../src/storage/block/zone-map.ts'
import { ChunkBuilder } from '../../../../src/storage/ingest/chunk-builder.ts'
import { rangesInPayloads } from '../../../../src/storage/seal/seal-block.ts'
import type { FlatEvent, FlatValue } from '../../../../src/storage/types.ts'
import { decodeWalRecord, encodeWalChunks } from '../../../../src/storage/wal/codec.ts'
import { comparable, ev } from './helpers.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`assemble seed=${seed}`)

const value: fc.Arbitrary<FlatValue> = fc.oneof(
  fc.constantFrom('GET', 'POST', 'é', ''),
  fc.string({ maxLength: 5 }),
  fc.integer(),
  fc.constantFrom(-0, 0.5, 2 ** 53),
  fc.oneof(
    fc.bigInt({ min: 2n ** 53n, max: 2n ** 63n - 1n }),
    fc.bigInt({ min: -(2n ** 63n), max: -(2n ** 53n) }),
  ),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }) as fc.Arbitrary<FlatValue>,
)
const eventArb = fc
  .tuple(
    fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd.e'), value),
  )
  .map(([t, fields]) => ev(t, fields))

/** `events` as chunks of `size` rows. */
function chunksOf(events: readonly FlatEvent[], size: number) {
  const b = new ChunkBuilder({ receiveTime: 0n, sysTime: 0n }, size)
  for (const e of events) b.addFlat(e)
  return b.finish()
}

const layout = (b: BlockBatch) => b.columns.map((c) => `${c.field}/${c.type}/${String(c.vector.type)}`)
const dictionaries = (b: BlockBatch) =>
  b.columns.map((c) => (c.type === 'string' ? c.vector.data[0].dictionary?.toArray() : null))

describe('assembleBatch', () => {
  it('equals buildBatch over the same rows, through WAL records cut anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        fc.nat(),
        fc.nat(),
        (events, size, x, y) => {
          const from = x % events.length
          const to = from + 1 + (y % (events.length - from))
          const payloads = encodeWalChunks(100, chunksOf(events, size))
          const ranges: ChunkRange[] = rangesInPayloads(payloads, 100 + from, to - from)
          const got = assembleBatch(ranges)
          const want = buildBatch(events.slice(from, to))
          expect(got.rowCount).toBe(to - from)
          expect(layout(got)).toEqual(layout(want))
          expect(dictionaries(got)).toEqual(dictionaries(want))
          expect(comparable(batchToEvents(got))).toEqual(comparable(batchToEvents(want)))
          expect(computeZoneMap(got)).toEqual(computeZoneMap(want))
          const meta = { blockId: 'b1', dataset: 'd', firstSeq: 100 + from }
          expect(encodeBlock(got, meta).bytes).toEqual(encodeBlock(want, meta).bytes)
        },
      ),
      { seed, numRuns: 300, interruptAfterTimeLimit: 15_000 },
    )
  })

  it('leaves out a chunk column without a value in the range (no all-null block column)', () => {
    const chunks = chunksOf([ev(1, { a: 1 }), ev(2, { b: 'x' }), ev(3, { b: 'y' })], 3)
    const batch = assembleBatch([{ chunk: chunks[0], from: 1, to: 3 }])
    expect(layout(batch)).toEqual(layout(buildBatch([ev(2, { b: 'x' }), ev(3, { b: 'y' })])))
  })

  it('reads payloads back as they were written, in order, whatever their alignment', () => {
    const events = [ev(1, { a: 1, s: 'x' }), ev(2, { a: 2.5 }), ev(3, { s: 'y' })]
    const [p] = encodeWalChunks(7, chunksOf(events, 3))
    const shifted = new Uint8Array(p.length + 3).subarray(3)
    shifted.set(p)
    const rec = decodeWalRecord(shifted)
    expect([rec.firstSeq, rec.part, rec.parts, rec.chunk.rows]).toEqual([7, 0, 1, 3])
    expect(() => rangesInPayloads([p], 7, 4)).toThrow(/found 3 events/)
  })
})
