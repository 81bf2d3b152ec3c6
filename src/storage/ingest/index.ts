// storage/ingest/index.ts: the ingest pipeline's public surface: raw input → raw events
// (parseInput) → normalized `FlatEvent`s (normalizeEvent), plus the limits and error type.

export { type CsvOptions, type CsvResult, parseCsv, typeCell } from './csv.ts'
export { IngestInputError, type IngestInputErrorCode } from './errors.ts'
export { type FlattenSink, flatBigint, flattenInto } from './flatten.ts'
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
  normalizeEvent,
  RESERVED_FIELD_NAMES,
  reservedRename,
} from './normalize.ts'
export { type IngestFormat, type ParsedInput, type ParseOptions, parseInput } from './parse-input.ts'
export { readTimestamp, type TimestampResult } from './timestamp.ts'
