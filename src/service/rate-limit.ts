// service/rate-limit.ts: an optional fixed-window request limit per token (per client address for
// requests without a valid token) and the `X-RateLimit-*` headers Axiom's clients read (api-contract
// §8): Scope, Limit, Remaining and Reset (epoch seconds), all four on every 429.

/** Rate-limit settings. */
export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  readonly limit: number
  /** Window length, ms (default 60,000). */
  readonly windowMs?: number
}

/** One request's standing against its limit. */
export interface RateDecision {
  readonly allowed: boolean
  /** `user` for a token, `anonymous` for a client without a valid one. */
  readonly scope: 'user' | 'anonymous'
  readonly limit: number
  readonly remaining: number
  /** When the window ends, epoch seconds. */
  readonly reset: number
}

interface Window {
  start: number
  count: number
}

/** Fixed-window counters (see module header). */
export class RateLimiter {
  readonly #limit: number
  readonly #windowMs: number
  readonly #nowMs: () => number
  readonly #windows = new Map<string, Window>()

  constructor(opts: RateLimitOptions, nowMs: () => number = Date.now) {
    if (!Number.isSafeInteger(opts.limit) || opts.limit < 1) throw new Error('rateLimit.limit must be ≥ 1')
    const w = opts.windowMs ?? 60_000
    if (!Number.isSafeInteger(w) || w < 1) throw new Error('rateLimit.windowMs must be ≥ 1')
    this.#limit = opts.limit
    this.#windowMs = w
    this.#nowMs = nowMs
  }

  /** Counts one request of `key` and says whether it may proceed. */
  take(key: string, scope: RateDecision['scope']): RateDecision {
    const now = this.#nowMs()
    const start = now - (now % this.#windowMs)
    let w = this.#windows.get(key)
    if (!w || w.start !== start) {
      if (this.#windows.size > 10_000) this.#sweep(start)
      w = { start, count: 0 }
      this.#windows.set(key, w)
    }
    w.count++
    return {
      allowed: w.count <= this.#limit,
      scope,
      limit: this.#limit,
      remaining: Math.max(0, this.#limit - w.count),
      reset: Math.ceil((start + this.#windowMs) / 1000),
    }
  }

  #sweep(current: number): void {
    for (const [k, w] of this.#windows) if (w.start !== current) this.#windows.delete(k)
  }
}

/** The `X-RateLimit-*` headers of a decision (plus the route's own family on a 429). */
export function rateHeaders(d: RateDecision, family?: 'ingest' | 'query'): Record<string, string> {
  const h: Record<string, string> = {
    'x-ratelimit-scope': d.scope,
    'x-ratelimit-limit': String(d.limit),
    'x-ratelimit-remaining': String(d.remaining),
    'x-ratelimit-reset': String(d.reset),
  }
  if (!d.allowed) {
    h['retry-after'] = String(Math.max(1, d.reset - Math.floor(Date.now() / 1000)))
    // JS picks the header family by URL suffix: /ingest reads X-IngestLimit-*, /query X-QueryLimit-*.
    if (family === 'ingest') {
      h['x-ingestlimit-limit'] = String(d.limit)
      h['x-ingestlimit-remaining'] = '0'
      h['x-ingestlimit-reset'] = String(d.reset)
    } else if (family === 'query') {
      h['x-querylimit-limit'] = String(d.limit)
      h['x-querylimit-remaining'] = '0'
      h['x-querylimit-reset'] = String(d.reset)
    }
  }
  return h
}
