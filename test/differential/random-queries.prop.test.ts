// Differential property test (issue 4 acceptance): random datasets × random grammar-generated queries
// × block sizes {1, 7, 1000, 65536} × optimizer on/off: the engine (`runPlan`) equals the reference
// evaluator. Queries the engine does not run yet (`not supported yet`) are skipped and counted.
// Prints the seed first (FC_SEED replays) and `runs=… mismatches=0 skipped=…` last.
// One more store (issue 7) is disk-backed with the parallel executor forced on (blocks are files
// the worker threads read), so random queries also compare the parallel executor to the reference.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { ExecError } from '../../src/exec/context.ts'
import type { PhysicalOperator } from '../../src/exec/operator.ts'
import { type Apldb, openStore } from '../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../src/plan/index.ts'
import { runPlan } from '../../src/query/run-apl.ts'
import type { Snapshot } from '../../src/storage/snapshot.ts'
import { evaluate } from '../reference/evaluate.ts'
import { OracleUnsupported } from '../reference/expr.ts'
import { NOW, NOW_MS } from '../reference/fixture.ts'
import { DATASET, DECLARED, datasetArb, type GenEvent, query } from './random-query-gen.ts'
import { diffResults, show } from './result-diff.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`random-queries.prop.test.ts seed ${SEED} (set FC_SEED to replay)`)
const TIME_LIMIT_MS = Number(process.env.APLDB_DIFF_MS ?? 55_000)
const BLOCK_SIZES = [1, 7, 1000, 65536]
const QUERIES_PER_DATASET = 6

const MAX_REPORTS = 8
const failures: string[] = []
const counts = { runs: 0, mismatches: 0, skipped: 0, unbound: 0, queries: 0, parallel: 0 }
const skippedWhy = new Map<string, number>()
const unboundWhy: string[] = []
afterAll(() => {
  console.log(
    `random-queries runs=${counts.runs} mismatches=${counts.mismatches} skipped=${counts.skipped} ` +
      `(queries=${counts.queries}, unbound=${counts.unbound}, parallel fragments=${counts.parallel})`,
  )
  for (const [why, n] of skippedWhy) console.log(`  skipped ${n}× ${why}`)
  for (const u of unboundWhy.slice(0, 5)) console.log(`  unbound: ${u}`)
})

/** Block rows of the disk-backed store whose queries run with `parallel: 'on'`. */
const PARALLEL_BLOCK_ROWS = 7
/** Property runs in progress: the time limit may end the test while one still runs (and holds a directory). */
let activeRuns = 0
afterAll(async () => {
  // Let a run cut off by the time limit finish and close (and remove) its disk-backed store.
  for (let waited = 0; activeRuns > 0 && waited < 30_000; waited += 50)
    await new Promise((r) => setTimeout(r, 50))
})

/** The generated dataset's declarations: `d` a timespan, `c` a map field. */
async function declare(store: Apldb): Promise<void> {
  await store.datasets.update(DATASET, { fieldTypes: DECLARED.fieldTypes })
  for (const f of DECLARED.mapFields) await store.datasets.createMapField(DATASET, f)
}

async function openStores(events: GenEvent[]) {
  const out: { blockRows: number; parallel?: 'on'; snap: Snapshot; close(): Promise<void> }[] = []
  for (const blockRows of BLOCK_SIZES) {
    const store = await openStore({ clock: () => NOW_MS, blockRows, sealWorker: false, durability: 'none' })
    await store.datasets.create({ name: DATASET })
    await declare(store)
    await store.ingest(DATASET, events)
    await store.settle()
    const snap = store.snapshot()
    out.push({
      blockRows,
      snap,
      close: async () => {
        snap.release()
        await store.close()
      },
    })
  }
  // Most events sealed into block files, the rest in the unsealed tail (which stays in-process).
  const path = await mkdtemp(join(tmpdir(), 'apldb-random-parallel-'))
  const disk = await openStore({
    path,
    clock: () => NOW_MS,
    blockRows: PARALLEL_BLOCK_ROWS,
    durability: 'none',
  })
  await disk.datasets.create({ name: DATASET })
  await declare(disk)
  const sealed = Math.floor((events.length * 3) / 4)
  await disk.ingest(DATASET, events.slice(0, sealed))
  await disk.flush()
  await disk.ingest(DATASET, events.slice(sealed))
  const snap = disk.snapshot()
  const entry = {
    blockRows: PARALLEL_BLOCK_ROWS,
    parallel: 'on' as const,
    snap,
    close: async () => {
      snap.release()
      try {
        await disk.close()
      } finally {
        await rm(path, { recursive: true, force: true })
      }
    },
  }
  out.push(entry)
  return out
}

const notSupported = (e: unknown) =>
  (e instanceof ExecError && e.code === 'not_supported') || e instanceof OracleUnsupported

/** Counts the parallel executor's operators in a physical tree (passed as `observe`). */
function countParallel(op: PhysicalOperator): void {
  if (op.name === 'ParallelExec' || /parallel: /.test(op.explain())) counts.parallel++
  for (const c of op.children) countParallel(c)
}

/** Checks one query on every store; returns a failure report or undefined. */
async function check(
  stores: Awaited<ReturnType<typeof openStores>>,
  apl: string,
): Promise<string | undefined> {
  counts.queries++
  const bound = compileApl(apl, schemaFromSnapshot(stores[0].snap))
  if (!bound.plan) {
    counts.unbound++
    unboundWhy.push(`${apl}: ${bound.diagnostics.map((d) => d.message).join('; ')}`)
    return undefined
  }
  const ordered = bound.plan.order === 'explicit'
  for (const { blockRows, parallel, snap } of stores) {
    const where = `blockRows=${blockRows}${parallel ? ' parallel' : ''}`
    let ref: Awaited<ReturnType<typeof evaluate>>
    try {
      ref = await evaluate(snap, bound.plan, { now: NOW })
    } catch (e) {
      if (!notSupported(e)) throw e
      counts.skipped++
      skippedWhy.set(
        `reference: ${(e as Error).message}`,
        (skippedWhy.get(`reference: ${(e as Error).message}`) ?? 0) + 1,
      )
      return undefined
    }
    for (const optimize of [true, false]) {
      let got: typeof ref
      try {
        got = await runPlan(snap, bound.plan, {
          now: NOW,
          optimize,
          parallel,
          observe: countParallel,
          // Unoptimized runs also feed every summarize its input in pieces of 3 rows (batch-pieces.ts).
          ...(optimize ? {} : { pieceRows: 3 }),
        } as never)
      } catch (e) {
        if (!notSupported(e)) return `${apl}\n  [${where} optimize=${optimize}] engine threw ${String(e)}`
        counts.skipped++
        skippedWhy.set((e as Error).message, (skippedWhy.get((e as Error).message) ?? 0) + 1)
        if (process.env.APLDB_SHOW_SKIPS && (skippedWhy.get((e as Error).message) ?? 0) <= 2)
          console.log(`skip: ${apl}`)
        return undefined
      }
      counts.runs++
      const d = diffResults(got, ref, ordered, /\| (top|take) /.test(apl))
      if (d) {
        counts.mismatches++
        return `${apl}\n  [${where} optimize=${optimize}] ${d}`
      }
    }
  }
  return undefined
}

const kinds = new Set<string>()
/** True the first time a shape-level difference (not a row difference) is met, and for every row one. */
function isNewKind(failure: string): boolean {
  const first = failure
    .split('\n')[1]
    .replace(/\[[^\]]*\]/, '')
    .replace(/\d+/g, '#')
  if (/ row #:/.test(first)) return true
  if (kinds.has(first)) return false
  kinds.add(first)
  return true
}

/** Greedily drops events while `apl` still mismatches on some store, to shorten the report. */
async function minimize(events: GenEvent[], apl: string): Promise<GenEvent[]> {
  let cur = events
  const saved = { ...counts }
  for (let i = cur.length - 1; i >= 0 && cur.length > 1; i--) {
    const next = [...cur.slice(0, i), ...cur.slice(i + 1)]
    const stores = await openStores(next)
    try {
      if (await check(stores, apl)) cur = next
    } finally {
      for (const s of stores) await s.close()
    }
  }
  Object.assign(counts, saved)
  return cur
}

describe('random queries: engine = reference', () => {
  it('over random datasets, block sizes and optimizer on/off', async () => {
    await fc.assert(
      fc.asyncProperty(datasetArb, fc.gen(), async (events, g) => {
        const queries = Array.from({ length: QUERIES_PER_DATASET }, () => query(g))
        activeRuns++
        try {
          const stores = await openStores(events)
          try {
            for (const apl of queries) {
              const failure = await check(stores, apl)
              // Recorded, not thrown: one run then reports every kind of mismatch it met.
              if (failure && failures.length < MAX_REPORTS && isNewKind(failure))
                failures.push(`${failure}\n  data ${show(await minimize(events, apl))}`)
            }
          } finally {
            for (const s of stores) await s.close()
          }
        } finally {
          activeRuns--
        }
      }),
      { seed: SEED, numRuns: 2000, interruptAfterTimeLimit: TIME_LIMIT_MS, endOnFailure: true },
    )
    for (const f of failures) console.log(`MISMATCH ${f}`)
    expect(counts.mismatches).toBe(0)
    // The disk-backed store's queries did run on the parallel executor.
    expect(counts.parallel).toBeGreaterThan(0)
    // A generator whose queries mostly fail to bind tests nothing.
    expect(counts.unbound).toBeLessThan(counts.queries / 10 + 1)
  }, 120_000)
})
