// service/root-token.ts: the bootstrap root token. It holds every capability; only its SHA-256 is
// kept (in memory for a configured one, in the `tokens` document for a generated one). Matching
// goes through the one constant-time helper; the secret itself is never stored here.
import type { Principal } from './capabilities.ts'
import { badRequest } from './service-error.ts'
import { hashesEqual, hashSecret } from './token-secret.ts'

/** The root token's hash and the principal it authenticates as. */
export class RootToken {
  /** The principal of the root token: every capability, on every dataset. */
  static readonly principal: Principal = Object.freeze({
    id: 'root',
    name: 'root',
    root: true,
    datasetCapabilities: {},
    orgCapabilities: {},
  })

  readonly #hash: string

  private constructor(hash: string) {
    this.#hash = hash
  }

  /** A root token configured by the caller (options or `APLDB_ROOT_TOKEN`). */
  static configured(secret: string): RootToken {
    if (secret.trim() !== secret || secret.length < 8 || /\s/.test(secret)) {
      throw badRequest(
        'invalid_root_token',
        'the root token must be at least 8 characters without whitespace (Axiom clients also expect the xaat- prefix)',
      )
    }
    return new RootToken(hashSecret(secret))
  }

  /** A generated root token, known by its persisted hash. */
  static fromHash(hash: string): RootToken {
    return new RootToken(hash)
  }

  /** True when `hash` (SHA-256 hex of a presented secret) is the root token's. */
  matches(hash: string): boolean {
    return hashesEqual(this.#hash, hash)
  }
}
