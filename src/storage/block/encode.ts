// storage/block/encode.ts: BlockBatch → the bytes of one block file (pure; the store does the I/O).
// Each column becomes its own LZ4-compressed Arrow IPC stream so readers can decode columns lazily.
import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import * as arrow from 'apache-arrow'
import { compressSync } from 'lz4-napi'
import { arrowFieldFor, fieldMatchesType } from './arrow-types.ts'
import type { BlockBatch, BlockColumn } from './build.ts'
import {
  BLOCK_END_MAGIC,
  BLOCK_MAGIC,
  BLOCK_PREFIX_BYTES,
  BLOCK_TRAILER_BYTES,
  HEADER_CRC_BYTES,
  writeU32,
  writeU64,
} from './framing.ts'
import {
  BLOCK_FORMAT_VERSION,
  BLOCK_FORMAT_VERSION_SPARSE,
  type BlockHeader,
  type ColumnEntry,
  serializeHeader,
} from './header.ts'
import { SYS_TIME_FIELD, TIME_FIELD } from './time-columns.ts'
import { wellFormed } from './utf8.ts'
import { computeZoneMap, type ZoneMap } from './zone-map.ts'

/** Identity of the block being written, recorded in its header. */
export interface EncodeMeta {
  readonly blockId: string
  readonly dataset: string
  /** Ingest sequence number of the block's first event. */
  readonly firstSeq: number
}

/** A block ready to be written: its file bytes, parsed header, zone map and body CRC. */
export interface EncodedBlock {
  readonly bytes: Uint8Array
  readonly header: BlockHeader
  readonly zoneMap: ZoneMap
  /** CRC32 of the body, as stored in the trailer (for the manifest's BlockAdded edit). */
  readonly bodyCrc32: number
}

/** Encodes a batch (from buildBatch or decodeBlock) into one block file. Throws on a malformed batch. */
export function encodeBlock(batch: BlockBatch, meta: EncodeMeta): EncodedBlock {
  checkBatch(batch, meta)
  const zoneMap = computeZoneMap(batch)
  const chunks = batch.columns.map((col, i) => encodeChunk(col, i, batch.rowCount))
  const columns: ColumnEntry[] = []
  let bodyLen = 0
  let rawLen = 0
  batch.columns.forEach((col, i) => {
    const { bytes, rawLen: raw } = chunks[i]
    columns.push({
      field: col.field,
      type: col.type,
      offset: bodyLen,
      length: bytes.length,
      rawLen: raw,
      crc32: crc32(bytes),
      ...(col.positions === undefined ? {} : { sparse: true as const }),
    })
    bodyLen += bytes.length
    rawLen += raw
  })
  const fields = {
    // A block with no sparse column stays format 1, byte for byte, so earlier readers still read it.
    formatVersion: columns.some((c) => c.sparse) ? BLOCK_FORMAT_VERSION_SPARSE : BLOCK_FORMAT_VERSION,
    blockId: meta.blockId,
    dataset: meta.dataset,
    rowCount: batch.rowCount,
    minTime: zoneMap.minTime,
    maxTime: zoneMap.maxTime,
    firstSeq: meta.firstSeq,
    schemaFingerprint: schemaFingerprint(batch.columns),
    codec: 'lz4',
    rawLen,
    bodyLen,
    columns,
  } as const
  const json = serializeHeader(fields)
  const headerEnd = BLOCK_PREFIX_BYTES + json.length
  const bodyOffset = headerEnd + HEADER_CRC_BYTES
  const out = new Uint8Array(bodyOffset + bodyLen + BLOCK_TRAILER_BYTES)
  out.set(BLOCK_MAGIC, 0)
  writeU32(out, 8, json.length)
  out.set(json, BLOCK_PREFIX_BYTES)
  writeU32(out, headerEnd, crc32(out.subarray(0, headerEnd)))
  let at = bodyOffset
  for (const { bytes } of chunks) {
    out.set(bytes, at)
    at += bytes.length
  }
  const bodyCrc32 = crc32(out.subarray(bodyOffset, at))
  writeU32(out, at, bodyCrc32)
  writeU64(out, at + 4, bodyLen)
  writeU64(out, at + 12, rawLen)
  out.set(BLOCK_END_MAGIC, at + 20)
  return { bytes: out, header: { ...fields, bodyOffset }, zoneMap, bodyCrc32 }
}

/** The header's schemaFingerprint: first 16 hex digits of SHA-256 over the (field, type) list. */
export function schemaFingerprint(columns: readonly Pick<BlockColumn, 'field' | 'type'>[]): string {
  const list = JSON.stringify(columns.map((c) => [c.field, c.type]))
  return createHash('sha256').update(list).digest('hex').slice(0, 16)
}

function checkBatch(batch: BlockBatch, meta: EncodeMeta): void {
  if (typeof meta.blockId !== 'string' || meta.blockId === '')
    throw new Error('encodeBlock: blockId is required')
  if (typeof meta.dataset !== 'string' || meta.dataset === '')
    throw new Error('encodeBlock: dataset is required')
  if (!Number.isSafeInteger(meta.firstSeq) || meta.firstSeq < 0) throw new Error('encodeBlock: bad firstSeq')
  const [time, sysTime] = batch.columns
  if (time?.field !== TIME_FIELD || time.type !== 'datetime' || sysTime?.field !== SYS_TIME_FIELD) {
    throw new Error('encodeBlock: the first columns must be _time and _sysTime')
  }
  const seen = new Set<string>()
  for (const col of batch.columns) {
    const key = `${col.type}\u0000${col.field}`
    if (seen.has(key)) throw new Error(`encodeBlock: duplicate column ${col.field}/${col.type}`)
    seen.add(key)
    if (col.positions !== undefined) checkSparse(col, batch.rowCount)
    else if (col.vector.length !== batch.rowCount || col.vector.data.length !== 1) {
      throw new Error(
        `encodeBlock: column ${col.field}/${col.type} is not one chunk of ${batch.rowCount} rows`,
      )
    }
  }
}

/** A sparse column: one non-null value per position, positions ascending within the block. */
function checkSparse(col: BlockColumn, rowCount: number): void {
  const positions = col.positions as Int32Array
  const where = `encodeBlock: sparse column ${col.field}/${col.type}`
  if (col.type === 'datetime') throw new Error(`${where}: datetime columns are never sparse`)
  if (col.vector.data.length !== 1 || col.vector.length !== positions.length || col.vector.nullCount !== 0)
    throw new Error(`${where} needs one chunk of non-null values, one per position`)
  let last = -1
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k]
    if (p <= last || p >= rowCount) throw new Error(`${where}: positions must ascend within ${rowCount} rows`)
    last = p
  }
}

/** Arrow field of a sparse chunk's positions (before the values field). */
const POSITIONS_FIELD = new arrow.Field('positions', new arrow.Int32(), false)

function encodeChunk(
  col: BlockColumn,
  index: number,
  rowCount: number,
): { bytes: Uint8Array; rawLen: number } {
  // Arrow stores names as UTF-8: keep them well-formed (the header JSON keeps the exact name).
  const base = arrowFieldFor(wellFormed(col.field), col.type, index)
  const field = base.clone({ type: col.vector.type })
  if (!fieldMatchesType(field, col.type)) {
    throw new Error(`encodeBlock: column ${col.field} holds ${String(col.vector.type)}, not ${col.type}`)
  }
  const data = col.vector.data[0]
  const positions = col.positions
  // A sparse column is a two-column batch, one row per value: positions, then the values.
  const schema = new arrow.Schema(positions === undefined ? [field] : [POSITIONS_FIELD, field])
  const children =
    positions === undefined
      ? [data]
      : [
          arrow.makeData({
            type: new arrow.Int32(),
            length: positions.length,
            nullCount: 0,
            data: positions,
          }),
          data,
        ]
  const struct = arrow.makeData({
    type: new arrow.Struct(schema.fields),
    length: positions === undefined ? rowCount : positions.length,
    nullCount: 0,
    children,
  })
  const ipc = arrow.tableToIPC(new arrow.Table(new arrow.RecordBatch(schema, struct)), 'stream')
  const bytes = compressSync(Buffer.from(ipc.buffer, ipc.byteOffset, ipc.byteLength))
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), rawLen: ipc.byteLength }
}
