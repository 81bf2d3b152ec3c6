// storage/block/header.ts: the block header (JSON between prefix and header CRC): its type, its
// serialization, and a defensive parse that turns any wrong shape into BlockCorruptError.
import { crc32 } from 'node:zlib'
import { FIELD_TYPES, type FieldType } from '../types.ts'
import { BlockCorruptError } from './errors.ts'
import { BLOCK_PREFIX_BYTES, HEADER_CRC_BYTES, readHeaderLength, readU32 } from './framing.ts'
import { SYS_TIME_FIELD, TIME_FIELD } from './time-columns.ts'

/** Header `formatVersion` of a block whose columns are all dense (byte for byte what format 1 was). */
export const BLOCK_FORMAT_VERSION = 1
/** Header `formatVersion` of a block holding a sparse column (format.md "Sparse columns"). */
export const BLOCK_FORMAT_VERSION_SPARSE = 2

/** The header versions this reader accepts. */
export type BlockFormatVersion = typeof BLOCK_FORMAT_VERSION | typeof BLOCK_FORMAT_VERSION_SPARSE

/** Where one column's compressed chunk lives in the body, and how to check it. */
export interface ColumnEntry {
  readonly field: string
  readonly type: FieldType
  /** Byte offset of the chunk from the start of the body. */
  readonly offset: number
  /** Compressed chunk size, bytes. */
  readonly length: number
  /** Uncompressed (Arrow IPC stream) size, bytes. */
  readonly rawLen: number
  /** CRC32 (zlib) of the compressed chunk bytes. */
  readonly crc32: number
  /** True when the chunk holds (positions, values) of the rows with a value (formatVersion 2 only). */
  readonly sparse?: true
}

/** A parsed block header. Everything but `bodyOffset` is stored in the header JSON. */
export interface BlockHeader {
  readonly formatVersion: BlockFormatVersion
  readonly blockId: string
  readonly dataset: string
  readonly rowCount: number
  /** Inclusive `_time` bounds, epoch ns as decimal strings ('0' when rowCount is 0). */
  readonly minTime: string
  readonly maxTime: string
  /** Ingest sequence number of the block's first event. */
  readonly firstSeq: number
  /** Hex hash of the ordered (field, type) column list. */
  readonly schemaFingerprint: string
  readonly codec: 'lz4'
  /** Sum of the columns' rawLen, bytes. */
  readonly rawLen: number
  /** Body size (sum of the columns' length), bytes. */
  readonly bodyLen: number
  readonly columns: readonly ColumnEntry[]
  /** Derived, not stored: file offset of the body (prefix + header JSON + header CRC), bytes. */
  readonly bodyOffset: number
}

/** The header JSON as UTF-8 bytes (`bodyOffset` is left out: it follows from the JSON's length). */
export function serializeHeader(header: Omit<BlockHeader, 'bodyOffset'>): Uint8Array {
  const { formatVersion, blockId, dataset, rowCount, minTime, maxTime, firstSeq } = header
  const { schemaFingerprint, codec, rawLen, bodyLen, columns } = header
  const json = JSON.stringify({
    formatVersion,
    blockId,
    dataset,
    rowCount,
    minTime,
    maxTime,
    firstSeq,
    schemaFingerprint,
    codec,
    rawLen,
    bodyLen,
    columns: columns.map(({ field, type, offset, length, rawLen, crc32, sparse }) =>
      sparse === true
        ? { field, type, offset, length, rawLen, crc32, sparse }
        : { field, type, offset, length, rawLen, crc32 },
    ),
  })
  return new TextEncoder().encode(json)
}

/**
 * Parses the bytes from the file start through the header CRC (more may follow): checks the magic,
 * the CRC32 of prefix + JSON, the UTF-8, and the shape. Throws BlockCorruptError on any failure.
 */
export function parseHeader(bytes: Uint8Array): BlockHeader {
  const headerLen = readHeaderLength(bytes)
  const end = BLOCK_PREFIX_BYTES + headerLen
  if (bytes.length < end + HEADER_CRC_BYTES) throw new BlockCorruptError('file ends inside the header')
  if (crc32(bytes.subarray(0, end)) !== readU32(bytes, end))
    throw new BlockCorruptError('header crc mismatch')
  let json: unknown
  try {
    json = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(BLOCK_PREFIX_BYTES, end)),
    )
  } catch {
    throw new BlockCorruptError('header is not UTF-8 JSON')
  }
  return validateHeader(json, end + HEADER_CRC_BYTES)
}

const DECIMAL = /^-?(0|[1-9][0-9]{0,18})$/
const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
}

function isInt64Text(v: unknown): v is string {
  if (typeof v !== 'string' || !DECIMAL.test(v)) return false
  const b = BigInt(v)
  return b >= INT64_MIN && b <= INT64_MAX
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function validateHeader(h: unknown, bodyOffset: number): BlockHeader {
  if (!isObject(h)) throw new BlockCorruptError('header is not an object')
  const blockId = typeof h.blockId === 'string' ? h.blockId : undefined
  const fail = (what: string): never => {
    throw new BlockCorruptError(`header ${what}`, blockId)
  }
  const version = h.formatVersion
  if (version !== BLOCK_FORMAT_VERSION && version !== BLOCK_FORMAT_VERSION_SPARSE)
    fail(`formatVersion ${String(version)} unsupported`)
  if (blockId === undefined || blockId === '') fail('blockId missing')
  if (typeof h.dataset !== 'string' || h.dataset === '') fail('dataset missing')
  if (!isCount(h.rowCount)) fail('rowCount invalid')
  if (!isInt64Text(h.minTime) || !isInt64Text(h.maxTime)) fail('minTime/maxTime invalid')
  if (BigInt(h.minTime as string) > BigInt(h.maxTime as string)) fail('minTime > maxTime')
  if (!isCount(h.firstSeq)) fail('firstSeq invalid')
  if (typeof h.schemaFingerprint !== 'string') fail('schemaFingerprint invalid')
  if (h.codec !== 'lz4') fail(`codec ${String(h.codec)} unsupported`)
  if (!isCount(h.rawLen) || !isCount(h.bodyLen)) fail('rawLen/bodyLen invalid')
  if (!Array.isArray(h.columns)) fail('columns is not an array')
  const sparseAllowed = version === BLOCK_FORMAT_VERSION_SPARSE
  const columns = validateColumns(
    h.columns as unknown[],
    h.bodyLen as number,
    h.rawLen as number,
    fail,
    sparseAllowed,
  )
  return {
    formatVersion: version as BlockFormatVersion,
    blockId: blockId as string,
    dataset: h.dataset as string,
    rowCount: h.rowCount as number,
    minTime: h.minTime as string,
    maxTime: h.maxTime as string,
    firstSeq: h.firstSeq as number,
    schemaFingerprint: h.schemaFingerprint as string,
    codec: 'lz4',
    rawLen: h.rawLen as number,
    bodyLen: h.bodyLen as number,
    columns,
    bodyOffset,
  }
}

function validateColumns(
  raw: readonly unknown[],
  bodyLen: number,
  rawLen: number,
  fail: (what: string) => never,
  sparseAllowed: boolean,
): ColumnEntry[] {
  const columns: ColumnEntry[] = []
  const seen = new Set<string>()
  let offset = 0
  let raws = 0
  for (const c of raw) {
    if (!isObject(c)) return fail('column entry is not an object')
    const { field, type } = c
    if (typeof field !== 'string' || !FIELD_TYPES.includes(type as FieldType))
      fail('column field/type invalid')
    const key = `${String(type)}\u0000${String(field)}`
    if (seen.has(key)) fail(`duplicate column ${String(field)}/${String(type)}`)
    seen.add(key)
    if (c.offset !== offset) fail(`column ${String(field)} offset not contiguous`)
    if (!isCount(c.length) || !isCount(c.rawLen)) fail(`column ${String(field)} lengths invalid`)
    if (typeof c.crc32 !== 'number' || !Number.isInteger(c.crc32) || c.crc32 < 0 || c.crc32 > 0xffffffff) {
      fail(`column ${String(field)} crc32 invalid`)
    }
    if (c.sparse !== undefined && (c.sparse !== true || !sparseAllowed || type === 'datetime'))
      fail(`column ${String(field)} sparse flag invalid`)
    const entry: ColumnEntry = {
      field: field as string,
      type: type as FieldType,
      offset,
      length: c.length as number,
      rawLen: c.rawLen as number,
      crc32: c.crc32 as number,
      ...(c.sparse === true ? { sparse: true as const } : {}),
    }
    columns.push(entry)
    offset += entry.length
    raws += entry.rawLen
  }
  if (offset !== bodyLen) fail('columns do not add up to bodyLen')
  if (raws !== rawLen) fail('columns do not add up to rawLen')
  const [time, sysTime] = columns
  if (time?.field !== TIME_FIELD || time.type !== 'datetime' || sysTime?.field !== SYS_TIME_FIELD) {
    fail('first columns must be _time and _sysTime')
  }
  if (sysTime.type !== 'datetime') fail('_sysTime must be datetime')
  return columns
}
