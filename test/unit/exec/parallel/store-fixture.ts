// test/unit/exec/parallel/store-fixture.ts: the on-disk store the parallel-executor tests share:
// seeded sample-http-logs events over the 5 days before NOW, `sealed` of them in blocks of
// `blockRows` (files the workers read) plus an unsealed tail of `tail`; and the result canonical
// form the tests compare (elapsed time aside).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { httpLogs } from '../../../../bench/data-gen.ts'
import type { QueryResult } from '../../../../src/exec/result.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'
import { compileForSnapshot, runPlan } from '../../../../src/query/run-apl.ts'

/** The fixture's "now" (the store clock and the queries' `now`). */
export const NOW_MS = Date.UTC(2026, 0, 10)
export const NOW = BigInt(NOW_MS) * 1_000_000n

/** An open fixture store with dataset `h`, and how to remove it. */
export interface ParallelStore {
  readonly db: Apldb
  close(): Promise<void>
}

/** Opens the fixture store (see the module header). */
export async function openParallelStore(o: {
  readonly seed: number
  readonly blockRows: number
  readonly sealed: number
  readonly tail: number
}): Promise<ParallelStore> {
  const dir = await mkdtemp(join(tmpdir(), 'apldb-parallel-'))
  const db = await openStore({ path: dir, durability: 'none', blockRows: o.blockRows, clock: () => NOW_MS })
  await db.datasets.create({ name: 'h' })
  const events = httpLogs(o.sealed + o.tail, {
    seed: o.seed,
    startMs: NOW_MS - 5 * 86_400_000,
    spanMs: 5 * 86_400_000,
  })
  await db.ingest('h', events.slice(0, o.sealed))
  await db.flush()
  await db.ingest('h', events.slice(o.sealed))
  return {
    db,
    close: async () => {
      await db.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** A result as comparable text: everything but the elapsed time (bigints tagged). */
export function canonical(r: QueryResult): string {
  const plain = { ...r, status: { ...r.status, elapsedTime: 0 } }
  return JSON.stringify(plain, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))
}

/** The two windows the parallel tests run every query in: everything, and a day and a half. */
export const WINDOWS = [{}, { startTime: '2026-01-07T00:00:00Z', endTime: '2026-01-08T12:00:00Z' }]

/** Runs `apl` with parallel 'on' and 'off' in every window, optimized or not; expects equal results. */
export async function expectParallelEqualsInProcess(
  db: Apldb,
  apl: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const snap = db.snapshot()
  try {
    const plan = compileForSnapshot(snap, apl)
    for (const window of WINDOWS) {
      for (const optimize of [true, false]) {
        const opts = { now: NOW, optimize, ...window, ...extra }
        const off = await runPlan(snap, plan, { ...opts, parallel: 'off' } as never)
        const on = await runPlan(snap, plan, { ...opts, parallel: 'on' } as never)
        expect(canonical(on), `${JSON.stringify(window)} optimize=${optimize}`).toBe(canonical(off))
      }
    }
  } finally {
    snap.release()
  }
}
