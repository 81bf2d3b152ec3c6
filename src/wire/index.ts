// wire/index.ts: the wire-format surface for the HTTP layer and in-process callers: tabular and
// legacy shapes of a `QueryResult`, the legacy structured query's result, the bigint-safe serializer,
// and the shared cell helpers. Re-exports only.

export {
  GO_ZERO_TIME,
  ROW_ID_FIELD,
  wireCell,
  wireColumn,
  wireFieldType,
  wireNumber,
  wireTime,
} from './cells.ts'
export { FormatError, type FormatErrorCode } from './errors.ts'
export { MAX_WIRE_CHARS, stringifyWire, stringifyWireChunks, WireTooLarge } from './json.ts'
export { TOTALS_TABLE, toLegacy } from './legacy-format.ts'
export { syntheticRowId } from './legacy-matches.ts'
export { type AggregateShape, aggregateResult, matchesResult } from './legacy-result.ts'
export type {
  LegacyResponse,
  LegacyResult,
  LegacyStatus,
  WireEntry,
  WireEntryGroup,
  WireEntryGroupAgg,
  WireInterval,
} from './legacy-types.ts'
export { GO_MESSAGE_CODES, GO_MESSAGE_PRIORITIES, isGoMessageCode, toWireStatus } from './status.ts'
export { toTabular, toTabularSliced, toWireTable } from './tabular.ts'
export type { TabularResponse, WireAgg, WireField, WireTable } from './tabular-types.ts'
export type { FormatOptions, WireCell, WireFieldMeta, WireMessage, WireNumber, WireStatus } from './types.ts'
