// service/route-types.ts: the transport-free request and response, what a route requires, and what
// its handler receives. Types only; the table itself is route-table.ts.
import type { ExternalReader } from '../exec/context.ts'
import type { AnyApldb as Apldb } from '../query/apldb.ts'
import type { Annotations } from './annotations.ts'
import type { Action, DatasetCapKey, OrgCapKey, Principal } from './capabilities.ts'
import type { Monitors } from './monitors/monitors-api.ts'
import type { Notifiers } from './monitors/notifiers-api.ts'
import type { Tokens } from './tokens.ts'

/** HTTP methods the API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A request as the service sees it (the HTTP adapter builds one per request). */
export interface ServiceRequest {
  readonly method: string
  /** Path without the query string, percent-encoded as received (`/v2/datasets/a%2Eb`). */
  readonly path: string
  readonly query?: URLSearchParams
  /** Header values by lower-case name. */
  readonly headers?: Readonly<Record<string, string | undefined>>
  /** The (decompressed) body, for in-process callers. */
  readonly body?: Uint8Array | string
  /**
   * Reads the (decompressed) body, refusing (413) past `limit` bytes. The service calls it only
   * after authenticating the request. Used instead of `body` by the HTTP adapter. With `budget`,
   * every decompressed chunk is taken from it before it is kept (reading pauses while it is spent).
   */
  readonly readBody?: (limit: number, budget?: BodyBudget) => Promise<Uint8Array>
  /** Aborted when the client goes away (queries stop at their next check). */
  readonly signal?: AbortSignal
  /** Client address, the rate-limit key of unauthenticated requests. */
  readonly remoteAddress?: string
}

/** A byte budget a body reader draws from (service/admission.ts `BodyReservation`). */
export interface BodyBudget {
  /** Takes `n` bytes now if it can. */
  tryTake(n: number): boolean
  /** Takes `n` bytes, waiting (bounded) for them; rejects with 429 when they do not come. */
  take(n: number): Promise<void>
}

/** A response: status, headers, and a JSON body (absent for 204). */
export interface ServiceResponse {
  readonly status: number
  readonly headers: Record<string, string>
  /** A JSON value; big integers may be `bigint` (serialize with `stringifyWire`). */
  readonly body?: unknown
}

/** What a handler returns. */
export interface Reply {
  readonly status: number
  readonly body?: unknown
  readonly headers?: Record<string, string>
}

/**
 * What a route requires of the caller's token. `dataset`: a capability on the dataset named by a
 * path parameter. `apl-read` / `apl-delete`: checked on every dataset the request's APL reads
 * (query read; data delete or org `datasets: update`) once the body is bound.
 */
export type Requirement =
  | { readonly kind: 'token' }
  | { readonly kind: 'org'; readonly cap: OrgCapKey; readonly action: Action }
  | {
      readonly kind: 'dataset'
      /** The path parameter naming the dataset… */
      readonly param: string
      /** …or, when set, the request header that names it (OTLP's `X-Axiom-Dataset`). */
      readonly header?: string
      readonly cap: DatasetCapKey
      readonly action: Action
    }
  | { readonly kind: 'apl-read' }
  | { readonly kind: 'apl-delete' }

/** Settings handlers read. */
export interface HandlerSettings {
  /** Query deadline, ms. */
  readonly queryDeadlineMs: number | undefined
  /** Reads `externaldata` sources as the server's options allow (ServiceOptions.externalData). */
  readonly readExternal: ExternalReader
}

/** What a handler gets: the store, the token, annotation, monitor and notifier stores, the caller, and the request. */
export interface RouteContext {
  readonly db: Apldb
  readonly tokens: Tokens
  readonly annotations: Annotations
  readonly monitors: Monitors
  readonly notifiers: Notifiers
  readonly principal: Principal
  /** Path parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly signal: AbortSignal | undefined
  readonly settings: HandlerSettings
  /** The body bytes (decompressed, within the route's limit); empty when there is none. */
  bytes(): Promise<Uint8Array>
  /** The body as JSON under the safe-json rules; undefined when empty. */
  json(): Promise<unknown>
}

/** Body kinds: none read, a small JSON document, or an ingest payload (the larger limit). */
export type BodyKind = 'none' | 'json' | 'ingest'

/** One row of the route table. */
export interface Route {
  /** Stable name, such as `datasets.get` (tests key their examples by it). */
  readonly id: string
  readonly method: Method
  /** Pattern with `{param}` segments, such as `/v2/datasets/{id}/trim`. */
  readonly path: string
  readonly requires: Requirement
  readonly body: BodyKind
  /** Limit header family added on a 429 besides `X-RateLimit-*`. */
  readonly limitFamily?: 'ingest' | 'query'
  readonly handler: (ctx: RouteContext) => Promise<Reply>
}
