// ops/key-runs.ts: runs of equal group keys over a batch's rows, for count-by-key.ts: compared row
// by row, or, on a time-ordered block (tested, never assumed) and its bins, found by galloping
// search, a few probes per run. Results live in module scratch, valid until the next call.
import { ascendingRows, ascendingTimes, firstAtLeast } from '../time-order.ts'
import type { Vec } from '../vector.ts'

/**
 * The last call's run ends (run r is rows [ends[r-1] or 0, ends[r])) and, from `binRuns`, each run's
 * bin (ms). Grown on demand, never shrunk; read before the next call.
 */
export const RUNS = { ends: new Uint32Array(0), bins: new Float64Array(0) }

function scratch(rows: number): typeof RUNS {
  if (RUNS.ends.length < rows) {
    const size = Math.max(rows, 2 * RUNS.ends.length)
    RUNS.ends = new Uint32Array(size)
    RUNS.bins = new Float64Array(size)
  }
  return RUNS
}

/** A key whose equal values come in runs (time-ordered blocks): a number or a time. */
export type RunKey = Extract<Vec, { kind: 'num' | 'time' }>

/** Whether `v` is a number or a time (a key whose equal values come in runs). */
export function isRunKey(v: Vec): v is RunKey {
  return v.kind === 'num' || v.kind === 'time'
}

/**
 * Ends of the runs of equal keys in `rows` (nulls equal nulls): run r is [ends[r-1] or 0, ends[r]).
 * Read-only, valid until the next call. An ascending time key over ascending rows (a time-ordered
 * block, or its bins) finds each run by galloping search instead of comparing every row.
 */
export function runEnds(v: RunKey, rows: Uint32Array): Uint32Array {
  const ends = scratch(rows.length).ends
  let r: number
  // Checked again on every batch: `rows` is a new list each time (a cheap pass next to per-row compares).
  if (v.kind === 'time' && rows.length > 0 && ascendingTimes(v) && ascendingRows(rows))
    return ends.subarray(0, ascendingEnds(v.ms, v.ns, rows, ends))
  const a = v.kind === 'num' ? v.values : v.ms
  const b = v.kind === 'time' ? v.ns : null
  if (v.valid !== null) r = endsWithNulls(a, b, v.valid, rows, ends)
  else if (b === null) r = endsOf(a, rows, ends)
  else r = endsOfPairs(a, b, rows, ends)
  if (rows.length > 0) ends[r++] = rows.length
  return ends.subarray(0, r)
}

/**
 * Run ends of ascending (ms, ns) over ascending `rows` (non-empty): a run's rows are the rows from
 * its first up to the first row index past its time, found by galloping search in the vector, then
 * in `rows`. Returns the run count, the last end (`rows.length`) included.
 */
function ascendingEnds(ms: Float64Array, ns: Int32Array, rows: Uint32Array, ends: Uint32Array): number {
  const n = rows.length
  const last = rows[n - 1] + 1
  let r = 0
  for (let j = 0; j < n; ) {
    const i = rows[j]
    j = firstAtLeast(rows, firstPast(ms, ns, ms[i], ns[i], i + 1, last), j + 1, n)
    ends[r++] = j
  }
  return r
}

/** The first index in `[from, to)` whose (ms, ns) is above (m, k), on ascending pairs (or `to`). */
function firstPast(ms: Float64Array, ns: Int32Array, m: number, k: number, from: number, to: number): number {
  let lo = from
  let hi = from
  let step = 1
  while (hi < to && (ms[hi] < m || (ms[hi] === m && ns[hi] <= k))) {
    lo = hi + 1
    hi = from + step
    step *= 2
  }
  if (hi > to) hi = to
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (ms[mid] < m || (ms[mid] === m && ns[mid] <= k)) lo = mid + 1
    else hi = mid
  }
  return lo
}

function endsOf(a: Float64Array, rows: Uint32Array, ends: Uint32Array): number {
  let r = 0
  for (let j = 1; j < rows.length; j++) if (a[rows[j]] !== a[rows[j - 1]]) ends[r++] = j
  return r
}

function endsOfPairs(a: Float64Array, b: Int32Array, rows: Uint32Array, ends: Uint32Array): number {
  let r = 0
  for (let j = 1; j < rows.length; j++) {
    const i = rows[j]
    const k = rows[j - 1]
    if (a[i] !== a[k] || b[i] !== b[k]) ends[r++] = j
  }
  return r
}

function endsWithNulls(
  a: Float64Array,
  b: Int32Array | null,
  valid: Uint8Array,
  rows: Uint32Array,
  ends: Uint32Array,
): number {
  let r = 0
  for (let j = 1; j < rows.length; j++) {
    const i = rows[j]
    const k = rows[j - 1]
    const same = valid[i] === valid[k] && (valid[i] !== 1 || (a[i] === a[k] && (b === null || b[i] === b[k])))
    if (!same) ends[r++] = j
  }
  return r
}

/**
 * Runs of equal bins (floor to `stepMs`) of ascending `ms` over ascending `rows` (non-empty), found
 * by galloping search: each run's end into RUNS.ends, its bin (ms) into RUNS.bins; returns the run
 * count, or -1 as soon as there are more than `maxRuns` (too short to pay).
 */
export function binRuns(ms: Float64Array, stepMs: number, rows: Uint32Array, maxRuns: number): number {
  const { ends, bins } = scratch(rows.length)
  return binEnds(ms, stepMs, rows, ends, bins, maxRuns)
}

function binEnds(
  ms: Float64Array,
  stepMs: number,
  rows: Uint32Array,
  ends: Uint32Array,
  bins: Float64Array,
  maxRuns: number,
): number {
  const n = rows.length
  const last = rows[n - 1] + 1
  let r = 0
  for (let j = 0; j < n; ) {
    if (r > maxRuns) return -1
    const lo = Math.floor(ms[rows[j]] / stepMs) * stepMs
    j = firstAtLeast(rows, firstAtLeast(ms, lo + stepMs, rows[j] + 1, last), j + 1, n)
    bins[r] = lo
    ends[r++] = j
  }
  return r > maxRuns ? -1 : r
}
