// util/loop-turn.ts: callers that yield together resume one per event-loop iteration, in the order
// they asked, so I/O is polled between any two of them.
import { describe, expect, it } from 'vitest'
import { nextTurn, waitingTurns } from '../../../src/util/loop-turn.ts'
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
