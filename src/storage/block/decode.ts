// storage/block/decode.ts: block file bytes → header and Arrow columns, verifying everything first.
// A bad block must never reach the Arrow IPC reader: every CRC and length is checked before it.
import { crc32 } from 'node:zlib'
import * as arrow from 'apache-arrow'
import { uncompressSync } from 'lz4-napi'
import { fieldMatchesType } from './arrow-types.ts'
import type { BlockBatch, BlockColumn } from './build.ts'
import { BlockCorruptError } from './errors.ts'
import { BLOCK_TRAILER_BYTES, readU32, verifyTrailer } from './framing.ts'
import { type BlockHeader, type ColumnEntry, parseHeader } from './header.ts'

/** Counters for tests and metrics: `arrowDecodes` grows on every call into the Arrow IPC reader. */
export const decodeStats = { arrowDecodes: 0 }

/**
 * Verifies a whole block file without decompressing it: magic, header CRC and shape, trailer
 * magic, lengths against the byte count, body CRC, then every chunk's CRC. Throws BlockCorruptError.
 */
export function verifyBlock(bytes: Uint8Array): { header: BlockHeader; bodyCrc32: number } {
  const framed = verifyFrame(bytes)
  const { header, body } = framed
  for (const entry of header.columns) checkChunk(chunkOf(body, entry), entry, header.blockId)
  return { header, bodyCrc32: framed.bodyCrc32 }
}

/** Every check up to and including the body CRC (chunk checks are left to the caller). */
function verifyFrame(bytes: Uint8Array): { header: BlockHeader; body: Uint8Array; bodyCrc32: number } {
  const header = parseHeader(bytes)
  const id = header.blockId
  if (bytes.length < header.bodyOffset + BLOCK_TRAILER_BYTES)
    throw new BlockCorruptError('file ends before its trailer', id)
  const bodyCrc32 = verifyTrailer(bytes.subarray(bytes.length - BLOCK_TRAILER_BYTES), header, bytes.length)
  const body = bytes.subarray(header.bodyOffset, header.bodyOffset + header.bodyLen)
  if (crc32(body) !== bodyCrc32) throw new BlockCorruptError('body crc mismatch', id)
  return { header, body, bodyCrc32 }
}

/** A decoded chunk: the values, and for a sparse column the rows holding them (see BlockColumn). */
export interface DecodedColumn {
  readonly vector: arrow.Vector
  readonly positions?: Int32Array
}

/**
 * Decodes one column's chunk (the `entry.length` bytes at body offset `entry.offset`): checks its
 * CRC and raw length, decompresses, then decodes the Arrow stream and checks length and type.
 */
export function decodeColumnChunk(
  chunk: Uint8Array,
  entry: ColumnEntry,
  rowCount: number,
  blockId?: string,
): DecodedColumn {
  return arrowDecode(inflate(chunk, entry, blockId), entry, rowCount, blockId)
}

/** The BlockColumn of a header entry and its decoded chunk. */
export function blockColumn(entry: ColumnEntry, decoded: DecodedColumn): BlockColumn {
  const { field, type } = entry
  const { vector, positions } = decoded
  return positions === undefined ? { field, type, vector } : { field, type, vector, positions }
}

/**
 * Verifies and decodes a block file. `columns` names the fields to decode (all their types; none
 * other is decompressed); by default every column. Throws BlockCorruptError.
 */
export function decodeBlock(
  bytes: Uint8Array,
  columns?: readonly string[],
): { header: BlockHeader; batch: BlockBatch } {
  const { header, body } = verifyFrame(bytes)
  const wanted = columns === undefined ? undefined : new Set(columns)
  const entries = header.columns.filter((e) => wanted === undefined || wanted.has(e.field))
  // Every selected chunk is CRC-checked, decompressed and size-checked before the first Arrow decode.
  const raws = entries.map((e) => inflate(chunkOf(body, e), e, header.blockId))
  const out: BlockColumn[] = entries.map((e, i) =>
    blockColumn(e, arrowDecode(raws[i], e, header.rowCount, header.blockId)),
  )
  return { header, batch: { rowCount: header.rowCount, columns: out } }
}

function chunkOf(body: Uint8Array, entry: ColumnEntry): Uint8Array {
  return body.subarray(entry.offset, entry.offset + entry.length)
}

function checkChunk(chunk: Uint8Array, entry: ColumnEntry, blockId: string | undefined): void {
  const where = `${entry.field}/${entry.type}`
  if (chunk.length !== entry.length) throw new BlockCorruptError(`chunk ${where} is truncated`, blockId)
  if (crc32(chunk) !== entry.crc32) throw new BlockCorruptError(`chunk ${where} crc mismatch`, blockId)
  // lz4-napi prepends the uncompressed size (u32 LE): it must agree before we let LZ4 allocate.
  if (chunk.length < 4 || readU32(chunk, 0) !== entry.rawLen) {
    throw new BlockCorruptError(`chunk ${where} raw length mismatch`, blockId)
  }
}

function inflate(chunk: Uint8Array, entry: ColumnEntry, blockId: string | undefined): Uint8Array {
  checkChunk(chunk, entry, blockId)
  let raw: Uint8Array
  try {
    raw = uncompressSync(chunk)
  } catch {
    throw new BlockCorruptError(`chunk ${entry.field}/${entry.type} fails to decompress`, blockId)
  }
  if (raw.length !== entry.rawLen) {
    throw new BlockCorruptError(`chunk ${entry.field}/${entry.type} decompressed size mismatch`, blockId)
  }
  return raw
}

function arrowDecode(
  raw: Uint8Array,
  entry: ColumnEntry,
  rowCount: number,
  blockId: string | undefined,
): DecodedColumn {
  const where = `${entry.field}/${entry.type}`
  let table: arrow.Table
  decodeStats.arrowDecodes++
  try {
    table = arrow.tableFromIPC(raw)
  } catch {
    throw new BlockCorruptError(`chunk ${where} is not an Arrow stream`, blockId)
  }
  const sparse = entry.sparse === true
  const fields = table.schema.fields
  const field = fields[sparse ? 1 : 0]
  const vector = table.getChildAt(sparse ? 1 : 0)
  if (fields.length !== (sparse ? 2 : 1) || !field || !vector || !fieldMatchesType(field, entry.type)) {
    throw new BlockCorruptError(`chunk ${where} has the wrong Arrow type`, blockId)
  }
  const rows = sparse ? vector.length : rowCount
  if (vector.length !== rows || vector.data.length !== 1 || vector.data[0].offset !== 0) {
    throw new BlockCorruptError(`chunk ${where} does not hold ${rowCount} rows in one batch`, blockId)
  }
  if (entry.type === 'datetime' && vector.nullCount !== 0) {
    throw new BlockCorruptError(`chunk ${where} has null times`, blockId)
  }
  if (!sparse) return { vector }
  return { vector, positions: sparsePositions(table, vector, rowCount, where, blockId) }
}

/** The positions of a sparse chunk, checked: one per value, ascending, within the block, values non-null. */
function sparsePositions(
  table: arrow.Table,
  vector: arrow.Vector,
  rowCount: number,
  where: string,
  blockId: string | undefined,
): Int32Array {
  const pos = table.getChildAt(0)
  const data = pos?.data[0]
  const values = data?.values
  if (
    !pos ||
    !data ||
    pos.data.length !== 1 ||
    data.offset !== 0 ||
    !arrow.DataType.isInt(pos.type) ||
    pos.type.bitWidth !== 32 ||
    pos.nullCount !== 0 ||
    !(values instanceof Int32Array) ||
    values.length < vector.length ||
    vector.nullCount !== 0 ||
    vector.length === 0
  )
    throw new BlockCorruptError(`chunk ${where} is not a sparse column`, blockId)
  const positions = values.subarray(0, vector.length)
  let last = -1
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k]
    if (p <= last || p >= rowCount)
      throw new BlockCorruptError(`chunk ${where} positions do not ascend within ${rowCount} rows`, blockId)
    last = p
  }
  return positions
}
