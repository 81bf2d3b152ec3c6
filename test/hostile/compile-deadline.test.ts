// Issue 28 item 3: the query deadline covers compile. The real `apldb serve` as a child process with
// an 0.8 s query deadline gets a text that takes seconds to bind on the compile worker and nothing to
// run: it is refused 408 deadline_exceeded (the worker is replaced), and the next long text (≥ 8 KiB,
// compiled on the new worker) and a short one answer; explain and a deletion dry run likewise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apl, loadRows, slowCompile } from './attacks.ts'
import { type ChildServer, type Reply, startChild } from './child-server.ts'

let s: ChildServer
const SLOW = slowCompile('d')
const LONG = `['d'] | where u != '${'x'.repeat(10_000)}'`
const WINDOW = { startTime: '2000-01-01T00:00:00Z', endTime: '2100-01-01T00:00:00Z' }

beforeAll(async () => {
  s = await startChild({ heapMb: 1024, args: ['--query-deadline', '800'] })
  await loadRows(s, 'd', 1000)
})
afterAll(() => s?.dispose())

/**
 * `send`, again while it answers 408: the compile worker replaced after a refusal starts at once, but
 * on a loaded machine its start may itself outlast the short deadline (a job is never sent to a
 * worker still starting, so a retry finds it ready).
 */
async function onceReady(send: () => Promise<Reply>): Promise<Reply> {
  let r = await send()
  for (let i = 0; i < 5 && r.status === 408; i++) r = await send()
  return r
}

describe('the query deadline', () => {
  it('covers the compile of a query', async () => {
    // The compile worker warm first: the refusal below is the compile's, not the worker's start.
    expect((await onceReady(() => apl(s, `${LONG} | count`, 120_000))).status).toBe(200)
    const r = await apl(s, `${SLOW} | count`, 120_000)
    console.log(`a slow compile: ${r.status} after ${r.ms.toFixed(0)} ms: ${r.text.slice(0, 160)}`)
    expect(r.status).toBe(408)
    expect(r.text).toMatch(/deadline/)
    const next = await onceReady(() => apl(s, `${LONG} | count`, 120_000))
    expect(next.status).toBe(200)
    expect(next.json.tables[0].columns[0][0]).toBe(1000)
    const small = await apl(s, `['d'] | count`, 120_000)
    expect(small.json.tables[0].columns[0][0]).toBe(1000)
    expect(s.alive()).toBe(true)
  })

  it('covers the compile of explain', async () => {
    const r = await s.call('POST', '/v1/datasets/_apl/explain', { body: { apl: SLOW, ...WINDOW } })
    expect(r.status).toBe(408)
    const next = await onceReady(() =>
      s.call('POST', '/v1/datasets/_apl/explain', { body: { apl: LONG, ...WINDOW } }),
    )
    expect(next.status).toBe(200)
    expect(next.json.rows.matched).toBe(1000)
  })

  it('covers the compile of a deletion', async () => {
    const body = (q: string) => ({ apl: q, ...WINDOW, commit: false })
    const r = await s.call('POST', '/v2/datasets/_apl/delete', { body: body(`${SLOW} | where n < 10`) })
    expect(r.status).toBe(408)
    const next = await onceReady(() =>
      s.call('POST', '/v2/datasets/_apl/delete', { body: body(`${LONG} | where n < 10`) }),
    )
    expect(next.status).toBe(200)
    expect(s.alive()).toBe(true)
  })
})
