// storage/wal/codec.ts: the WAL payload format. One ingest call becomes one or more records, each
// one EventChunk in columns; a record is all-or-nothing on replay (see wal.ts). Version 4 writes
// typed arrays as they are (the seal worker maps them back without parsing values) and one
// dictionary per string column. Little-endian; every typed array starts aligned to its width:
//
//   0  u8 version=4 | u8 sysTimeMode (0: one value for all rows, 1: one per row) | u16 0
//   4  u32 part | 8 f64 firstSeq | 16 u32 parts | 20 u32 rows | 24 u32 nColumns | 28 u32 0
//   32 time i64 × rows | sysTime i64 × (1 or rows)
//   then per column, starting 8-aligned:
//      u8 type (1 string, 2 integer, 3 float, 4 boolean, 5 array, 6 timespan, 7 map) | u8 hasPresent | u16 0
//      | u32 count | u32 nameBytes | u32 dictLen | name UTF-8, pad 4
//      | [present bitmap of ⌈rows/8⌉ bytes, pad 4]
//      | string/array/map: u32 dictBytes | u32 UTF-16 length per entry | entries' UTF-8, pad 4 | i32 codes × count
//      | integer/timespan/float: pad 8 | i64/f64 × count      | boolean: u8 × count
// Types 6 and 7 came later in version 4: records without them read as before.
//
// Encoded payloads live in SharedArrayBuffers and are never written again once appended (only
// `placeWalRecord` touches them, before), so the seal worker can read them in place.
// Dictionary entries are decoded as one string and sliced by their UTF-16 lengths, so they must be
// well-formed (a lone surrogate would pair with its neighbour); the encoder makes them so.
// Version 3 (row-wise) records are read by record.ts (replay turns them into version 4); this
// module imports no more than the seal worker needs.
import type { ChunkColumn, ChunkColumnType, EventChunk } from '../block/event-chunk.ts'

/** The format version this module writes and reads. */
export const WAL_VERSION = 4
const VERSION = WAL_VERSION
const HEAD_BYTES = 32
const COLUMN_HEAD_BYTES = 16

const TYPE_CODES: { readonly [T in ChunkColumnType]: number } = {
  string: 1,
  integer: 2,
  float: 3,
  boolean: 4,
  array: 5,
  timespan: 6,
  map: 7,
}
const TYPE_OF_CODE: readonly (ChunkColumnType | undefined)[] = [
  undefined,
  'string',
  'integer',
  'float',
  'boolean',
  'array',
  'timespan',
  'map',
]

/** One decoded WAL record: the chunk of events `[firstSeq, firstSeq + chunk.rows)`. */
export interface WalRecord {
  readonly firstSeq: number
  /** Index of this record among its ingest call's records, and their number. */
  readonly part: number
  readonly parts: number
  readonly chunk: EventChunk
}

const align4 = (n: number) => (n + 3) & ~3
const align8 = (n: number) => (n + 7) & ~7

/** Encodes one chunk as the payload of record `part` of `parts` of a call, first event `firstSeq`. */
export function encodeWalChunk(chunk: EventChunk, firstSeq: number, part: number, parts: number): Uint8Array {
  const rows = chunk.rows
  const sysPerRow = !isConstant(chunk.sysTime)
  const texts: string[][] = []
  let size = HEAD_BYTES + 8 * rows + 8 * (sysPerRow ? rows : 1)
  for (const c of chunk.columns) {
    size = align8(size) + COLUMN_HEAD_BYTES + align4(Buffer.byteLength(c.field, 'utf8'))
    if (c.present) size += align4((rows + 7) >> 3)
    if (c.dict) {
      const pieces = dictPieces(c.dict, c.joined)
      texts.push(pieces)
      size += 4 + 4 * c.dict.length + align4(piecesBytes(pieces)) + 4 * c.count
    } else if (c.bools) size += c.count
    else size = align8(size) + 8 * c.count
  }
  // Shared memory: the seal worker reads the record where it is, without a copy.
  const out = new Uint8Array(new SharedArrayBuffer(align8(size)))
  const buf = Buffer.from(out.buffer, out.byteOffset, out.byteLength)
  const dv = new DataView(out.buffer)
  out[0] = VERSION
  out[1] = sysPerRow ? 1 : 0
  dv.setUint32(4, part, true)
  dv.setFloat64(8, firstSeq, true)
  dv.setUint32(16, parts, true)
  dv.setUint32(20, rows, true)
  dv.setUint32(24, chunk.columns.length, true)
  let at = HEAD_BYTES
  new BigInt64Array(out.buffer, at, rows).set(chunk.time.subarray(0, rows))
  at += 8 * rows
  if (sysPerRow) new BigInt64Array(out.buffer, at, rows).set(chunk.sysTime.subarray(0, rows))
  else if (rows > 0) new BigInt64Array(out.buffer, at, 1)[0] = chunk.sysTime[0]
  at += 8 * (sysPerRow ? rows : 1)
  let t = 0
  for (const c of chunk.columns) {
    at = align8(at)
    out[at] = TYPE_CODES[c.type]
    out[at + 1] = c.present ? 1 : 0
    dv.setUint32(at + 4, c.count, true)
    const nameBytes = buf.write(c.field, at + COLUMN_HEAD_BYTES, 'utf8')
    dv.setUint32(at + 8, nameBytes, true)
    dv.setUint32(at + 12, c.dict ? c.dict.length : 0, true)
    at = align4(at + COLUMN_HEAD_BYTES + nameBytes)
    if (c.present) {
      out.set(c.present.subarray(0, (rows + 7) >> 3), at)
      at = align4(at + ((rows + 7) >> 3))
    }
    if (c.dict && c.codes) {
      const dict = c.dict
      writeLengths(dict, new Uint32Array(out.buffer, at + 4, dict.length))
      const bytes = writePieces(buf, texts[t++], at + 4 + 4 * dict.length)
      dv.setUint32(at, bytes, true)
      at = align4(at + 4 + 4 * dict.length + bytes)
      new Int32Array(out.buffer, at, c.count).set(c.codes.subarray(0, c.count))
      at += 4 * c.count
    } else if (c.bools) {
      out.set(c.bools.subarray(0, c.count), at)
      at += c.count
    } else {
      at = align8(at)
      if (c.ints) new BigInt64Array(out.buffer, at, c.count).set(c.ints.subarray(0, c.count))
      else if (c.floats) new Float64Array(out.buffer, at, c.count).set(c.floats.subarray(0, c.count))
      at += 8 * c.count
    }
  }
  return out
}

/** Sets where a version-4 record sits: its first event's sequence number, and part `part` of `parts`. */
export function placeWalRecord(payload: Uint8Array, firstSeq: number, part: number, parts: number): void {
  const dv = new DataView(payload.buffer, payload.byteOffset, payload.byteLength)
  dv.setUint32(4, part, true)
  dv.setFloat64(8, firstSeq, true)
  dv.setUint32(16, parts, true)
}

/** The format version of a payload (its first byte). */
export function walRecordVersion(payload: Uint8Array): number {
  return payload[0]
}

/** Decodes one version-4 WAL payload; throws on a wrong shape (a bug: its CRC passed). */
export function decodeWalRecord(payload: Uint8Array): WalRecord {
  if (payload[0] !== VERSION) throw new Error(`WAL record version ${payload[0]} is not ${VERSION}`)
  // Typed-array views need aligned offsets: copy a payload that sits at an odd place in its buffer.
  const p = payload.byteOffset % 8 === 0 ? payload : new Uint8Array(payload)
  const ab = p.buffer
  const base = p.byteOffset
  const dv = new DataView(ab, base, p.byteLength)
  const sysPerRow = p[1] === 1
  const part = dv.getUint32(4, true)
  const firstSeq = dv.getFloat64(8, true)
  const parts = dv.getUint32(16, true)
  const rows = dv.getUint32(20, true)
  const nColumns = dv.getUint32(24, true)
  let at = HEAD_BYTES
  const time = new BigInt64Array(ab, base + at, rows)
  at += 8 * rows
  const sysTime = sysPerRow
    ? new BigInt64Array(ab, base + at, rows)
    : new BigInt64Array(rows).fill(rows > 0 ? dv.getBigInt64(at, true) : 0n)
  at += 8 * (sysPerRow ? rows : 1)
  const columns: ChunkColumn[] = []
  for (let i = 0; i < nColumns; i++) {
    at = align8(at)
    const type = TYPE_OF_CODE[p[at]]
    if (type === undefined) throw new Error(`WAL record has unknown column type ${p[at]}`)
    const hasPresent = p[at + 1] === 1
    const count = dv.getUint32(at + 4, true)
    const nameBytes = dv.getUint32(at + 8, true)
    const dictLen = dv.getUint32(at + 12, true)
    const field = utf8(p, at + COLUMN_HEAD_BYTES, nameBytes)
    at = align4(at + COLUMN_HEAD_BYTES + nameBytes)
    let present: Uint8Array | undefined
    if (hasPresent) {
      present = p.subarray(at, at + ((rows + 7) >> 3))
      at = align4(at + ((rows + 7) >> 3))
    }
    if (type === 'string' || type === 'array' || type === 'map') {
      const bytes = dv.getUint32(at, true)
      const lengths = new Uint32Array(ab, base + at + 4, dictLen)
      const dictUtf8 = p.subarray(at + 4 + 4 * dictLen, at + 4 + 4 * dictLen + bytes)
      at = align4(at + 4 + 4 * dictLen + bytes)
      const codes = new Int32Array(ab, base + at, count)
      columns.push(textColumn(field, type, count, present, codes, dictUtf8, lengths))
      at += 4 * count
    } else if (type === 'boolean') {
      columns.push({ field, type, count, present, bools: p.subarray(at, at + count) })
      at += count
    } else {
      at = align8(at)
      if (type === 'integer' || type === 'timespan')
        columns.push({ field, type, count, present, ints: new BigInt64Array(ab, base + at, count) })
      else columns.push({ field, type, count, present, floats: new Float64Array(ab, base + at, count) })
      at += 8 * count
    }
  }
  return { firstSeq, part, parts, chunk: { rows, time, sysTime, columns } }
}

/** Encodes a call's chunks as its WAL payloads (record i holds chunk i). */
export function encodeWalChunks(firstSeq: number, chunks: readonly EventChunk[]): Uint8Array[] {
  const out: Uint8Array[] = []
  let seq = firstSeq
  for (let i = 0; i < chunks.length; i++) {
    out.push(encodeWalChunk(chunks[i], seq, i, chunks.length))
    seq += chunks[i].rows
  }
  return out
}

/** Each entry's UTF-16 length (a leaf: this loop runs once per column of every record). */
function writeLengths(dict: readonly string[], lengths: Uint32Array): void {
  for (let i = 0; i < dict.length; i++) lengths[i] = dict[i].length
}

function isConstant(values: BigInt64Array): boolean {
  const w = new Int32Array(values.buffer, values.byteOffset, values.length * 2)
  for (let i = 2; i < w.length; i += 2) if (w[i] !== w[0] || w[i + 1] !== w[1]) return false
  return true
}

/** The dictionary's text in pieces: those joined ahead (`joined`), then the rest. */
function dictPieces(dict: readonly string[], joined: ChunkColumn['joined']): string[] {
  if (joined === undefined) return [dictText(dict)]
  const pieces = joined.pieces.slice()
  if (joined.entries < dict.length) pieces.push(dictText(dict.slice(joined.entries)))
  return pieces
}

/** UTF-8 bytes of the pieces. */
function piecesBytes(pieces: readonly string[]): number {
  let n = 0
  for (let i = 0; i < pieces.length; i++) n += Buffer.byteLength(pieces[i], 'utf8')
  return n
}

/** Writes the pieces' UTF-8 one after another from `at`; returns the bytes written. */
function writePieces(buf: Buffer, pieces: readonly string[], at: number): number {
  let n = 0
  for (let i = 0; i < pieces.length; i++) n += buf.write(pieces[i], at + n, 'utf8')
  return n
}

function dictText(dict: readonly string[]): string {
  const text = dict.join('')
  if (text.isWellFormed()) return text
  // A lone surrogate at an entry's edge could pair with its neighbour's: fix each entry alone.
  return dict.map((s) => s.toWellFormed()).join('')
}

/**
 * A string or array column of a record, its dictionary kept as UTF-8: the seal reads the bytes,
 * and `dict` (the entries as strings) is decoded only when something asks for it.
 */
function textColumn(
  field: string,
  type: 'string' | 'array' | 'map',
  count: number,
  present: Uint8Array | undefined,
  codes: Int32Array,
  dictUtf8: Uint8Array,
  lengths: Uint32Array,
): ChunkColumn {
  let dict: string[] | undefined
  return {
    field,
    type,
    count,
    present,
    codes,
    dictUtf8,
    dictOffsets: entryOffsets(dictUtf8, lengths),
    get dict(): string[] {
      dict ??= decodeEntries(dictUtf8, lengths)
      return dict
    },
  }
}

/** The entries of a dictionary text: decoded once, sliced by their UTF-16 lengths. */
function decodeEntries(utf8: Uint8Array, lengths: Uint32Array): string[] {
  const text = Buffer.from(utf8.buffer, utf8.byteOffset, utf8.byteLength).toString('utf8')
  const dict: string[] = new Array(lengths.length)
  let u = 0
  for (let d = 0; d < lengths.length; d++) {
    dict[d] = text.slice(u, u + lengths[d])
    u += lengths[d]
  }
  return dict
}

/** Byte offsets of the entries of a dictionary text, from their UTF-16 lengths. */
function entryOffsets(utf8: Uint8Array, lengths: Uint32Array): Int32Array {
  const n = lengths.length
  const offsets = new Int32Array(n + 1)
  let units = 0
  for (let d = 0; d < n; d++) {
    units += lengths[d]
    offsets[d + 1] = units
  }
  // ASCII text (the common case): a byte per unit. Otherwise walk the UTF-8, entry by entry.
  if (units !== utf8.length) utf8Offsets(utf8, lengths, offsets)
  return offsets
}

/** Fills `offsets` by reading `lengths[d]` UTF-16 units' worth of (well-formed) UTF-8 per entry. */
function utf8Offsets(utf8: Uint8Array, lengths: Uint32Array, offsets: Int32Array): void {
  let at = 0
  for (let d = 0; d < lengths.length; d++) {
    let units = lengths[d]
    while (units > 0) {
      const b = utf8[at]
      // A 4-byte sequence is one character beyond U+FFFF: two UTF-16 units.
      if (b >= 0xf0) {
        at += 4
        units -= 2
      } else {
        at += b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1
        units--
      }
    }
    offsets[d + 1] = at
  }
}

function utf8(p: Uint8Array, at: number, bytes: number): string {
  return Buffer.from(p.buffer, p.byteOffset + at, bytes).toString('utf8')
}
