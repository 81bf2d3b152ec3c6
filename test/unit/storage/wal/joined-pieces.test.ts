// test/unit/storage/wal/joined-pieces.test.ts: string columns built by ingest hand their dictionary
// text to the WAL encoder joined ahead in pieces (chunk-columns.ts); the records must decode to
// exactly the strings normalizeEvent keeps, in every mix of piece and tail, with multi-byte, astral
// and lone-surrogate values at the piece edges.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeEvent } from '../../../../src/storage/ingest/index.ts'
import { prepareIngest } from '../../../../src/storage/ingest-call.ts'
import type { FlatEvent } from '../../../../src/storage/types.ts'
import { decodeWalRecord } from '../../../../src/storage/wal/codec.ts'
import { chunkEvents } from './chunk-events.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`joined-pieces seed=${seed}`)

const NOW = 1_700_000_000_000_000_000n

/** Events of every payload of one prepareIngest call. */
function ingested(raws: readonly unknown[]): FlatEvent[] {
  const { events } = prepareIngest(raws, {}, NOW)
  return events.payloads.flatMap((p) => chunkEvents(decodeWalRecord(p).chunk))
}

/** What normalizeEvent keeps of each event (the reference for the columnar path). */
function expected(raws: readonly unknown[]): FlatEvent[] {
  const opts = { receiveTime: NOW, sysTime: NOW }
  return raws.map((r) => {
    const res = normalizeEvent(r, opts)
    if (!res.ok) throw new Error(res.error)
    return res.event
  })
}

const text = (events: readonly FlatEvent[]) =>
  JSON.stringify(
    events.map((e) => [String(e.time), e.fields.id, e.fields.kind]),
    (_k, v) => (typeof v === 'string' ? [...v].map((c) => c.codePointAt(0)) : v),
  )

/** A distinct id per event (so the column goes plain and fills pieces) with odd characters mixed in. */
function rawEvents(n: number, odd: readonly string[]): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => ({
    // Entry i ends with what entry i + 1 starts with: a low + high surrogate value spans the edge.
    id: `${odd[i % odd.length]}-${i}-${odd[(i + 1) % odd.length]}`,
    kind: i % 3 === 0 ? 'a' : 'b',
  }))
}

describe('WAL dictionary text joined ahead in pieces', () => {
  it('decodes to the kept strings at 8192-row chunks (pieces and a tail)', () => {
    // 10,000 events: a full chunk of 8192 rows (16 pieces) and one of 1808 (3 pieces and a tail).
    const raws = rawEvents(10_000, [
      'x',
      'é',
      '😀',
      '\uD800',
      '\uDC00',
      'ab\uD83D',
      '\uDE00z',
      '\uDC00\uD800',
    ])
    const got = ingested(raws)
    expect(got.length).toBe(10_000)
    expect(text(got)).toBe(text(expected(raws)))
    // Lone surrogates came back as U+FFFD, and never paired across entries.
    expect(got[6].fields.id).toBe('\uFFFDz-6-\uFFFD\uFFFD')
    expect(got[7].fields.id).toBe('\uFFFD\uFFFD-7-x')
    expect(got[9993].fields.id).toBe('é-9993-😀')
  })

  it('agrees with normalizeEvent for any values and counts', () => {
    const odd = fc.array(fc.string({ unit: 'binary', maxLength: 3 }), { minLength: 1, maxLength: 6 })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), odd, (n, chars) => {
        const raws = rawEvents(n, chars)
        expect(text(ingested(raws))).toBe(text(expected(raws)))
      }),
      { seed, numRuns: 25, interruptAfterTimeLimit: 15_000 },
    )
  })
})
