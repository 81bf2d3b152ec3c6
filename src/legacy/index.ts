// legacy/index.ts: the legacy structured query's public surface (api-contract.md §2): translate and bind
// a request (query/run-legacy.ts runs it), the request types and the error. Re-exports only.

export { type CompiledLegacy, type CompiledQuery, compileLegacy } from './compile.ts'
export { compileLegacyRequest } from './compile-request.ts'
export { continuationToken } from './cursor.ts'
export { LEGACY_ERROR_CODES, LegacyError, type LegacyErrorCode } from './errors.ts'
export { legacyRequestFromApl } from './from-apl.ts'
export { DEFAULT_LEGACY_LIMIT, type NormalizeOptions, normalizeRequest } from './request.ts'
export { type LegacyTranslation, translateLegacy } from './translate.ts'
export type {
  LegacyAggregation,
  LegacyFilter,
  LegacyOrder,
  LegacyProjection,
  LegacyVirtualField,
  QueryRequest,
} from './types.ts'
