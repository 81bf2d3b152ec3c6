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
import { BLOCK_FORMAT_VERSION, type BlockHeader, type ColumnEntry, serializeHeader } from './header.ts'
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
    })
    bodyLen += bytes.length
    rawLen += raw
  })
  const fields = {
    formatVersion: BLOCK_FORMAT_VERSION,
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
    if (col.vector.length !== batch.rowCount || col.vector.data.length !== 1) {
      throw new Error(
        `encodeBlock: column ${col.field}/${col.type} is not one chunk of ${batch.rowCount} rows`,
      )
    }
  }
}

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
  const schema = new arrow.Schema([field])
  const data = col.vector.data[0]
  const struct = arrow.makeData({
    type: new arrow.Struct(schema.fields),
    length: rowCount,
    nullCount: 0,
    children: [data],
  })
  const ipc = arrow.tableToIPC(new arrow.Table(new arrow.RecordBatch(schema, struct)), 'stream')
  const bytes = compressSync(Buffer.from(ipc.buffer, ipc.byteOffset, ipc.byteLength))
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), rawLen: ipc.byteLength }
}
