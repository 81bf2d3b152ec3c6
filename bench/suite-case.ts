// bench/suite-case.ts: one benchmark query measured in apldb (default options, so parallel 'auto')
// and in each peer (DuckDB VARCHAR and ENUM, ClickHouse), under both warm-up rules (one warm-up run
// first, then the suite's warm-up), with every peer's exact answer checked against apldb's
// (bench/result-agree.ts). A failing engine is recorded with its message; nothing here throws.
import type { Apldb, QueryResult } from '../src/index.ts'
import { median, ONE_WARM_UP, timeRuns, WARM_UP, type WarmUp, type WarmUpRule } from './bench-timing.ts'
import type { QueryCase } from './query-cases.ts'
import { disagreements, normalizeApldb, normalizeRows } from './result-agree.ts'

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

/** A peer's timing plus the agreement check against apldb's answer. */
export interface PeerTiming extends Timing {
  readonly agree: boolean
  /** What differs (empty when the answers agree), at most three items. */
  readonly disagreements: readonly string[]
  /** Rows merged by the check (apldb groups the number 200 apart from '200'). */
  readonly mergedGroups: number
}

/** A SQL engine the suite compares against. */
export interface Peer {
  /** Printed name, e.g. 'DuckDB VARCHAR'. */
  readonly name: string
  /** The timed SQL of a case and the exact SQL its answer is checked with. */
  sql(c: QueryCase): { readonly timed: string; readonly check: string }
  /** Runs SQL to its materialized result (what is timed). */
  run(sql: string): Promise<unknown>
  /** Runs SQL and returns named columns and JS rows (untimed, for the check). */
  rows(sql: string): Promise<{ names: readonly string[]; rows: readonly (readonly unknown[])[] }>
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

const NO_SCAN = {
  rowsExamined: 0,
  rowsMatched: 0,
  blocksExamined: 0,
  blocksPruned: 0,
  blocksFromStats: 0,
  isEstimate: false,
}

/** apldb's query options for `c`. */
export const apldbOptions = (c: QueryCase) => ({
  ...c.window,
  ...(c.limit === undefined ? {} : { limit: c.limit }),
  deadlineMs: DEADLINE_MS,
})

/** Times `c` in apldb under `rule`; `last` receives the final run's result (for the agreement check). */
export async function timeApldb(
  store: Apldb,
  c: QueryCase,
  rule: WarmUpRule = WARM_UP,
): Promise<{ timing: ApldbTiming; last?: QueryResult }> {
  const opts = apldbOptions(c)
  let last: QueryResult | undefined
  try {
    const { warmUp, runsMs } = await timeRuns(async () => {
      last = await store.queryResult(c.apl, opts)
    }, rule)
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
    return { timing: { ms: Number.NaN, runsMs: [], error: message(e), ...NO_SCAN } }
  }
}

/** Times `c` in one peer under `rule`. */
async function timePeerRuns(peer: Peer, c: QueryCase, rule: WarmUpRule): Promise<Timing> {
  try {
    const sql = peer.sql(c).timed
    const timed = await timeRuns(() => peer.run(sql), rule)
    return { ms: median(timed.runsMs), ...timed }
  } catch (e) {
    return { ms: Number.NaN, runsMs: [], error: message(e) }
  }
}

/** Times `c` in `peer` (suite warm-up) and checks its exact answer against apldb's `answer`. */
export async function timePeer(peer: Peer, c: QueryCase, answer?: QueryResult): Promise<PeerTiming> {
  const timing = await timePeerRuns(peer, c, WARM_UP)
  if (timing.error) return { ...timing, agree: false, disagreements: [], mergedGroups: 0 }
  if (!answer) return { ...timing, agree: false, disagreements: ['apldb gave no answer'], mergedGroups: 0 }
  try {
    const apl = normalizeApldb(c, answer)
    const got = await peer.rows(peer.sql(c).check)
    const diffs = disagreements(c, apl, normalizeRows(c, peer.name, got.names, got.rows), 3, peer.name)
    return { ...timing, agree: diffs.length === 0, disagreements: diffs, mergedGroups: apl.merged }
  } catch (e) {
    return { ...timing, agree: false, disagreements: [`check failed: ${message(e)}`], mergedGroups: 0 }
  }
}

/** The medians after one warm-up run (`--warmup 1`), measured before the suite's warm-up. */
export interface OneWarmUp {
  readonly apldbMs: number
  /** One per peer, in the peers' order. */
  readonly peersMs: readonly number[]
  /** apldb ms / the best peer's ms. */
  readonly ratio: number
}

/** One query's figures in every engine. */
export interface SuiteCaseResult {
  readonly id: string
  readonly title: string
  readonly apl: string
  readonly sql: string
  readonly chSql: string
  /** Suite warm-up. */
  readonly apldb: ApldbTiming
  /** One per peer, in the order given (suite warm-up). */
  readonly peers: readonly (PeerTiming & { readonly config: string })[]
  /** apldb ms / the best peer's ms (below 1: apldb is faster), suite warm-up. */
  readonly ratio: number
  /** Name of the best peer (suite warm-up). */
  readonly best: string
  readonly oneWarmUp: OneWarmUp
  /** First query after openStore (fresh workers, nothing decoded), ms; set by bench/cold-queries.ts. */
  coldMs?: number
}

/** apldb ms over the fastest of `peersMs` (NaN-safe), and that peer's index. */
export function bestPeer(apldbMs: number, peersMs: readonly number[]): { ratio: number; index: number } {
  let index = -1
  for (let i = 0; i < peersMs.length; i++) {
    if (Number.isFinite(peersMs[i]) && (index < 0 || peersMs[i] < peersMs[index])) index = i
  }
  return { ratio: index < 0 ? Number.NaN : apldbMs / peersMs[index], index }
}

/** Measures `c` with one warm-up run in every engine, then with the suite's warm-up (and checks). */
export async function runSuiteCase(
  store: Apldb,
  peers: readonly Peer[],
  c: QueryCase,
): Promise<SuiteCaseResult> {
  const oneApldb = (await timeApldb(store, c, ONE_WARM_UP)).timing.ms
  const onePeers: number[] = []
  for (const p of peers) onePeers.push((await timePeerRuns(p, c, ONE_WARM_UP)).ms)
  const { timing, last } = await timeApldb(store, c)
  const results: (PeerTiming & { config: string })[] = []
  for (const p of peers) results.push({ config: p.name, ...(await timePeer(p, c, last)) })
  const best = bestPeer(
    timing.ms,
    results.map((r) => r.ms),
  )
  return {
    id: c.id,
    title: c.title,
    apl: c.apl,
    sql: c.sql,
    chSql: c.chSql,
    apldb: timing,
    peers: results,
    ratio: best.ratio,
    best: results[best.index]?.config ?? '—',
    oneWarmUp: { apldbMs: oneApldb, peersMs: onePeers, ratio: bestPeer(oneApldb, onePeers).ratio },
  }
}
