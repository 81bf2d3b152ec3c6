// storage/ingest/index.ts: the ingest pipeline's public surface: raw input → raw events
// (parseInput) → normalized events, in columns (ChunkBuilder) or one at a time (normalizeEvent),
// plus the limits and error type.

export {
  CHUNK_MAX_COLUMNS,
  CHUNK_MAX_ROWS,
  ChunkBuilder,
  type ChunkConsumer,
  type ChunkFailure,
} from './chunk-builder.ts'
export { type CsvOptions, type CsvResult, parseCsv, typeCell } from './csv.ts'
export { IngestInputError, type IngestInputErrorCode } from './errors.ts'
export { FieldTarget, FlattenWalk, flatBigint, flattenInto, type LeafSink, PathNode } from './flatten.ts'
export {
  BINARY_VALUE,
  MAX_FIELD_NAME_BYTES,
  MAX_NESTING_DEPTH,
  MAX_STRING_BYTES,
  TOO_LONG_STRING,
  utf8ByteLength,
} from './limits.ts'
export {
  type NormalizeOptions,
  type NormalizeResult,
  newWalk,
  normalizeEvent,
  RESERVED_FIELD_NAMES,
  reservedRename,
} from './normalize.ts'
export {
  type IngestFormat,
  type ParsedInput,
  type ParseOptions,
  parseInput,
  parseInputSteps,
} from './parse-input.ts'
export { readTimestamp, type TimestampResult } from './timestamp.ts'
