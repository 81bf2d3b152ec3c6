// sum/avg answered from the exact sums in zone maps (rule zone-totals, ops/zone-totals-exec.ts):
// random blocks of one number field (integers, fractions, integers past 2^53, absent) and windows
// that take blocks whole or cut them; the engine (optimized or not) must equal the row-at-a-time
// reference, blocks must really be answered from statistics, and blocks without sums (sealed before
// they were recorded) or after a delete must still give the right answer.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ExecStats } from '../../../../src/exec/context.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`zone-totals seed=${seed}`)

const T0 = Date.UTC(2026, 0, 1)
const NOW_MS = T0 + 86_400_000
const NOW = BigInt(NOW_MS) * 1_000_000n
const iso = (ms: number) => new Date(ms).toISOString()

const QUERIES = [
  'd | summarize sum(v)',
  'd | summarize s = sum(v), a = avg(v)',
  'd | summarize avg(v)',
  'd | summarize sum(v), sum(v)',
  // Not totals-shaped (another field, a key, a filter): always scanned, still equal.
  'd | summarize sum(v), sum(w)',
  'd | summarize sum(v) by w',
  'd | where w == 1 | summarize sum(v)',
]

const cell = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  { weight: 3, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0.1, 0.2, 0.3, 1e16, -1e16, 2 ** 53 + 2, 0.5) },
  { weight: 1, arbitrary: fc.constant(undefined) },
)

const scenario = fc.record({
  cells: fc.array(cell, { minLength: 1, maxLength: 200, size: 'large' }),
  blockRows: fc.constantFrom(1, 7, 40, 100),
  from: fc.nat({ max: 200 }),
  cutEnd: fc.boolean(),
  /** Strip the sums from the zone maps of these blocks (as if sealed before sums existed). */
  strip: fc.array(fc.nat({ max: 30 }), { maxLength: 4 }),
})

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never

async function filled(cells: readonly (number | undefined)[], blockRows: number): Promise<Apldb> {
  const store = await openStore({ clock: () => NOW_MS, blockRows, durability: 'none' })
  await store.datasets.create({ name: 'd' })
  const events = cells.map((v, i) => {
    const e: Record<string, unknown> = { _time: iso(T0 + i * 1000), w: i % 3 }
    if (v !== undefined) e.v = v
    return e
  })
  await store.ingest('d', events)
  await store.flush()
  await store.settle()
  return store
}

/** Differences between the engine (optimized and not) and the reference, or undefined. */
async function compare(
  store: Apldb,
  window: { startTime: string; endTime?: string },
  fromStats: { n: number },
  strip: readonly number[] = [],
): Promise<string | undefined> {
  const snap = store.snapshot()
  try {
    const blocks = snap.dataset('d')?.blocks ?? []
    for (const b of strip) {
      const zm = blocks[b]?.meta.zoneMap
      for (const zc of zm?.columns ?? []) delete zc.sum
    }
    for (const apl of QUERIES) {
      const bound = compileApl(apl, schemaFromSnapshot(snap))
      if (!bound.plan) continue
      const ref = await evaluate(snap, bound.plan, { now: NOW, ...window })
      const observe = (_: unknown, st: ExecStats) => {
        fromStats.n += st.scan.blocksFromStats
      }
      for (const optimize of [true, false]) {
        const got = await runPlan(snap, bound.plan, { now: NOW, ...window, observe, optimize } as never)
        const d = diffResults(got, ref, true)
        if (d) return `${apl} ${JSON.stringify(window)} optimize=${optimize}: ${d}`
      }
    }
  } finally {
    snap.release()
  }
  return undefined
}

async function check(s: Scenario, fromStats: { n: number }): Promise<string | undefined> {
  const store = await filled(s.cells, s.blockRows)
  try {
    const window = {
      startTime: iso(T0 + Math.min(s.from, s.cells.length) * 1000 - (s.from > 0 ? 500 : 0)),
      ...(s.cutEnd ? { endTime: iso(T0 + Math.floor(s.cells.length / 2) * 1000 + 500) } : {}),
    }
    return await compare(store, window, fromStats, s.strip)
  } finally {
    await store.close()
  }
}

describe('sum/avg answered from zone maps', () => {
  it('equal the reference on random blocks and windows, and really skip decoding', async () => {
    const fromStats = { n: 0 }
    let failure: string | undefined
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        failure = await check(s, fromStats)
        if (failure !== undefined) console.log(`zone-totals failure: ${failure}`)
        return failure === undefined
      }),
      { seed, numRuns: 120, interruptAfterTimeLimit: 25_000 },
    )
    expect(failure).toBeUndefined()
    console.log(`zone-totals blocks answered from statistics: ${fromStats.n}`)
    expect(fromStats.n).toBeGreaterThan(0)
  }, 60_000)

  it('are exact where a float scan would round (0.1 + 0.2 + 0.3 over blocks) and show the rule', async () => {
    const store = await filled([0.1, 0.2, 0.3, 1e16, 1, -1e16, 7, 9, 2.5], 2)
    try {
      const r = await store.queryResult('d | summarize s = sum(v), a = avg(v)', { startTime: iso(T0 - 1000) })
      // Left to right in doubles 1e16 swallows the fractions; the exact sum rounds once.
      expect(r.tables[0].columns[0]).toEqual([20.1])
      const e = await store.explain('d | summarize s = sum(v), a = avg(v)', { startTime: iso(T0 - 1000) })
      expect(JSON.stringify(e)).toContain('[rule zone-totals]')
      expect(await compare(store, { startTime: iso(T0 - 1000) }, { n: 0 })).toBeUndefined()
    } finally {
      await store.close()
    }
  })

  it('stay right after whole blocks are deleted', async () => {
    const store = await filled(
      Array.from({ length: 60 }, (_, i) => i * 3 + 0.25),
      10,
    )
    try {
      const fromStats = { n: 0 }
      const window = { startTime: iso(T0 - 1000) }
      expect(await compare(store, window, fromStats)).toBeUndefined()
      const del = await store.deleteBlocks({
        apl: "['d'] | where v < 30",
        startTime: iso(T0 - 1000),
        endTime: iso(NOW_MS),
        commit: true,
      })
      expect(del.rowsDeleted).toBeGreaterThan(0)
      await store.settle()
      expect(await compare(store, window, fromStats)).toBeUndefined()
      expect(fromStats.n).toBeGreaterThan(0)
    } finally {
      await store.close()
    }
  })
})
