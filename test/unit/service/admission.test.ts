// Admission control: a bounded number of queries run at once, the next ones wait in a bounded queue
// for a bounded time, then 429 with Retry-After; a deletion or trim runs ahead of queries that arrive
// meanwhile; the ingest byte budget is shared by all requests and given back.
import { describe, expect, it, vi } from 'vitest'
import { Admission, BusyError, DEFAULT_QUEUE_TIMEOUT_MS } from '../../../src/service/admission.ts'

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('Admission', () => {
  it('runs at most maxQueries at once; the next waits and enters when one leaves', async () => {
    const a = new Admission({ maxQueries: 2, queueTimeoutMs: 5_000 })
    const one = await a.enter('query')
    await a.enter('query')
    let third = false
    const waiting = a.enter('query').then(() => {
      third = true
    })
    await tick(10)
    expect(third).toBe(false)
    expect(a.stats()).toMatchObject({ queries: 2, queriesWaiting: 1 })
    one()
    await waiting
    expect(third).toBe(true)
  })

  it('a wait past queueTimeoutMs, or a full queue, is a 429 BusyError with a retry time', async () => {
    const a = new Admission({ maxQueries: 1, maxQueued: 1, queueTimeoutMs: 50 })
    await a.enter('query')
    const late = a.enter('query')
    await expect(a.enter('query')).rejects.toBeInstanceOf(BusyError)
    const e = await late.catch((x: unknown) => x)
    expect(e).toBeInstanceOf(BusyError)
    expect(e).toMatchObject({ status: 429, code: 'too_many_requests' })
    expect((e as BusyError).retryAfterS).toBeGreaterThanOrEqual(1)
  })

  it('by default a wait ends at 5 s, so a queued request answers within 10 s of arriving once it runs a few', async () => {
    vi.useFakeTimers()
    try {
      const a = new Admission({ maxQueries: 1 })
      await a.enter('query')
      let refused: unknown
      const late = a.enter('query').catch((e: unknown) => {
        refused = e
      })
      await vi.advanceTimersByTimeAsync(DEFAULT_QUEUE_TIMEOUT_MS - 1)
      expect(refused).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      await late
      expect(refused).toBeInstanceOf(BusyError)
      expect(DEFAULT_QUEUE_TIMEOUT_MS).toBe(5_000)
    } finally {
      vi.useRealTimers()
    }
  })

  it('queries and ingests arriving during a deletion wait for it; those already running do not stop it', async () => {
    const a = new Admission({ maxQueries: 4, queueTimeoutMs: 5_000 })
    const running = await a.enter('query')
    const order: string[] = []
    let finish = () => {}
    const deletion = a.maintenance(async () => {
      order.push('delete started')
      await new Promise<void>((r) => {
        finish = r
      })
      order.push('delete done')
    })
    const query = a.enter('query').then(() => order.push('query entered'))
    const ingest = a.enter('ingest').then(() => order.push('ingest entered'))
    await tick(10)
    expect(order).toEqual(['delete started'])
    finish()
    await Promise.all([deletion, query, ingest])
    expect(order).toEqual(['delete started', 'delete done', 'query entered', 'ingest entered'])
    running()
  })

  it('ingest body bytes come from one budget: a reader waits while it is spent and goes on once bytes return', async () => {
    const a = new Admission({ ingestBytes: 1000, queueTimeoutMs: 5_000 })
    const first = a.bodyBytes()
    expect(first.tryTake(800)).toBe(true)
    const second = a.bodyBytes()
    expect(second.tryTake(400)).toBe(false)
    let got = false
    const waiting = second.take(400).then(() => {
      got = true
    })
    await tick(10)
    expect(got).toBe(false)
    first.release()
    await waiting
    expect(a.stats().ingestBytes).toBe(400)
    second.release()
    expect(a.stats().ingestBytes).toBe(0)
  })
})
