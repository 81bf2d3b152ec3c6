// Deadline and cancellation (issue 4 item 5, RELIABILITY §2.3 B3): a pathological regex over long
// strings finishes (re2js is linear) or is cancelled inside [1000, 1500] ms of a 1 s deadline; an
// AbortSignal aborted mid-query rejects with `aborted`; a 1 ms deadline on 200,000 rows rejects with
// `deadline_exceeded`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INTERRUPT_ROWS } from '../../../src/exec/ops/filter-exec.ts'
import { type Apldb, openStore } from '../../../src/index.ts'

const NOW = Date.UTC(2026, 10, 22)
const REGEX_ROWS = 10_000
const BIG_ROWS = 200_000
let db: Apldb

/** `n` events one ms apart ending an hour before NOW, built by `row(i)`. */
function events(n: number, from: number, row: (i: number) => Record<string, unknown>) {
  const out: Record<string, unknown>[] = new Array(n)
  for (let i = 0; i < n; i++) {
    out[i] = { _time: new Date(NOW - 3_600_000 - (from + n - i)).toISOString(), ...row(from + i) }
  }
  return out
}

async function outcome(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => 'finished',
    (e: { code?: string; message?: string }) => e.code ?? `error: ${e.message}`,
  )
}

beforeAll(async () => {
  db = await openStore({ clock: () => NOW, blockRows: 1024 })
  await db.datasets.create({ name: 'regex' })
  // Every string distinct (lengths 2,000…11,999): the regex kernel's dictionary cannot share work.
  await db.ingest(
    'regex',
    events(REGEX_ROWS, 0, (i) => ({ msg: `${'a'.repeat(2000 + i)}!` })),
  )
  await db.datasets.create({ name: 'big' })
  for (let at = 0; at < BIG_ROWS; at += 10_000) {
    await db.ingest(
      'big',
      events(10_000, at, (i) => ({ msg: `m${i % 5000}`, n: i })),
    )
  }
  await db.flush()
  await db.settle()
}, 120_000)
afterAll(() => db.close())

describe('deadline and cancellation', () => {
  it('B3: a pathological regex over long strings finishes or is cancelled at its deadline, not before (elapsed printed)', async () => {
    const t0 = performance.now()
    const run = db.queryResult(`['regex'] | where msg matches regex "(a+)+$" | count`, { deadlineMs: 1000 })
    const result = await run.catch(() => undefined)
    const got = await outcome(run)
    const elapsed = performance.now() - t0
    console.log(`B3 elapsed_ms=${elapsed.toFixed(0)} outcome=${got}`)
    if (got === 'finished') {
      // Every string ends in '!', so none matches `(a+)+$`.
      expect(result?.tables[0].columns[0]).toEqual([0])
    } else {
      expect(got).toBe('deadline_exceeded')
      expect(elapsed).toBeGreaterThanOrEqual(1000)
    }
  }, 30_000)

  it('an AbortSignal aborted mid-query rejects with code aborted', async () => {
    const ac = new AbortController()
    const apl = `['big'] | where msg matches regex "m1.*7" | summarize count(), sum(n) by msg`
    const full = performance.now()
    await db.queryResult(apl)
    const fullMs = performance.now() - full
    // The scan yields to the event loop every YIELD_EVERY_MS of work: the abort below runs at the
    // query's first yield, after it has started reading and before it can finish (fullMs > 10).
    let abortedAt = 0
    const t0 = performance.now()
    const run = db.queryResult(apl, { signal: ac.signal })
    setImmediate(() => {
      abortedAt = performance.now()
      ac.abort()
    })
    const got = await outcome(run)
    const end = performance.now()
    console.log(
      `abort full_ms=${fullMs.toFixed(0)} aborted_at_ms=${(abortedAt - t0).toFixed(0)} ` +
        `abort_to_reject_ms=${(end - abortedAt).toFixed(1)} outcome=${got}`,
    )
    expect(got).toBe('aborted')
  }, 30_000)

  it('an already aborted signal rejects with code aborted before reading', async () => {
    const ac = new AbortController()
    ac.abort()
    expect(await outcome(db.queryResult(`['big'] | count`, { signal: ac.signal }))).toBe('aborted')
  })

  it('a 1 ms deadline on 200,000 rows rejects with deadline_exceeded', async () => {
    const got = await outcome(db.queryResult(`['big'] | summarize count(), sum(n) by msg`, { deadlineMs: 1 }))
    console.log(`deadline_1ms outcome=${got}`)
    expect(got).toBe('deadline_exceeded')
    // The same query without a deadline answers: the rejection is the deadline, not the query.
    const ok = await db.queryResult(`['big'] | count`)
    expect(ok.tables[0].columns[0]).toEqual([BIG_ROWS])
  }, 30_000)

  it('a batch longer than INTERRUPT_ROWS (unsealed tail) is filtered in slices with the same answer', async () => {
    const rows = 2 * INTERRUPT_ROWS + 123
    const tail = await openStore({ clock: () => NOW, blockRows: 10 * INTERRUPT_ROWS })
    try {
      await tail.datasets.create({ name: 't' })
      for (let at = 0; at < rows; at += 10_000) {
        await tail.ingest(
          't',
          events(Math.min(10_000, rows - at), at, (i) => ({ n: i })),
        )
      }
      const r = await tail.queryResult(`['t'] | where n % 3 == 0 and n >= 5 | summarize count(), max(n)`)
      const want = Array.from({ length: rows }, (_, i) => i).filter((i) => i % 3 === 0 && i >= 5)
      expect(r.tables[0].columns).toEqual([[want.length], [want[want.length - 1]]])
      expect(r.status.blocksExamined).toBe(1)
    } finally {
      await tail.close()
    }
  }, 60_000)
})
