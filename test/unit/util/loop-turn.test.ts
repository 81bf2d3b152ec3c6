// util/loop-turn.ts: callers that yield together resume one per event-loop iteration, in the order
// they asked, so I/O is polled between any two of them.

import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { IO_PASSES, nextTurn, noteConnection, StepClock, waitingTurns } from '../../../src/util/loop-turn.ts'
import { loopIterations } from './loop-iterations.ts'

describe('nextTurn', () => {
  it('resumes waiters one per iteration, first come first served', async () => {
    const loop = loopIterations()
    await new Promise((r) => setImmediate(r))
    const seen: { who: number; at: number }[] = []
    await Promise.all(
      Array.from({ length: 12 }, (_, who) => nextTurn().then(() => seen.push({ who, at: loop.now() }))),
    )
    loop.stop()
    expect(seen.map((s) => s.who)).toEqual([...Array(12).keys()])
    for (let i = 1; i < seen.length; i++) expect(seen[i].at).toBeGreaterThan(seen[i - 1].at)
    expect(waitingTurns()).toBe(0)
  })

  it('lets a timer and an I/O callback run between two waiters that each hold the loop', async () => {
    const events: string[] = []
    const busy = (ms: number) => {
      const end = performance.now() + ms
      while (performance.now() < end) {}
    }
    const work = (who: string) =>
      (async () => {
        for (let i = 0; i < 3; i++) {
          await nextTurn()
          events.push(who)
          busy(5)
        }
      })()
    setTimeout(() => events.push('timer'), 0)
    const io = new Promise<void>((r) =>
      import('node:fs').then((fs) =>
        fs.stat('.', () => {
          events.push('io')
          r()
        }),
      ),
    )
    await Promise.all([work('a'), work('b'), io])
    // Between the first 'a' and the last 'b', the timer and the I/O callback found a turn: neither
    // waited for all six slices.
    const last = events.lastIndexOf('b')
    expect(events.indexOf('timer')).toBeLessThan(last)
    expect(events.indexOf('io')).toBeLessThan(last)
    expect(events.filter((e) => e === 'a')).toHaveLength(3)
  })

  it('keeps its queue short after many turns', async () => {
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 2000 }, () => nextTurn()))
    expect(waitingTurns()).toBe(0)
  })
})

describe('nextTurn while connections arrive', () => {
  it('accepts a burst of connections before resuming work that holds the loop (libuv accepts one per iteration)', async () => {
    const events: string[] = []
    const server = net.createServer()
    server.on('connection', (c) => {
      noteConnection()
      events.push('connection')
      c.destroy()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as net.AddressInfo
    let working = true
    const work = (async () => {
      while (working) {
        await nextTurn()
        events.push('piece')
        const end = performance.now() + 3
        while (performance.now() < end) {}
      }
    })()
    await new Promise((r) => setTimeout(r, 20))
    const burst = 20
    const clients = Array.from({ length: burst }, () => net.connect(port, '127.0.0.1').on('error', () => {}))
    while (events.filter((e) => e === 'connection').length < burst) await new Promise((r) => setTimeout(r, 5))
    working = false
    await work
    for (const c of clients) c.destroy()
    await new Promise((r) => server.close(r))
    // Without the passes, one piece ran between any two accepted connections (19 here).
    const first = events.indexOf('connection')
    const last = events.lastIndexOf('connection')
    const between = events.slice(first, last).filter((e) => e === 'piece').length
    expect(between).toBeLessThanOrEqual(2)
  })

  it('still resumes a waiter within IO_PASSES iterations while connections never stop arriving', async () => {
    let on = true
    const arrive = () => {
      noteConnection()
      if (on) setImmediate(arrive)
    }
    setImmediate(arrive)
    const loop = loopIterations()
    await nextTurn()
    const waited = loop.now()
    on = false
    loop.stop()
    expect(waited).toBeGreaterThan(1)
    expect(waited).toBeLessThanOrEqual(IO_PASSES + 2)
  })
})

describe('StepClock', () => {
  it('is due once its piece ran its time, read every `every` calls, and starts again on restart', () => {
    const none = new StepClock(0, 4)
    // A piece of no time: due at every 4th call, never between.
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => none.due())).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      true,
    ])
    const long = new StepClock(60_000, 1)
    expect(long.due()).toBe(false)
    const spent = new StepClock(1, 1)
    const t = performance.now()
    while (performance.now() - t < 3);
    expect(spent.due()).toBe(true)
    // restart counts calls afresh: two calls, a restart, then due again only at the 4th call.
    none.due()
    none.due()
    none.restart()
    expect([1, 2, 3, 4].map(() => none.due())).toEqual([false, false, false, true])
  })
})
