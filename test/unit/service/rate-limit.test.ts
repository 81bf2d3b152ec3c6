// Fixed-window rate limiting with an injected clock, and the header families of a 429.
import { describe, expect, it } from 'vitest'
import { RateLimiter, rateHeaders } from '../../../src/service/rate-limit.ts'

describe('rate limiter', () => {
  it('counts per key per window and resets at the window edge', () => {
    let now = 60_000
    const rl = new RateLimiter({ limit: 2, windowMs: 60_000 }, () => now)
    expect([
      rl.take('a', 'user').allowed,
      rl.take('a', 'user').allowed,
      rl.take('a', 'user').allowed,
    ]).toEqual([true, true, false])
    expect(rl.take('b', 'anonymous')).toMatchObject({ allowed: true, remaining: 1, reset: 120 })
    now = 120_000
    expect(rl.take('a', 'user')).toMatchObject({ allowed: true, remaining: 1, reset: 180 })
  })

  it('a 429 adds the route family and Retry-After to the four X-RateLimit headers', () => {
    const d = {
      allowed: false,
      scope: 'user' as const,
      limit: 5,
      remaining: 0,
      reset: Math.floor(Date.now() / 1000) + 30,
    }
    expect(Object.keys(rateHeaders(d, 'ingest')).sort()).toEqual([
      'retry-after',
      'x-ingestlimit-limit',
      'x-ingestlimit-remaining',
      'x-ingestlimit-reset',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-ratelimit-scope',
    ])
    expect(Object.keys(rateHeaders({ ...d, allowed: true }, 'query'))).toHaveLength(4)
  })

  it('refuses a nonsensical limit', () => {
    expect(() => new RateLimiter({ limit: 0 })).toThrow(/limit/)
  })
})
