// service/token-types.ts: the wire shapes of API tokens (api-contract.md §5) and the stored record.
// Types only. The stored record holds the secret's SHA-256 and never the secret.
import type { DatasetCapabilityMap, OrgCapabilities } from './capabilities.ts'

/** A token as GET and list return it: no secret, ever. */
export interface APIToken {
  id: string
  name: string
  description: string
  /** RFC 3339 UTC, whole seconds; absent when the token never expires. */
  expiresAt?: string
  datasetCapabilities: DatasetCapabilityMap
  orgCapabilities: OrgCapabilities
  samlAuthenticated: boolean
}

/** A token with its secret: only create and regenerate answer this, once. */
export type CreatedToken = APIToken & { token: string }

/** `POST /v2/tokens` body. `expiresAt`: RFC 3339; absent, null or Go's zero time = never. */
export interface CreateTokenRequest {
  name: string
  description?: string
  expiresAt?: string | null
  datasetCapabilities?: DatasetCapabilityMap | null
  orgCapabilities?: OrgCapabilities | null
}

/** `POST /v2/tokens/{id}/regenerate` body. */
export interface RegenerateTokenRequest {
  /** When the old secret stops working (RFC 3339, required). */
  existingTokenExpiresAt: string
  /** Expiry of the new token when it is cloned from the old one. */
  newTokenExpiresAt?: string | null
  /** The new token's settings; absent = clone the old token's name, description and capabilities. */
  newToken?: CreateTokenRequest
}

/** One stored token (document `tokens`). */
export interface TokenRecord {
  id: string
  name: string
  description: string
  /** Epoch ns as a decimal string; absent = never expires. */
  expiresAtNs?: string
  datasetCapabilities: DatasetCapabilityMap
  orgCapabilities: OrgCapabilities
  /** SHA-256 of the secret, hex. */
  secretHash: string
  /** RFC 3339. */
  createdAt: string
}

/** The `tokens` document. */
export interface TokensDoc {
  version: 1
  /** The generated root token's hash (absent when none was generated). */
  root?: { secretHash: string; createdAt: string }
  tokens: TokenRecord[]
}
