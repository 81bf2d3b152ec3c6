// bench/suite-case.ts: one benchmark query measured in apldb (default options, so parallel 'auto')
// and in each DuckDB configuration, with the answers checked against each other
// (bench/result-agree.ts). A failing engine is recorded with its message; nothing here throws.
import type { DuckDBConnection } from '@duckdb/node-api'
import type { Apldb, QueryResult } from '../src/index.ts'
import { median, timeRuns, type WarmUp } from './bench-timing.ts'
import type { QueryCase } from './query-cases.ts'
import { disagreements, normalizeApldb, normalizeDuck } from './result-agree.ts'

/** A generous deadline: the default 30 s must not cut a slow query out of a 10M-event run. */
const DEADLINE_MS = 600_000

/** One engine's timing of one query. */
export interface Timing {
  /** Median of the timed runs, ms; NaN when the engine failed. */
  readonly ms: number
  readonly runsMs: readonly number[]
  /** The untimed warm-up's run count and first (cold) run; absent when the engine failed. */
  readonly warmUp?: WarmUp
  /** The engine's error message when the query failed. */
  readonly error?: string
}

/** apldb's timing plus its scan figures (from the last run's status). */
export interface ApldbTiming extends Timing {
  readonly rowsExamined: number
  readonly rowsMatched: number
  readonly blocksExamined: number
  readonly blocksPruned: number
  /** Blocks answered from their zone maps, no column decoded (one untimed explain run). */
  readonly blocksFromStats: number
  readonly isEstimate: boolean
}

/** A DuckDB configuration's timing plus the agreement check against apldb's answer. */
export interface DuckTiming extends Timing {
  readonly agree: boolean
  /** What differs (empty when the answers agree), at most three items. */
  readonly disagreements: readonly string[]
  /** Rows merged by the check (apldb groups the number 200 apart from '200'). */
  readonly mergedGroups: number
}

/** A DuckDB configuration the suite compares against. */
export interface DuckConfig {
  /** Printed name, e.g. 'DuckDB VARCHAR'. */
  readonly name: string
  readonly conn: DuckDBConnection
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** Times `c` in apldb; `last` receives the final run's result (for the agreement check). */
export async function timeApldb(
  store: Apldb,
  c: QueryCase,
): Promise<{ timing: ApldbTiming; last?: QueryResult }> {
  const opts = { ...c.window, ...(c.limit === undefined ? {} : { limit: c.limit }), deadlineMs: DEADLINE_MS }
  let last: QueryResult | undefined
  try {
    const { warmUp, runsMs } = await timeRuns(async () => {
      last = await store.queryResult(c.apl, opts)
    })
    const s = (last as QueryResult).status
    const explained = await store.explain(c.apl, opts)
    const timing = {
      ms: median(runsMs),
      runsMs,
      warmUp,
      rowsExamined: s.rowsExamined,
      rowsMatched: s.rowsMatched,
      blocksExamined: s.blocksExamined,
      blocksPruned: s.blocksPruned,
      blocksFromStats: explained.blocks.fromStats,
      isEstimate: s.isEstimate,
    }
    return { timing, last }
  } catch (e) {
    const none = {
      rowsExamined: 0,
      rowsMatched: 0,
      blocksExamined: 0,
      blocksPruned: 0,
      blocksFromStats: 0,
      isEstimate: false,
    }
    return { timing: { ms: Number.NaN, runsMs: [], error: message(e), ...none } }
  }
}

/** Times `c` in one DuckDB configuration and checks its exact answer against apldb's `answer`. */
export async function timeDuck(duck: DuckConfig, c: QueryCase, answer?: QueryResult): Promise<DuckTiming> {
  let timed: Awaited<ReturnType<typeof timeRuns>>
  try {
    timed = await timeRuns(() => duck.conn.runAndReadAll(c.sql))
  } catch (e) {
    return { ms: Number.NaN, runsMs: [], error: message(e), agree: false, disagreements: [], mergedGroups: 0 }
  }
  const timing = { ms: median(timed.runsMs), ...timed }
  if (!answer) return { ...timing, agree: false, disagreements: ['apldb gave no answer'], mergedGroups: 0 }
  try {
    const apl = normalizeApldb(c, answer)
    const diffs = disagreements(c, apl, normalizeDuck(c, await duck.conn.runAndReadAll(c.checkSql ?? c.sql)))
    return { ...timing, agree: diffs.length === 0, disagreements: diffs, mergedGroups: apl.merged }
  } catch (e) {
    return { ...timing, agree: false, disagreements: [`check failed: ${message(e)}`], mergedGroups: 0 }
  }
}

/** One query's figures in every engine. */
export interface SuiteCaseResult {
  readonly id: string
  readonly title: string
  readonly apl: string
  readonly sql: string
  readonly apldb: ApldbTiming
  /** One per DuckDB configuration, in the order given. */
  readonly duckdb: readonly (DuckTiming & { readonly config: string })[]
  /** apldb ms / the faster DuckDB configuration's ms (below 1: apldb is faster). */
  readonly ratio: number
}

/** Measures `c` in apldb, then in every DuckDB configuration. */
export async function runSuiteCase(
  store: Apldb,
  ducks: readonly DuckConfig[],
  c: QueryCase,
): Promise<SuiteCaseResult> {
  const { timing, last } = await timeApldb(store, c)
  const duckdb: (DuckTiming & { config: string })[] = []
  for (const d of ducks) duckdb.push({ config: d.name, ...(await timeDuck(d, c, last)) })
  const fastest = Math.min(...duckdb.map((d) => (Number.isNaN(d.ms) ? Number.POSITIVE_INFINITY : d.ms)))
  return {
    id: c.id,
    title: c.title,
    apl: c.apl,
    sql: c.sql,
    apldb: timing,
    duckdb,
    ratio: timing.ms / fastest,
  }
}
