// storage/block/index.ts: the block codec's public surface (build, assemble from WAL chunks,
// encode/decode, zone maps). Re-exports only; the store imports from here.
export { assembleBatch, type ChunkRange } from './assemble.ts'
export { bloomSizedFor } from './bloom.ts'
export {
  type BlockBatch,
  type BlockColumn,
  batchToEvents,
  buildBatch,
  columnValue,
  SYS_TIME_FIELD,
  TIME_FIELD,
} from './build.ts'
export {
  blockColumn,
  type DecodedColumn,
  decodeBlock,
  decodeColumnChunk,
  decodeStats,
  verifyBlock,
} from './decode.ts'
export { type EncodedBlock, type EncodeMeta, encodeBlock, schemaFingerprint } from './encode.ts'
export { BlockCorruptError } from './errors.ts'
export { type ChunkColumn, type ChunkColumnType, copyChunk, type EventChunk } from './event-chunk.ts'
export {
  BLOCK_PREFIX_BYTES,
  BLOCK_TRAILER_BYTES,
  MAX_HEADER_BYTES,
  readHeaderLength,
  verifyTrailer,
} from './framing.ts'
export { type BlockHeader, type ColumnEntry, parseHeader } from './header.ts'
export { isSparseCount, positionIndex, SPARSE_DENSITY_DIVISOR, SPARSE_MIN_ROWS } from './sparse.ts'
export { packUtf8IfWellFormed, unpackUtf8, utf8Strings } from './utf8.ts'
export { computeZoneMap, type ZoneColumn, type ZoneMap, zoneMayEqual, zoneMayHavePrefix } from './zone-map.ts'
