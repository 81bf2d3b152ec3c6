// Arrow Utf8 buffers ↔ JS strings (storage/block/utf8.ts): unpacking what packUtf8 packed gives the
// strings back (well-formed: a lone surrogate reads as U+FFFD, as a UTF-8 encoder writes it), for
// ASCII, multi-byte and astral text, empty entries and entries at any offset; bytes that are not
// valid UTF-8 read exactly as a decoder reading each entry alone would; an Arrow vector's entries
// equal Arrow's own toArray().
import * as arrow from 'apache-arrow'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { packUtf8, unpackUtf8, utf8Strings, wellFormed } from '../../../../src/storage/block/utf8.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`utf8 seed=${seed}`)

const lone = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c))
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.string({ unit: fc.oneof(fc.constantFrom('a', 'é', '€', '😀', '\u0000'), lone), maxLength: 6 }),
)
const perEntry = new TextDecoder()

describe('unpackUtf8', () => {
  it('reads back what packUtf8 packed, well-formed', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 40 }), (strings) => {
        const clean = strings.map(wellFormed)
        const packed = packUtf8(clean, clean.length)
        expect(unpackUtf8(packed, clean.length)).toEqual(clean)
      }),
      { seed, numRuns: 500, interruptAfterTimeLimit: 4_000 },
    )
  })

  it('reads entries that start past offset 0 (a slice of the buffers)', () => {
    const packed = packUtf8(['skip', 'é😀', '', 'z'], 4)
    const sliced = { offsets: packed.offsets.subarray(1), bytes: packed.bytes }
    expect(unpackUtf8(sliced, 3)).toEqual(['é😀', '', 'z'])
  })

  it('reads bytes that are not valid UTF-8 as each entry decoded alone', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 6 }), { maxLength: 12 }), (entries) => {
        const offsets = new Int32Array(entries.length + 1)
        entries.forEach((e, i) => {
          offsets[i + 1] = offsets[i] + e.length
        })
        const bytes = new Uint8Array(offsets[entries.length])
        entries.forEach((e, i) => {
          bytes.set(e, offsets[i])
        })
        expect(unpackUtf8({ offsets, bytes }, entries.length)).toEqual(entries.map((e) => perEntry.decode(e)))
      }),
      { seed, numRuns: 500, interruptAfterTimeLimit: 4_000 },
    )
  })

  it("gives an Arrow Utf8 vector's entries as Arrow's toArray does", () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 30 }), (strings) => {
        const v = arrow.vectorFromArray(strings.map(wellFormed), new arrow.Utf8())
        expect(utf8Strings(v)).toEqual(v.toArray())
      }),
      { seed, numRuns: 200, interruptAfterTimeLimit: 4_000 },
    )
    expect(utf8Strings(undefined)).toEqual([])
  })
})
