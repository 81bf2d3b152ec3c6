// exec/parallel/mode.ts: whether a query may run on worker threads: the query option `parallel`
// ('auto' | 'on' | 'off'), else the APLDB_PARALLEL environment variable, else 'auto'; and the
// 'auto' rule that keeps small scans in-process, where a round trip costs more than it saves.
import { ExecError } from '../context.ts'
import type { ScanSplit } from './units.ts'

/** 'auto': large scans only; 'on': every scan that can (tests); 'off': never. */
export type ParallelMode = 'auto' | 'on' | 'off'

/** The environment variable that sets the mode of queries that do not pass one. */
export const PARALLEL_ENV = 'APLDB_PARALLEL'

const MODES: readonly ParallelMode[] = ['auto', 'on', 'off']

/**
 * 'auto' runs a fragment in parallel only when at least this many rows survive pruning. Below it a
 * typical query costs under ~20 ms in-process, and the fixed cost of a parallel run (0.5–4 ms:
 * plan encoding, round trips, merging states) plus its extra per-row CPU eats most of what two
 * cores save (measurements in exec/parallel/DESIGN.md).
 */
export const AUTO_MIN_ROWS = 200_000

/**
 * …or this many for a fragment whose aggregations are all cheap per row (CHEAP_KINDS: counts, sums,
 * averages, extremes, dcount; `count` itself): a few ns per row in-process, so a parallel run pays
 * later. 2 vCPUs, medians of 30 alternating runs (lead, 2026-11-28): at 1M rows `avg, max by method`
 * 5.8 ms in-process against 7.7 in parallel, `dcount(id)` 6.0 against 8.1, `dcount(id) by country`
 * 20.8 against 30.0; at 10M 38.6 against 37.9, 35.1 against 29.1, 108.7 against 92.6. Earlier:
 * `count() by bin(_time, 1h)` over 1M rows 11 ms and 21 ms; at 10M parallel won, 95 against 164 ms.
 * (Percentiles, with t-digests then, took 54.5 ms in-process against 41.6 in parallel at 1M; they now
 * keep exact values and stay in-process: EXACT_VALUE_KINDS.)
 */
export const AUTO_MIN_CHEAP_ROWS = 2_000_000

/** Aggregation state kinds cheap enough per row to stay in-process below AUTO_MIN_CHEAP_ROWS. */
export const CHEAP_KINDS: ReadonlySet<string> = new Set([
  'count',
  'countif',
  'sum',
  'avg',
  'min',
  'max',
  'dcount',
])

/**
 * Aggregation state kinds that keep their values exactly (exec/agg/exact-values.ts: percentiles and
 * histogram, within the summarize's exact budget): a partial state then carries every value it was
 * fed, so a parallel run ships the scanned column to the main thread. 'auto' keeps them in-process.
 * 2 vCPUs, `percentile(req_duration_ms, 95), percentile(req_duration_ms, 99) by server_datacenter`
 * (lead, 2026-11-29, five runs each): at 1M rows 22–27 ms in-process against 74–84 ms in parallel; at
 * 10M 165–267 ms against 763–898 ms.
 */
export const EXACT_VALUE_KINDS: ReadonlySet<string> = new Set([
  'percentile',
  'percentiles_array',
  'histogram',
])

/** …and at least this many blocks (one block is one unit: nothing to share). */
export const AUTO_MIN_BLOCKS = 2

/** The mode for a query that asked for `option` (invalid values are the caller's error). */
export function resolveMode(option: string | undefined): ParallelMode {
  if (option !== undefined) {
    if (!MODES.includes(option as ParallelMode))
      throw new ExecError('invalid_argument', `parallel must be 'auto', 'on' or 'off', got '${option}'`)
    return option as ParallelMode
  }
  const env = process.env[PARALLEL_ENV]
  return env !== undefined && MODES.includes(env as ParallelMode) ? (env as ParallelMode) : 'auto'
}

/** True when a scan split this way should run in parallel under `mode`. */
export function wantParallel(mode: ParallelMode, split: ScanSplit): boolean {
  if (mode === 'off' || split.survivors.length === 0) return false
  if (mode === 'on') return true
  return split.rows >= AUTO_MIN_ROWS && split.survivors.length >= AUTO_MIN_BLOCKS
}
