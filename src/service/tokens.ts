// service/tokens.ts: API tokens (api-contract.md §5, DESIGN.md §8): create, get, list, delete and
// regenerate, persisted as SHA-256 hashes one record per token in the store collection `tokens`
// (the document `tokens` keeps the generated root's hash; older stores' token lists are split on
// open), and authentication of a bearer secret (expiry checked on every call). Secrets leave only
// through create and regenerate.
import { randomBytes } from 'node:crypto'
import type { DocsPort } from '../query/backend.ts'
import type { RecordCollection } from '../storage/doc-collection.ts'
import { checkDatasetCapabilities, checkOrgCapabilities, covers, type Principal } from './capabilities.ts'
import { RootToken } from './root-token.ts'
import { Serial } from './serial.ts'
import { badRequest, forbidden, notFound, ServiceError } from './service-error.ts'
import { formatSeconds, formatTime, optionalTime, truncateToSeconds } from './time-input.ts'
import { hashesEqual, hashSecret, mintSecret } from './token-secret.ts'
import type {
  APIToken,
  CreatedToken,
  CreateTokenRequest,
  RegenerateTokenRequest,
  TokenRecord,
  TokensDoc,
} from './token-types.ts'

const DOC = 'tokens'
const ENCODER = new TextEncoder()
const DECODER = new TextDecoder()

function encode(r: TokenRecord): Uint8Array {
  return ENCODER.encode(JSON.stringify(r))
}
const MAX_NAME = 256
const MAX_DESCRIPTION = 1024

/** The public view of a stored token (no hash, no secret). */
function toApi(r: TokenRecord): APIToken {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    ...(r.expiresAtNs !== undefined ? { expiresAt: formatSeconds(BigInt(r.expiresAtNs)) } : {}),
    datasetCapabilities: r.datasetCapabilities,
    orgCapabilities: r.orgCapabilities,
    samlAuthenticated: false,
  }
}

function text(field: string, v: unknown, max: number, required: boolean): string {
  if (v === undefined || v === null) {
    if (required) throw badRequest('invalid_token_request', `${field} is required`)
    return ''
  }
  if (typeof v !== 'string') throw badRequest('invalid_token_request', `${field} must be a string`)
  if (required && v.trim() === '') throw badRequest('invalid_token_request', `${field} must not be empty`)
  if (v.length > max) throw badRequest('invalid_token_request', `${field} is longer than ${max} characters`)
  return v
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Expiry in whole seconds (the stable form every response echoes), as a decimal ns string. */
function expiryNs(field: string, v: unknown): string | undefined {
  const ns = optionalTime(field, v, 'invalid_token_request')
  if (ns === undefined) return undefined
  return truncateToSeconds(ns).toString()
}

/** Every token record of `records`. */
async function readRecords(records: RecordCollection): Promise<TokenRecord[]> {
  const tokens: TokenRecord[] = []
  for (const [id, bytes] of await records.readAll()) {
    try {
      tokens.push(JSON.parse(DECODER.decode(bytes)) as TokenRecord)
    } catch {
      throw new ServiceError(500, 'tokens_corrupt', `token record ${id} is not valid JSON`)
    }
  }
  return tokens
}

/** API tokens of one store (see module header). */
export class Tokens {
  readonly #records: RecordCollection
  readonly #now: () => bigint
  readonly #serial = new Serial()
  readonly #byId = new Map<string, TokenRecord>()
  readonly #byHash = new Map<string, TokenRecord>()
  readonly #root: RootToken

  private constructor(
    records: RecordCollection,
    now: () => bigint,
    tokens: Iterable<TokenRecord>,
    root: RootToken,
  ) {
    this.#records = records
    this.#now = now
    this.#root = root
    for (const r of tokens) this.#index(r)
  }

  /**
   * Loads the `tokens` document. The root token comes from `rootToken` when given; otherwise the
   * persisted generated one is used, or a new one is generated, persisted (hash only) and its
   * secret returned once as `rootTokenSecret`.
   */
  static async open(
    docs: DocsPort,
    now: () => bigint,
    rootToken: string | undefined,
  ): Promise<{ tokens: Tokens; rootTokenSecret: string | undefined }> {
    let doc = await docs.readJson<TokensDoc>(DOC, { version: 1, tokens: [] })
    if (doc.version !== 1 || !Array.isArray(doc.tokens)) {
      throw new ServiceError(500, 'tokens_corrupt', 'the tokens document has an unknown shape')
    }
    const records = docs.collection(DOC)
    if (doc.tokens.length > 0) {
      // Each record durable first, then the list leaves the document: a crash in between splits it again.
      for (const r of doc.tokens) await records.put(r.id, encode(r))
      doc = { ...doc, tokens: [] }
      await docs.writeJson(DOC, doc)
    }
    const tokens = await readRecords(records)
    if (rootToken !== undefined) {
      return {
        tokens: new Tokens(records, now, tokens, RootToken.configured(rootToken)),
        rootTokenSecret: undefined,
      }
    }
    if (doc.root) {
      return {
        tokens: new Tokens(records, now, tokens, RootToken.fromHash(doc.root.secretHash)),
        rootTokenSecret: undefined,
      }
    }
    const secret = mintSecret()
    const next: TokensDoc = { ...doc, root: { secretHash: hashSecret(secret), createdAt: formatTime(now()) } }
    await docs.writeJson(DOC, next)
    return {
      tokens: new Tokens(records, now, tokens, RootToken.fromHash(next.root!.secretHash)),
      rootTokenSecret: secret,
    }
  }

  /** The principal a bearer secret stands for, or undefined (unknown, malformed or expired). */
  authenticate(secret: string | undefined): Principal | undefined {
    if (secret === undefined || secret === '' || secret.length > 512) return undefined
    const hash = hashSecret(secret)
    if (this.#root.matches(hash)) return RootToken.principal
    const r = this.#byHash.get(hash)
    // The map finds the candidate by hash; the comparison itself is constant-time.
    if (!r || !hashesEqual(r.secretHash, hash)) return undefined
    if (r.expiresAtNs !== undefined && BigInt(r.expiresAtNs) <= this.#now()) return undefined
    return {
      id: r.id,
      name: r.name,
      root: false,
      datasetCapabilities: r.datasetCapabilities,
      orgCapabilities: r.orgCapabilities,
    }
  }

  /** Every token (expired ones included, with their `expiresAt`), sorted by name then id. */
  async list(): Promise<APIToken[]> {
    return [...this.#byId.values()]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(toApi)
  }

  /** One token; 404 `token_not_found` when unknown. */
  async get(id: string): Promise<APIToken> {
    return toApi(this.#find(id))
  }

  /**
   * Creates a token and returns it with its secret (the only time the secret is seen). `by` is
   * the creator: a token can only grant capabilities it holds (403 otherwise). Omitted: root.
   */
  async create(req: CreateTokenRequest, by?: Principal): Promise<CreatedToken> {
    const record = this.#validate(req, by)
    return this.#serial.run(async () => {
      const secret = mintSecret()
      const r: TokenRecord = { ...record, id: newId(), secretHash: hashSecret(secret) }
      await this.#persist(r)
      return { ...toApi(r), token: secret }
    })
  }

  /** Deletes a token; 404 when unknown. */
  delete(id: string): Promise<void> {
    return this.#serial.run(async () => {
      const r = this.#find(id)
      await this.#records.delete(id)
      this.#byId.delete(id)
      this.#byHash.delete(r.secretHash)
    })
  }

  /**
   * Issues a new token (new id and secret) in place of `id`: the old secret keeps working until
   * `existingTokenExpiresAt` (or its own earlier expiry). Without `newToken`, the new one clones the
   * old token's name, description and capabilities and expires at `newTokenExpiresAt`. Either way
   * the caller `by` must hold every capability the new token gets (403 otherwise).
   */
  async regenerate(id: string, req: RegenerateTokenRequest, by?: Principal): Promise<CreatedToken> {
    if (!isObject(req)) throw badRequest('invalid_token_request', 'the request body must be a JSON object')
    if (req.existingTokenExpiresAt === undefined || req.existingTokenExpiresAt === null) {
      throw badRequest('invalid_token_request', 'existingTokenExpiresAt is required (RFC 3339)')
    }
    const oldExpiry = expiryNs('existingTokenExpiresAt', req.existingTokenExpiresAt)
    return this.#serial.run(async () => {
      const old = this.#find(id)
      const fields =
        req.newToken !== undefined && req.newToken !== null
          ? this.#validate(req.newToken, by)
          : {
              name: old.name,
              description: old.description,
              datasetCapabilities: old.datasetCapabilities,
              orgCapabilities: old.orgCapabilities,
              createdAt: formatTime(this.#now()),
              ...withExpiry(expiryNs('newTokenExpiresAt', req.newTokenExpiresAt)),
            }
      // A clone is a new grant too: the caller must hold what it carries.
      if (by && !covers(by, fields.datasetCapabilities, fields.orgCapabilities)) {
        throw forbidden('a token can only grant capabilities that the calling token holds itself')
      }
      const secret = mintSecret()
      const r: TokenRecord = { ...fields, id: newId(), secretHash: hashSecret(secret) }
      const updatedOld: TokenRecord = { ...old }
      // Regenerating may shorten the old secret's life, never extend it.
      const keep =
        old.expiresAtNs !== undefined &&
        (oldExpiry === undefined || BigInt(old.expiresAtNs) < BigInt(oldExpiry))
      if (!keep) {
        delete updatedOld.expiresAtNs
        Object.assign(updatedOld, withExpiry(oldExpiry))
      }
      // The new token first: a crash between the two writes leaves the old one as it was.
      await this.#persist(r)
      await this.#persist(updatedOld)
      return { ...toApi(r), token: secret }
    })
  }

  #validate(req: CreateTokenRequest, by: Principal | undefined): Omit<TokenRecord, 'id' | 'secretHash'> {
    if (!isObject(req)) throw badRequest('invalid_token_request', 'the request body must be a JSON object')
    const datasetCapabilities = checkDatasetCapabilities(req.datasetCapabilities)
    const orgCapabilities = checkOrgCapabilities(req.orgCapabilities)
    if (by && !covers(by, datasetCapabilities, orgCapabilities)) {
      throw forbidden('a token can only grant capabilities that the calling token holds itself')
    }
    return {
      name: text('name', req.name, MAX_NAME, true),
      description: text('description', req.description, MAX_DESCRIPTION, false),
      datasetCapabilities,
      orgCapabilities,
      createdAt: formatTime(this.#now()),
      ...withExpiry(expiryNs('expiresAt', req.expiresAt)),
    }
  }

  #find(id: string): TokenRecord {
    const r = this.#byId.get(id)
    if (!r) throw notFound('token_not_found', `token ${JSON.stringify(id)} not found`)
    return r
  }

  /**
   * Re-reads the `tokens` collection (a store shared by several front ends: a token another one
   * created or deleted counts here from the next request on).
   */
  reload(): Promise<void> {
    return this.#serial.run(async () => {
      const tokens = await readRecords(this.#records)
      this.#byId.clear()
      this.#byHash.clear()
      for (const r of tokens) this.#index(r)
    })
  }

  #index(r: TokenRecord): void {
    this.#byId.set(r.id, r)
    this.#byHash.set(r.secretHash, r)
  }

  /** Writes one token's record durably, then indexes it (its hash never changes). */
  async #persist(r: TokenRecord): Promise<void> {
    await this.#records.put(r.id, encode(r))
    this.#index(r)
  }
}

function withExpiry(ns: string | undefined): { expiresAtNs?: string } {
  return ns === undefined ? {} : { expiresAtNs: ns }
}

function newId(): string {
  return 'tok_' + randomBytes(12).toString('hex')
}
