// ops/count-by-key.ts: `summarize count() … by k` with one key, without a group id per row: a
// dictionary-coded key counts per dictionary entry, a number or time key counts runs of equal values
// (time-ordered blocks give long runs), and each used entry or run costs one group lookup.
import type { AggState } from '../agg/index.ts'
import type { Vec } from '../vector.ts'
import { stringPart } from '../vector.ts'
import { EMPTY, type GroupScratch } from './agg-feed.ts'
import type { AggSpec } from './agg-spec.ts'
import type { GroupIndex } from './group-keys.ts'

/** True when every aggregation is a plain `count()` (no value, no predicate). */
export function onlyPlainCounts(specs: readonly AggSpec[]): boolean {
  return specs.length > 0 && specs.every((s) => s.value === null && s.predicate === null && !s.payload)
}

/**
 * `summarize count() … by k` with one dictionary-coded key (a string column, or a split mixed
 * column's string part): counts per dictionary entry over the batch, then one group lookup and one
 * add per used entry instead of one per row. Rows outside the string part (nulls, other types) take
 * the general path. False (nothing done) when the key is not dictionary-coded.
 */
export function countByDictionary(
  groups: GroupIndex,
  keys: readonly Vec[],
  rows: Uint32Array,
  states: readonly (readonly AggState[])[],
  born: (gid: number) => void,
  scratch: GroupScratch,
): boolean {
  if (keys.length !== 1) return false
  const key = keys[0]
  const str = key.kind === 'str' ? key : key.kind === 'mixed' && key.parts ? stringPart(key) : undefined
  if (!str) return false
  const codes = str.codes
  const counts = new Int32Array(str.dict.length)
  // Entries in first-seen order, each with the row where it was first seen (to record its cell).
  const seen = new Int32Array(2 * Math.min(str.dict.length, rows.length))
  const used = countCodes(codes, rows, counts, seen)
  const others = rows.length - sumCounts(counts, seen, used)
  const dict = groups.keys[0]
  for (let k = 0; k < used; k += 2) {
    const gid = groups.groupOfKey(dict.entryId(str, seen[k], seen[k + 1]), born)
    const n = counts[seen[k]]
    for (let a = 0; a < states.length; a++) states[a][gid].addNumbers(EMPTY, null, 0, n)
  }
  if (others > 0) {
    // One spare slot: the branch-free copy writes one row past the last kept one.
    const rest = new Uint32Array(others + 1)
    nullCodeRows(codes, rows, rest)
    const gids = groups.assign(keys, rest.subarray(0, others), born)
    const sizes = scratch.sizes(gids, groups.size)
    for (let k = 0; k < sizes.groups.length; k++)
      for (let a = 0; a < states.length; a++)
        states[a][sizes.groups[k]].addNumbers(EMPTY, null, sizes.starts[k], sizes.starts[k + 1])
  }
  return true
}

// Leaf loops: a hot loop alone in its function stays optimized from one batch to the next.

/**
 * Counts `codes` of `rows` per entry into `counts` (zero on entry); writes (entry, first row) pairs of
 * newly seen entries into `seen`, in first-seen order; returns the used length of `seen`.
 */
function countCodes(codes: Int32Array, rows: Uint32Array, counts: Int32Array, seen: Int32Array): number {
  let s = 0
  for (let j = 0; j < rows.length; j++) {
    const c = codes[rows[j]]
    if (c >= 0 && counts[c]++ === 0) {
      seen[s] = c
      seen[s + 1] = rows[j]
      s += 2
    }
  }
  return s
}

/** Rows counted under the seen entries. */
function sumCounts(counts: Int32Array, seen: Int32Array, used: number): number {
  let total = 0
  for (let k = 0; k < used; k += 2) total += counts[seen[k]]
  return total
}

/** The rows of `rows` whose code is negative (null, or held by another part), into `out`. */
function nullCodeRows(codes: Int32Array, rows: Uint32Array, out: Uint32Array): void {
  let m = 0
  for (let j = 0; j < rows.length; j++) {
    out[m] = rows[j]
    m += codes[rows[j]] < 0 ? 1 : 0
  }
}

/** Ends of the runs of equal keys in `rows` (nulls equal nulls): run r is [ends[r-1] or 0, ends[r]). */
function runEnds(v: Extract<Vec, { kind: 'num' | 'time' }>, rows: Uint32Array): Uint32Array {
  const ends = new Uint32Array(rows.length)
  const a = v.kind === 'num' ? v.values : v.ms
  const b = v.kind === 'time' ? v.ns : null
  let r: number
  if (v.valid !== null) r = endsWithNulls(a, b, v.valid, rows, ends)
  else if (b === null) r = endsOf(a, rows, ends)
  else r = endsOfPairs(a, b, rows, ends)
  if (rows.length > 0) ends[r++] = rows.length
  return ends.subarray(0, r)
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
 * `summarize count() … by k` with one number or time key (a time bin, most often): rows of a run of
 * equal keys (time-ordered blocks give long runs) are counted together, one group lookup per run
 * instead of one per row. False (nothing done) for other keys.
 */
export function countByRuns(
  groups: GroupIndex,
  keys: readonly Vec[],
  rows: Uint32Array,
  states: readonly (readonly AggState[])[],
  born: (gid: number) => void,
): boolean {
  if (keys.length !== 1) return false
  const key = keys[0]
  if (key.kind !== 'num' && key.kind !== 'time') return false
  const dict = groups.keys[0]
  const ends = runEnds(key, rows)
  let start = 0
  for (let r = 0; r < ends.length; r++) {
    const gid = groups.groupOfKey(dict.idAt(key, rows[start]), born)
    for (let a = 0; a < states.length; a++) states[a][gid].addNumbers(EMPTY, null, 0, ends[r] - start)
    start = ends[r]
  }
  return true
}
