// ops/count-by-key.ts: `summarize count() … by` without a group id per row: a dictionary-coded key
// counts per dictionary entry, a number or time key counts runs of equal values (time-ordered blocks
// give long runs), and the two combine (a time bin by a field); each used entry or run costs one
// group lookup.
import type { AggState } from '../agg/index.ts'
import type { StrVec, Vec } from '../vector.ts'
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
  const str = dictionaryOf(keys[0])
  if (!str) return false
  const codes = str.codes
  const { counts, seen, others } = buffers(str.dict.length, rows.length)
  const used = countCodes(codes, rows, 0, rows.length, counts, seen, others)
  const dict = groups.keys[0]
  try {
    for (let k = 0; k < used; k += 2) {
      const gid = groups.groupOfKey(dict.entryId(str, seen[k], seen[k + 1]), born)
      const n = counts[seen[k]]
      for (let a = 0; a < states.length; a++) states[a][gid].addNumbers(EMPTY, null, 0, n)
    }
  } finally {
    clearSeen(counts, seen, used)
  }
  if (others.n > 0) countOthers(groups, keys, others, states, born, scratch)
  return true
}

/** Counts the rows whose dictionary code is negative (nulls, other types) the general way. */
function countOthers(
  groups: GroupIndex,
  keys: readonly Vec[],
  others: RowList,
  states: readonly (readonly AggState[])[],
  born: (gid: number) => void,
  scratch: GroupScratch,
): void {
  const gids = groups.assign(keys, others.rows.subarray(0, others.n), born)
  const sizes = scratch.sizes(gids, groups.size)
  for (let k = 0; k < sizes.groups.length; k++)
    for (let a = 0; a < states.length; a++)
      states[a][sizes.groups[k]].addNumbers(EMPTY, null, sizes.starts[k], sizes.starts[k + 1])
}

/** The dictionary-coded part of a key (a string column, or a split mixed column's string part). */
function dictionaryOf(key: Vec): StrVec | undefined {
  return key.kind === 'str' ? key : key.kind === 'mixed' && key.parts ? stringPart(key) : undefined
}

/** Runs shorter than this on average send a batch down the general path (a lookup per run would not pay). */
const MIN_MEAN_RUN = 8

/**
 * `summarize count() by t, k` (either order) with one number or time key t (a time bin, most often)
 * and one dictionary-coded key k: within each run of equal t (time-ordered blocks give long runs),
 * rows count per dictionary entry, and each (run, used entry) costs one group lookup instead of one
 * per row. Rows outside k's string part take the general path. False (nothing done) for other keys,
 * or when the batch's runs are too short to pay.
 */
export function countByRunsAndDictionary(
  groups: GroupIndex,
  keys: readonly Vec[],
  rows: Uint32Array,
  states: readonly (readonly AggState[])[],
  born: (gid: number) => void,
  scratch: GroupScratch,
): boolean {
  if (keys.length !== 2) return false
  const [k0, k1] = keys
  const runAt = isRunKey(k0) && dictionaryOf(k1) ? 0 : isRunKey(k1) && dictionaryOf(k0) ? 1 : -1
  if (runAt < 0) return false
  const runKey = keys[runAt] as RunKey
  const str = dictionaryOf(keys[1 - runAt]) as StrVec
  const ends = runEnds(runKey, rows)
  if (ends.length * MIN_MEAN_RUN > rows.length) return false
  const codes = str.codes
  const { counts, seen, others } = buffers(str.dict.length, rows.length)
  const entryIds = new Int32Array(str.dict.length).fill(-1)
  const runIds = groups.keys[runAt]
  const entries = groups.keys[1 - runAt]
  let start = 0
  for (let r = 0; r < ends.length; r++) {
    const used = countCodes(codes, rows, start, ends[r], counts, seen, others)
    try {
      if (used > 0) {
        const runId = runIds.idAt(runKey, rows[start])
        for (let k = 0; k < used; k += 2) {
          const c = seen[k]
          let eid = entryIds[c]
          if (eid < 0) eid = entryIds[c] = entries.entryId(str, c, seen[k + 1])
          const gid =
            runAt === 0 ? groups.groupOfPair(runId, eid, born) : groups.groupOfPair(eid, runId, born)
          const n = counts[c]
          for (let a = 0; a < states.length; a++) states[a][gid].addNumbers(EMPTY, null, 0, n)
        }
      }
    } finally {
      clearSeen(counts, seen, used)
    }
    start = ends[r]
  }
  if (others.n > 0) countOthers(groups, keys, others, states, born, scratch)
  return true
}

// Leaf loops: a hot loop alone in its function stays optimized from one batch to the next.

/**
 * Counts the codes of `rows[from .. to)` per entry into `counts` (zero on entry); writes (entry,
 * first row) pairs of newly seen entries into `seen`, in first-seen order, and the rows with a
 * negative code (null, or held by another part) into `others` from `others.n` on; returns the used
 * length of `seen`.
 */
function countCodes(
  codes: Int32Array,
  rows: Uint32Array,
  from: number,
  to: number,
  counts: Int32Array,
  seen: Int32Array,
  others: RowList,
): number {
  let s = 0
  const rest = others.rows
  for (let j = from; j < to; j++) {
    const c = codes[rows[j]]
    // `others.n` moves inside the (rare) branch: after the loop only `return` may follow.
    if (c < 0) rest[others.n++] = rows[j]
    else if (counts[c]++ === 0) {
      seen[s] = c
      seen[s + 1] = rows[j]
      s += 2
    }
  }
  return s
}

/** Zeroes the counts of the entries in `seen[0, used)`. */
function clearSeen(counts: Int32Array, seen: Int32Array, used: number): void {
  for (let k = 0; k < used; k += 2) counts[seen[k]] = 0
}

/** A growing list of row indices (room for every row of the batch). */
interface RowList {
  rows: Uint32Array
  n: number
}

/**
 * Scratch of the counting loops, reused from batch to batch (they run to completion, never
 * interleaved): per-entry counts (all zero between uses: a user clears the entries it counted, also
 * when it throws), the seen (entry, row) pairs, and the other rows. Grown on demand, never shrunk.
 */
const SCRATCH = {
  counts: new Int32Array(256),
  seen: new Int32Array(512),
  others: { rows: new Uint32Array(0), n: 0 },
}

function buffers(entries: number, rows: number): { counts: Int32Array; seen: Int32Array; others: RowList } {
  if (SCRATCH.counts.length < entries)
    SCRATCH.counts = new Int32Array(Math.max(entries, 2 * SCRATCH.counts.length))
  const pairs = 2 * Math.min(entries, rows)
  if (SCRATCH.seen.length < pairs) SCRATCH.seen = new Int32Array(Math.max(pairs, 2 * SCRATCH.seen.length))
  if (SCRATCH.others.rows.length < rows)
    SCRATCH.others.rows = new Uint32Array(Math.max(rows, 2 * SCRATCH.others.rows.length))
  SCRATCH.others.n = 0
  return SCRATCH
}

/** A key whose equal values come in runs (time-ordered blocks): a number or a time. */
type RunKey = Extract<Vec, { kind: 'num' | 'time' }>

function isRunKey(v: Vec): v is RunKey {
  return v.kind === 'num' || v.kind === 'time'
}

/** Ends of the runs of equal keys in `rows` (nulls equal nulls): run r is [ends[r-1] or 0, ends[r]). */
function runEnds(v: RunKey, rows: Uint32Array): Uint32Array {
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
