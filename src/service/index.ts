// service/index.ts: the public surface of the transport-free API service (tokens, annotations,
// capabilities, the route table, `createService`). Re-exports only.

export { type AdmissionOptions, BusyError } from './admission.ts'
export type { Annotation, CreateAnnotationRequest, UpdateAnnotationRequest } from './annotation-fields.ts'
export type { AnnotationFilter } from './annotation-filter.ts'
export { parseAnnotationFilter } from './annotation-filter.ts'
export type { Annotations } from './annotations.ts'
export {
  type Action,
  ALL_DATASETS,
  DATASET_CAPABILITIES,
  type DatasetCapabilities,
  type DatasetCapabilityMap,
  type DatasetCapKey,
  ORG_CAPABILITIES,
  type OrgCapabilities,
  type OrgCapKey,
  type Principal,
} from './capabilities.ts'
export { errorParts, errorResponse } from './error-response.ts'
export type { RateLimitOptions } from './rate-limit.ts'
export { ROUTES } from './route-table.ts'
export type {
  BodyBudget,
  BodyKind,
  Method,
  Requirement,
  Route,
  ServiceRequest,
  ServiceResponse,
} from './route-types.ts'
export type { MatchResult } from './router.ts'
export {
  createService,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_JSON_BODY_BYTES,
  Service,
  type ServiceOptions,
} from './service.ts'
export { payloadTooLarge, ServiceError } from './service-error.ts'
export { TOKEN_PREFIX } from './token-secret.ts'
export type { APIToken, CreatedToken, CreateTokenRequest, RegenerateTokenRequest } from './token-types.ts'
export type { Tokens } from './tokens.ts'
