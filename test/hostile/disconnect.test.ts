// Issue 28 item 3: a client that disconnects aborts its query. The real `apldb serve` as a child
// process admits one query at a time (`--max-queries 1`, 300 ms queue wait): a long join holds the
// slot (a second query is refused 429 meanwhile); once its client destroys the socket, the query
// stops at its next guard check and frees the slot: the next query is admitted and answers, long
// before the abandoned query would have finished (its own run time is measured first and printed).
// The same holds while the query is still compiling on the compile worker: the worker is replaced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apl, loadRows, slowCompile } from './attacks.ts'
import { type ChildServer, sendAplRaw, startChild } from './child-server.ts'

let s: ChildServer
const LONG = `['d'] | take 3000 | extend key = 1 | join kind=inner (['d'] | take 3000 | extend key = 1 | project key, m = n) on key | summarize sum(m)`

beforeAll(async () => {
  s = await startChild({ heapMb: 512, args: ['--max-queries', '1', '--queue-timeout', '300'] })
  await loadRows(s, 'd', 3000)
})
afterAll(() => s?.dispose())

/** Probes until a query is refused 429 (the long one holds the only slot); false if it never is. */
async function slotTaken(): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    const r = await apl(s, `['d'] | count`, 60_000)
    if (r.status === 429) return true
    await new Promise((res) => setTimeout(res, 50))
  }
  return false
}

describe('a disconnected client', () => {
  it('aborts its query: the slot it held is free again at once', async () => {
    const full = await apl(s, LONG, 600_000)
    expect(full.status).toBe(200)
    console.log(`the long query alone: ${full.ms.toFixed(0)} ms`)

    const sent = performance.now()
    const sock = sendAplRaw(s.url, LONG)
    expect(await slotTaken()).toBe(true)
    const t0 = performance.now()
    sock.destroy()
    // The next query waits up to 300 ms in the queue, then 429: retry until admitted.
    let r = await apl(s, `['d'] | count`, 60_000)
    while (r.status === 429 && performance.now() - t0 < full.ms * 3) {
      await new Promise((res) => setTimeout(res, 20))
      r = await apl(s, `['d'] | count`, 60_000)
    }
    const freedMs = performance.now() - t0
    console.log(
      `slot free again ${freedMs.toFixed(0)} ms after the disconnect (the query alone takes ${full.ms.toFixed(0)} ms)`,
    )
    expect(r.status).toBe(200)
    expect(r.json.tables[0].columns[0][0]).toBe(3000)
    // The slot came back before the abandoned query could have ended by itself: it needs about
    // `full.ms` from when it was sent (the same query on the same data, measured above).
    expect(performance.now() - sent).toBeLessThan(full.ms)
    expect(s.alive()).toBe(true)
  })

  it('aborts its compile on the compile worker: the slot is free long before the compile would end', async () => {
    const slow = `${slowCompile('d')} | count`
    await apl(s, slow, 600_000)
    const full = await apl(s, slow, 600_000)
    expect(full.status).toBe(200)
    expect(full.json.tables[0].columns[0][0]).toBe(3000)
    console.log(`the slow compile alone (worker warm): ${full.ms.toFixed(0)} ms`)

    const sent = performance.now()
    const sock = sendAplRaw(s.url, slow)
    expect(await slotTaken()).toBe(true)
    sock.destroy()
    let r = await apl(s, `['d'] | count`, 60_000)
    while (r.status === 429 && performance.now() - sent < full.ms * 3) {
      await new Promise((res) => setTimeout(res, 20))
      r = await apl(s, `['d'] | count`, 60_000)
    }
    const freedMs = performance.now() - sent
    console.log(
      `slot free again ${freedMs.toFixed(0)} ms after sending (its compile alone: ${full.ms.toFixed(0)} ms)`,
    )
    expect(r.status).toBe(200)
    // A compile left running would hold the slot for about `full.ms`.
    expect(freedMs).toBeLessThan(full.ms / 2)
    // The replaced worker compiles the next long text (≥ 8 KiB) as before.
    const long = `['d'] | where u != '${'x'.repeat(10_000)}' | count`
    const next = await apl(s, long, 600_000)
    expect(next.status).toBe(200)
    expect(next.json.tables[0].columns[0][0]).toBe(3000)
    expect(s.alive()).toBe(true)
  })
})
