// Block file format: round trip, lazy single-column decode, framing checks in the documented
// order, and a defensive header parse (wrong shapes are BlockCorruptError, never TypeError).
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  BLOCK_PREFIX_BYTES,
  BLOCK_TRAILER_BYTES,
  BlockCorruptError,
  batchToEvents,
  buildBatch,
  decodeBlock,
  decodeColumnChunk,
  decodeStats,
  encodeBlock,
  parseHeader,
  readHeaderLength,
  verifyBlock,
  verifyTrailer,
} from '../../../../src/storage/block/index.ts'
import { comparable, ev } from './helpers.ts'

const events = Array.from({ length: 300 }, (_, i) =>
  ev(1_000 + i, {
    status: i % 7 === 0 ? 'err' : 200 + (i % 3),
    msg: `m${i % 11}`,
    dur: i / 3,
    ok: i % 2 === 0,
    ...(i % 5 === 0 ? { tags: ['a', i] } : {}),
  }),
)
const meta = { blockId: 'b000001', dataset: 'logs', firstSeq: 42 }
const encoded = encodeBlock(buildBatch(events), meta)

/** Rebuilds a block's prefix + header + header CRC around arbitrary header JSON text. */
function withHeader(json: string): Uint8Array {
  const text = new TextEncoder().encode(json)
  const out = new Uint8Array(BLOCK_PREFIX_BYTES + text.length + 4)
  out.set(encoded.bytes.subarray(0, 8))
  new DataView(out.buffer).setUint32(8, text.length, true)
  out.set(text, BLOCK_PREFIX_BYTES)
  new DataView(out.buffer).setUint32(
    BLOCK_PREFIX_BYTES + text.length,
    crc32(out.subarray(0, BLOCK_PREFIX_BYTES + text.length)),
    true,
  )
  return out
}

function corruptReason(fn: () => unknown): string {
  try {
    fn()
  } catch (e) {
    if (e instanceof BlockCorruptError) return e.reason
    throw e
  }
  throw new Error('expected BlockCorruptError')
}

describe('encodeBlock / decodeBlock', () => {
  it('round-trips events and records the header fields', () => {
    const { header, batch } = decodeBlock(encoded.bytes)
    expect(comparable(batchToEvents(batch))).toEqual(comparable(events))
    expect(header).toEqual(encoded.header)
    expect(header).toMatchObject({
      formatVersion: 1,
      rowCount: 300,
      minTime: '1000',
      maxTime: '1299',
      firstSeq: 42,
    })
    expect(header.codec).toBe('lz4')
    expect(header.rawLen).toBe(header.columns.reduce((s, c) => s + c.rawLen, 0))
    expect(encoded.bytes.length).toBe(header.bodyOffset + header.bodyLen + BLOCK_TRAILER_BYTES)
  })

  it('starts with the magic and ends with the trailer magic', () => {
    const text = (a: Uint8Array) => Buffer.from(a).toString('latin1')
    expect(text(encoded.bytes.subarray(0, 8))).toBe('APLBLK\0\x01')
    expect(text(encoded.bytes.subarray(-8))).toBe('BLKEND\0\x01')
  })

  it('decodes only the requested fields, with one Arrow decode per decoded column', () => {
    const before = decodeStats.arrowDecodes
    const { batch } = decodeBlock(encoded.bytes, ['status', 'dur'])
    expect(decodeStats.arrowDecodes - before).toBe(4)
    expect(batch.columns.map((c) => `${c.field}/${c.type}`)).toEqual([
      'dur/integer',
      'dur/float',
      'status/string',
      'status/integer',
    ])
    expect(batch.rowCount).toBe(300)
  })

  it('gives the same fingerprint to the same schema and another to a different one', () => {
    const again = encodeBlock(buildBatch(events.slice(0, 5)), meta).header.schemaFingerprint
    const other = encodeBlock(buildBatch([ev(1, { x: 1 })]), meta).header.schemaFingerprint
    expect(again).toBe(encoded.header.schemaFingerprint)
    expect(other).not.toBe(again)
  })

  it('rejects a malformed batch or meta as a caller bug', () => {
    const batch = buildBatch(events)
    expect(() => encodeBlock(batch, { ...meta, blockId: '' })).toThrow(/blockId/)
    expect(() => encodeBlock({ rowCount: 300, columns: batch.columns.slice(1) }, meta)).toThrow(/_time/)
    expect(() => encodeBlock({ rowCount: 299, columns: batch.columns }, meta)).toThrow(/rows/)
  })
})

describe('decodeColumnChunk', () => {
  const { header } = encoded
  const entry = header.columns.find((c) => c.field === 'msg')!
  const chunk = encoded.bytes.subarray(
    header.bodyOffset + entry.offset,
    header.bodyOffset + entry.offset + entry.length,
  )

  it('decodes one column from its chunk alone', () => {
    const { vector } = decodeColumnChunk(chunk, entry, header.rowCount)
    expect(vector.length).toBe(300)
    expect(vector.get(12)).toBe('m1')
  })

  it('checks the chunk CRC and raw length before any Arrow decode', () => {
    const before = decodeStats.arrowDecodes
    const bad = Uint8Array.from(chunk)
    bad[bad.length - 1] ^= 1
    expect(corruptReason(() => decodeColumnChunk(bad, entry, header.rowCount))).toMatch(/crc/)
    expect(
      corruptReason(() => decodeColumnChunk(chunk, { ...entry, rawLen: entry.rawLen + 1 }, 300)),
    ).toMatch(/raw length/)
    expect(corruptReason(() => decodeColumnChunk(chunk.subarray(1), entry, 300))).toMatch(/truncated/)
    expect(decodeStats.arrowDecodes).toBe(before)
  })

  it('checks the decoded length and type against the entry', () => {
    expect(corruptReason(() => decodeColumnChunk(chunk, entry, 299))).toMatch(/rows/)
    expect(corruptReason(() => decodeColumnChunk(chunk, { ...entry, type: 'array' }, 300))).toMatch(/type/)
  })
})

describe('framing checks', () => {
  it('readHeaderLength validates the magic and a sane length', () => {
    expect(readHeaderLength(encoded.bytes.subarray(0, BLOCK_PREFIX_BYTES))).toBe(
      encoded.header.bodyOffset - 16,
    )
    const bad = Uint8Array.from(encoded.bytes.subarray(0, BLOCK_PREFIX_BYTES))
    bad[0] = 0
    expect(corruptReason(() => readHeaderLength(bad))).toMatch(/magic/)
    expect(corruptReason(() => readHeaderLength(encoded.bytes.subarray(0, 5)))).toMatch(/shorter/)
    const huge = Uint8Array.from(encoded.bytes.subarray(0, BLOCK_PREFIX_BYTES))
    huge[11] = 0x7f
    expect(corruptReason(() => readHeaderLength(huge))).toMatch(/out of range/)
  })

  it('parseHeader detects a tampered header byte by its CRC', () => {
    const bytes = Uint8Array.from(encoded.bytes)
    const at = BLOCK_PREFIX_BYTES + 20
    bytes[at] ^= 0x04
    expect(corruptReason(() => parseHeader(bytes))).toBe('header crc mismatch')
    expect(corruptReason(() => decodeBlock(bytes))).toBe('header crc mismatch')
  })

  it('parseHeader reads from a prefix-through-header-CRC slice', () => {
    expect(parseHeader(encoded.bytes.subarray(0, encoded.header.bodyOffset))).toEqual(encoded.header)
  })

  it('verifyTrailer checks magic, lengths and the file size, and returns the body CRC', () => {
    const { bytes, header, bodyCrc32 } = encoded
    const trailer = bytes.subarray(bytes.length - BLOCK_TRAILER_BYTES)
    expect(verifyTrailer(trailer, header, bytes.length)).toBe(bodyCrc32)
    expect(corruptReason(() => verifyTrailer(trailer, header, bytes.length + 1))).toMatch(/file is/)
    expect(
      corruptReason(() => verifyTrailer(trailer, { ...header, bodyLen: header.bodyLen - 1 }, bytes.length)),
    ).toMatch(/bodyLen/)
    const bad = Uint8Array.from(trailer)
    bad[27] ^= 1
    expect(corruptReason(() => verifyTrailer(bad, header, bytes.length))).toMatch(/trailer magic/)
  })

  it('checks in order: trailer magic, lengths, body CRC', () => {
    const { bytes } = encoded
    expect(corruptReason(() => decodeBlock(Uint8Array.from([...bytes, 0])))).toMatch(/trailer magic/)
    const cut = bytes.subarray(0, bytes.length - 30)
    expect(corruptReason(() => decodeBlock(Uint8Array.from([...cut, ...bytes.subarray(-28)])))).toMatch(
      /file is/,
    )
    const flipped = Uint8Array.from(bytes)
    flipped[encoded.header.bodyOffset + 3] ^= 0x80
    expect(corruptReason(() => decodeBlock(flipped))).toBe('body crc mismatch')
    expect(corruptReason(() => verifyBlock(flipped))).toBe('body crc mismatch')
  })

  it('names the block in errors once the header is known', () => {
    const flipped = Uint8Array.from(encoded.bytes)
    flipped[flipped.length - 40] ^= 1
    try {
      decodeBlock(flipped)
    } catch (e) {
      expect((e as BlockCorruptError).blockId).toBe('b000001')
      expect((e as BlockCorruptError).code).toBe('block_corrupt')
      expect((e as Error).message).toContain('b000001')
    }
    expect.assertions(3)
  })
})

describe('defensive header parse', () => {
  const good = JSON.parse(
    new TextDecoder().decode(encoded.bytes.subarray(BLOCK_PREFIX_BYTES, encoded.header.bodyOffset - 4)),
  )
  const cases: [string, unknown][] = [
    ['array', []],
    ['null', null],
    ['number', 7],
    ['formatVersion 3', { ...good, formatVersion: 3 }],
    [
      'sparse flag in format 1',
      {
        ...good,
        columns: good.columns.map((c: object, i: number) => (i === 2 ? { ...c, sparse: true } : c)),
      },
    ],
    [
      'sparse flag not true',
      {
        ...good,
        formatVersion: 2,
        columns: good.columns.map((c: object, i: number) => (i === 2 ? { ...c, sparse: 1 } : c)),
      },
    ],
    [
      'sparse time column',
      {
        ...good,
        formatVersion: 2,
        columns: good.columns.map((c: object, i: number) => (i === 0 ? { ...c, sparse: true } : c)),
      },
    ],
    ['no blockId', { ...good, blockId: undefined }],
    ['rowCount string', { ...good, rowCount: '300' }],
    ['negative rowCount', { ...good, rowCount: -1 }],
    ['minTime not decimal', { ...good, minTime: '1e3' }],
    ['minTime beyond int64', { ...good, minTime: '9223372036854775808' }],
    ['minTime > maxTime', { ...good, minTime: '2000' }],
    ['codec', { ...good, codec: 'zstd' }],
    ['columns object', { ...good, columns: {} }],
    ['column null', { ...good, columns: [null] }],
    [
      'column bad type',
      {
        ...good,
        columns: good.columns.map((c: object, i: number) => (i === 3 ? { ...c, type: 'text' } : c)),
      },
    ],
    [
      'offset gap',
      {
        ...good,
        columns: good.columns.map((c: { offset: number }, i: number) =>
          i === 2 ? { ...c, offset: c.offset + 1 } : c,
        ),
      },
    ],
    [
      'crc too big',
      {
        ...good,
        columns: good.columns.map((c: object, i: number) => (i === 2 ? { ...c, crc32: 2 ** 32 } : c)),
      },
    ],
    ['bodyLen mismatch', { ...good, bodyLen: good.bodyLen + 1 }],
    ['duplicate column', { ...good, columns: [...good.columns, good.columns[2]] }],
    ['no time column', { ...good, columns: good.columns.slice(1) }],
  ]
  it.each(cases)('rejects %s with BlockCorruptError', (_name, header) => {
    expect(() => parseHeader(withHeader(JSON.stringify(header)))).toThrow(BlockCorruptError)
  })

  it('rejects non-JSON and invalid UTF-8 with a valid CRC', () => {
    expect(corruptReason(() => parseHeader(withHeader('{"formatVersion":1,')))).toMatch(/JSON/)
    const bytes = withHeader('{"a":"xx"}')
    bytes[BLOCK_PREFIX_BYTES + 6] = 0xff
    bytes.set(
      new Uint8Array(new Uint32Array([crc32(bytes.subarray(0, bytes.length - 4))]).buffer),
      bytes.length - 4,
    )
    expect(corruptReason(() => parseHeader(bytes))).toMatch(/UTF-8/)
  })

  it('accepts its own header re-serialized', () => {
    expect(parseHeader(withHeader(JSON.stringify(good))).columns).toEqual(encoded.header.columns)
  })
})
