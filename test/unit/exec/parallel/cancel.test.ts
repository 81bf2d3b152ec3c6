// Deadline and cancellation with the parallel executor: a slow regex scan on worker threads stops
// with `deadline_exceeded` / `aborted` while its units are still running (the main thread answers
// at once, without waiting for the workers), the workers drop the cancelled units themselves (none
// had to be terminated after the grace period), and a corrupt block file read by a worker fails
// the query as in-process does (the store quarantines it). No assertion on elapsed time: the
// figures are printed only.
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedPool, startParallelPool } from '../../../../src/exec/parallel/shared-pool.ts'
import type { WorkerPool } from '../../../../src/exec/parallel/worker-pool.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'

const NOW = Date.UTC(2026, 10, 22)
const ROWS = 8000
const BLOCK_ROWS = 250
// Four regex passes over every 6 KB message (four times the work of one), so a cancel at 50–100 ms
// always lands mid-query (the full query now takes a few hundred ms on a quiet machine).
const SLOW = `rx | where msg matches regex "(a+)+$" or msg matches regex "(a+)+b$" or msg matches regex "(a+)+c$" or msg matches regex "(a+)+d$" | count`

let dir: string
let db: Apldb
let pool: WorkerPool

/** The query's outcome, and how many units were still on the workers when it settled. */
async function outcome(p: Promise<unknown>): Promise<{ got: string; inFlight: number }> {
  return p.then(
    () => ({ got: 'finished', inFlight: pool.inFlight }),
    (e: { code?: string; message?: string }) => ({
      got: e.code ?? `error: ${e.message}`,
      inFlight: pool.inFlight,
    }),
  )
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apldb-parallel-cancel-'))
  db = await openStore({ path: dir, durability: 'none', blockRows: BLOCK_ROWS, clock: () => NOW })
  await db.datasets.create({ name: 'rx' })
  // Long strings, each distinct: the regex kernel cannot share work; the whole scan takes seconds.
  const events = Array.from({ length: ROWS }, (_, i) => ({
    _time: new Date(NOW - 3_600_000 - i).toISOString(),
    msg: `${'a'.repeat(6000 + (i % 1000))}!`,
    // Read by the corruption test only (no cache holds it before).
    tag: `t${i % 3}`,
  }))
  for (let i = 0; i < ROWS; i += 1000) await db.ingest('rx', events.slice(i, i + 1000))
  await db.flush()
  await db.settle()
  // Start the workers (and check the answer) before timing anything.
  expect(await startParallelPool()).toBe(true)
  pool = sharedPool() as WorkerPool
  const r = await db.queryResult(`rx | count`, { parallel: 'on' } as never)
  expect(r.tables[0].columns[0]).toEqual([ROWS])
}, 120_000)

afterAll(async () => {
  await db.close()
  await rm(dir, { recursive: true, force: true })
})

/**
 * Waits until no unit is in flight on the workers (the cancelled ones stopped), returning the ms it
 * took (printed only); checks that no worker was terminated for ignoring the cancel, and that a
 * parallel query still answers.
 */
async function settledMs(terminatedBefore: number, stoppedBefore: number): Promise<number> {
  const t0 = performance.now()
  while (pool.inFlight > 0) await new Promise((r) => setTimeout(r, 5))
  const ms = performance.now() - t0
  expect(pool.terminatedOnCancel).toBe(terminatedBefore)
  // The running units ended early (they answered aborted / deadline_exceeded), not by finishing.
  expect(pool.stoppedUnits).toBeGreaterThan(stoppedBefore)
  const r = await db.queryResult(`rx | count`, { parallel: 'on' } as never)
  expect(r.tables[0].columns[0]).toEqual([ROWS])
  return ms
}

describe('parallel deadline and cancellation', () => {
  it('a deadline stops the workers', async () => {
    const terminated = pool.terminatedOnCancel
    const stopped = pool.stoppedUnits
    const t0 = performance.now()
    const { got, inFlight } = await outcome(
      db.queryResult(SLOW, { parallel: 'on', deadlineMs: 100 } as never),
    )
    const elapsed = performance.now() - t0
    const settled = await settledMs(terminated, stopped)
    console.log(
      `parallel deadline elapsed_ms=${elapsed.toFixed(0)} outcome=${got} in_flight_at_answer=${inFlight} settled_ms=${settled.toFixed(0)}`,
    )
    expect(got).toBe('deadline_exceeded')
    // The main thread answers when its timer fires, while the workers are still scanning (the full
    // scan takes a few hundred ms; V8 gives up on the backtracking patterns after a budget).
    expect(inFlight).toBeGreaterThan(0)
  })

  it('an AbortSignal stops the workers', async () => {
    const ac = new AbortController()
    const t0 = performance.now()
    const terminated = pool.terminatedOnCancel
    const stopped = pool.stoppedUnits
    const run = db.queryResult(SLOW, { parallel: 'on', signal: ac.signal } as never)
    setTimeout(() => ac.abort(), 50)
    const { got, inFlight } = await outcome(run)
    const elapsed = performance.now() - t0
    const settled = await settledMs(terminated, stopped)
    console.log(
      `parallel abort elapsed_ms=${elapsed.toFixed(0)} outcome=${got} in_flight_at_answer=${inFlight} settled_ms=${settled.toFixed(0)}`,
    )
    expect(got).toBe('aborted')
    expect(inFlight).toBeGreaterThan(0)
  })

  it('a corrupt block read by a worker fails the query and is quarantined, as in-process', async () => {
    const snap = db.snapshot()
    const block = snap.dataset('rx')?.blocks[1]
    snap.release()
    const entry = block?.meta.header.columns.find((c) => c.field === 'tag')
    if (!block || !entry) throw new Error('no block with a tag column')
    const fh = await open(block.file, 'r+')
    try {
      // Flip bytes inside the `tag` column chunk: its CRC check fails when a worker decodes it.
      const at = block.bodyOffset + Math.floor(entry.length / 2)
      const buf = Buffer.alloc(4)
      await fh.read(buf, 0, 4, at + entry.offset)
      for (let i = 0; i < 4; i++) buf[i] ^= 0xff
      await fh.write(buf, 0, 4, at + entry.offset)
    } finally {
      await fh.close()
    }
    const { got } = await outcome(
      db.queryResult(`rx | summarize count() by tag`, { parallel: 'on' } as never),
    )
    expect(got).toBe('block_corrupt')
    expect(db.health().quarantined.map((q) => q.blockId)).toEqual([block.meta.blockId])
  })
})
