// storage/block/framing.ts: the fixed-size parts of a block file (prefix, trailer) and their
// checks. Pure functions over bytes; see format.md for the layout.
import { BlockCorruptError } from './errors.ts'
import type { BlockHeader } from './header.ts'

/** File magic, "APLBLK\0\1" (the last byte is the framing version). */
export const BLOCK_MAGIC = Uint8Array.from([0x41, 0x50, 0x4c, 0x42, 0x4c, 0x4b, 0x00, 0x01])
/** Trailer magic, "BLKEND\0\1". */
export const BLOCK_END_MAGIC = Uint8Array.from([0x42, 0x4c, 0x4b, 0x45, 0x4e, 0x44, 0x00, 0x01])
/** Bytes before the header JSON: magic (8) + headerLen u32 LE (4). */
export const BLOCK_PREFIX_BYTES = 12
/** Bytes of the header CRC that follows the header JSON. */
export const HEADER_CRC_BYTES = 4
/** Bytes of the trailer: bodyCrc32 u32 + bodyLen u64 + rawLen u64 + magic (8), all LE. */
export const BLOCK_TRAILER_BYTES = 28
/** Largest header accepted (bytes): a flipped length must not make a reader allocate gigabytes. */
export const MAX_HEADER_BYTES = 16 * 1024 * 1024

/** True when `bytes` at `at` holds `magic`. */
export function hasMagic(bytes: Uint8Array, at: number, magic: Uint8Array): boolean {
  if (at < 0 || at + magic.length > bytes.length) return false
  for (let i = 0; i < magic.length; i++) if (bytes[at + i] !== magic[i]) return false
  return true
}

/** Reads a u32 LE. */
export function readU32(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0
}

/** Writes a u32 LE. */
export function writeU32(bytes: Uint8Array, at: number, v: number): void {
  bytes[at] = v & 0xff
  bytes[at + 1] = (v >>> 8) & 0xff
  bytes[at + 2] = (v >>> 16) & 0xff
  bytes[at + 3] = (v >>> 24) & 0xff
}

/** Reads a u64 LE as a number, or -1 when it exceeds 2^53 − 1 (no valid length does). */
export function readU64(bytes: Uint8Array, at: number): number {
  const lo = readU32(bytes, at)
  const hi = readU32(bytes, at + 4)
  return hi >= 0x200000 ? -1 : hi * 4294967296 + lo
}

/** Writes a non-negative safe integer as u64 LE. */
export function writeU64(bytes: Uint8Array, at: number, v: number): void {
  writeU32(bytes, at, v % 4294967296)
  writeU32(bytes, at + 4, Math.floor(v / 4294967296))
}

/** Validates the magic of a block prefix (≥ BLOCK_PREFIX_BYTES) and returns the header JSON length. */
export function readHeaderLength(prefix: Uint8Array): number {
  if (prefix.length < BLOCK_PREFIX_BYTES) throw new BlockCorruptError('file shorter than the block prefix')
  if (!hasMagic(prefix, 0, BLOCK_MAGIC)) throw new BlockCorruptError('bad block magic')
  const headerLen = readU32(prefix, 8)
  if (headerLen < 2 || headerLen > MAX_HEADER_BYTES) {
    throw new BlockCorruptError(`header length ${headerLen} out of range`)
  }
  return headerLen
}

/**
 * Checks the last BLOCK_TRAILER_BYTES of a file against its parsed header: trailer magic, then
 * bodyLen/rawLen, then the file size. Returns the body CRC32 the trailer records.
 */
export function verifyTrailer(trailer: Uint8Array, header: BlockHeader, fileSize: number): number {
  const id = header.blockId
  if (trailer.length !== BLOCK_TRAILER_BYTES) throw new BlockCorruptError('trailer is not 28 bytes', id)
  if (!hasMagic(trailer, 20, BLOCK_END_MAGIC)) throw new BlockCorruptError('bad trailer magic', id)
  if (readU64(trailer, 4) !== header.bodyLen) throw new BlockCorruptError('trailer bodyLen != header', id)
  if (readU64(trailer, 12) !== header.rawLen) throw new BlockCorruptError('trailer rawLen != header', id)
  const expected = header.bodyOffset + header.bodyLen + BLOCK_TRAILER_BYTES
  if (fileSize !== expected)
    throw new BlockCorruptError(`file is ${fileSize} bytes, header says ${expected}`, id)
  return readU32(trailer, 0)
}
