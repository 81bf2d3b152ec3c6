// Counts answered from zone maps (ops/stats-link.ts, scan/block-stats.ts): random blocks of one
// multi-typed field (strings, a constant or varying integer, a constant real, a constant bool, absent)
// and count-shaped queries, with windows that take blocks whole or cut them; the engine must equal the
// row-at-a-time reference, matched-row counters included, and blocks must really be answered from
// statistics. Also the weighted table of one block, by hand.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ExecStats } from '../../../../src/exec/context.ts'
import { weightedColumn } from '../../../../src/exec/scan/block-stats.ts'
import { cellAt } from '../../../../src/exec/vector.ts'
import { openStore } from '../../../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import type { ZoneMap } from '../../../../src/storage/block/index.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`stats-link seed=${seed}`)

const T0 = Date.UTC(2026, 0, 1)
const NOW_MS = T0 + 86_400_000
const NOW = BigInt(NOW_MS) * 1_000_000n
const iso = (ms: number) => new Date(ms).toISOString()

const QUERIES = [
  'd | count',
  "d | where v == 'a' | count",
  'd | summarize count() by v',
  'd | summarize n = count(), m = count() by tostring(v)',
  'd | where isnotempty(v) | summarize count() by v',
  "d | where v != 'b' | count",
  'd | where isnull(v) | count',
  'd | summarize count() by k = strlen(tostring(v))',
  "d | where tostring(v) in ('a', '7', 'true', '2.5') | summarize count()",
  'd | summarize count()',
  "d | where tostring(v) startswith 'a' | where isnotnull(v) | summarize c = count() by v",
  // Not count-shaped (another field, another aggregation): always scanned, still equal.
  'd | summarize count() by v, w',
  'd | summarize dcount(v)',
]

/** A row's `v`: mostly few strings; integers constant unless `vary` picks 8; one real, one bool. */
const cell = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'ab', '') },
  { weight: 2, arbitrary: fc.constant(7) },
  { weight: 1, arbitrary: fc.constant(2.5) },
  { weight: 1, arbitrary: fc.constant(true) },
  { weight: 2, arbitrary: fc.constant(undefined) },
)

const scenario = fc.record({
  cells: fc.array(cell, { minLength: 1, maxLength: 240, size: 'large' }),
  /** Rows whose integer is 8 instead of 7 (their blocks cannot be answered from statistics). */
  vary: fc.array(fc.nat({ max: 239 }), { maxLength: 3 }),
  blockRows: fc.constantFrom(1, 7, 7, 40, 40, 100),
  /** Window start, as a row index (0: every block whole), and whether the end cuts too. */
  from: fc.nat({ max: 240 }),
  cutEnd: fc.boolean(),
})

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never

async function check(s: Scenario, fromStats: { n: number }): Promise<string | undefined> {
  const store = await openStore({ clock: () => NOW_MS, blockRows: s.blockRows, durability: 'none' })
  try {
    await store.datasets.create({ name: 'd' })
    const vary = new Set(s.vary)
    const events = s.cells.map((v, i) => {
      const e: Record<string, unknown> = { _time: iso(T0 + i * 1000), w: i % 3 }
      if (v !== undefined) e.v = v === 7 && vary.has(i) ? 8 : v
      return e
    })
    await store.ingest('d', events)
    await store.flush()
    await store.settle()
    const window = {
      startTime: iso(T0 + Math.min(s.from, s.cells.length) * 1000 - (s.from > 0 ? 500 : 0)),
      ...(s.cutEnd ? { endTime: iso(T0 + Math.floor(s.cells.length / 2) * 1000 + 500) } : {}),
    }
    const snap = store.snapshot()
    try {
      for (const apl of QUERIES) {
        const bound = compileApl(apl, schemaFromSnapshot(snap))
        // A dataset without `v` (every row lacks it) rejects the query at binding: nothing to compare.
        if (!bound.plan) continue
        const ref = await evaluate(snap, bound.plan, { now: NOW, ...window })
        const observe = (_: unknown, st: ExecStats) => {
          fromStats.n += st.scan.blocksFromStats
        }
        for (const optimize of [true, false]) {
          const got = await runPlan(snap, bound.plan, { now: NOW, ...window, observe, optimize } as never)
          // Groups in the order a scan meets them, as the reference makes them: rows compared in order.
          const d = diffResults(got, ref, true)
          if (d) return `${apl} ${JSON.stringify(window)} optimize=${optimize}: ${d}`
          if (got.status.rowsMatched !== ref.status.rowsMatched)
            return `${apl}: rowsMatched ${got.status.rowsMatched} ≠ reference ${ref.status.rowsMatched}`
        }
      }
    } finally {
      snap.release()
    }
    return undefined
  } finally {
    await store.close()
  }
}

describe('counts answered from zone maps', () => {
  it('equal the reference on random blocks and windows, and really skip decoding', async () => {
    const fromStats = { n: 0 }
    let failure: string | undefined
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        failure = await check(s, fromStats)
        if (failure !== undefined) console.log(`stats-link failure: ${failure}`)
        return failure === undefined
      }),
      { seed, numRuns: 150, interruptAfterTimeLimit: 25_000 },
    )
    expect(failure).toBeUndefined()
    console.log(`stats-link blocks answered from statistics: ${fromStats.n}`)
    expect(fromStats.n).toBeGreaterThan(0)
  }, 60_000)
})

describe('weightedColumn', () => {
  const zm = (columns: ZoneMap['columns'], rowCount = 10): ZoneMap => ({
    rowCount,
    minTime: '1',
    maxTime: '2',
    columns,
  })
  const rows = (z: ZoneMap, field: string, type: Parameters<typeof weightedColumn>[2]) => {
    const w = weightedColumn(z, field, type)
    return w && Array.from(w.weights, (n, i) => [cellAt(w.vec, i), n])
  }

  it('lists string values, constant numbers and bools, and the rows without the field', () => {
    const z = zm([
      { field: 'v', type: 'integer', nullCount: 7, min: '7', max: '7', first: 4, firstAbsent: 1 },
      {
        field: 'v',
        type: 'string',
        nullCount: 5,
        min: 'a',
        max: 'c',
        values: ['a', 'b', 'c'],
        counts: [3, 0, 2],
        firsts: [2, -1, 0],
        firstAbsent: 1,
      },
    ])
    // In order of first rows; 'b' holds no row: no group may appear for it.
    expect(rows(z, 'v', 'unknown')).toEqual([
      ['c', 2],
      [null, 2],
      ['a', 3],
      [7, 3],
    ])
    const f = zm([{ field: 'f', type: 'float', nullCount: 0, min: 2.5, max: 2.5, first: 0 }])
    expect(rows(f, 'f', 'real')).toEqual([[2.5, 10]])
    const b = zm([{ field: 'b', type: 'boolean', nullCount: 4, min: 0, max: 0, first: 3, firstAbsent: 0 }])
    expect(rows(b, 'b', 'bool')).toEqual([
      [null, 4],
      [false, 6],
    ])
  })

  it('refuses what the zone map does not pin down', () => {
    const varying = zm([{ field: 'v', type: 'integer', nullCount: 0, min: '7', max: '8' }])
    expect(weightedColumn(varying, 'v', 'long')).toBeUndefined()
    const bloom = zm([{ field: 's', type: 'string', nullCount: 0, min: 'a', max: 'z', bloom: 'AA==' }])
    expect(weightedColumn(bloom, 's', 'string')).toBeUndefined()
    const noCounts = zm([{ field: 's', type: 'string', nullCount: 0, min: 'a', max: 'a', values: ['a'] }])
    expect(weightedColumn(noCounts, 's', 'string')).toBeUndefined()
    // Counts without first rows (or a null row without its first row): the group order is unknown.
    const noFirsts = zm([
      { field: 's', type: 'string', nullCount: 0, min: 'a', max: 'a', values: ['a'], counts: [10] },
    ])
    expect(weightedColumn(noFirsts, 's', 'string')).toBeUndefined()
    const noAbsent = zm([{ field: 'n', type: 'integer', nullCount: 3, min: '1', max: '1', first: 0 }])
    expect(weightedColumn(noAbsent, 'n', 'long')).toBeUndefined()
    const huge = zm([
      { field: 'n', type: 'integer', nullCount: 0, min: '9007199254740993', max: '9007199254740993' },
    ])
    expect(weightedColumn(huge, 'n', 'long')).toBeUndefined()
    const time = zm([{ field: 't', type: 'datetime', nullCount: 0, min: '5', max: '5' }])
    expect(weightedColumn(time, 't', 'datetime')).toBeUndefined()
  })
})
