// ops/count-by-key.ts: `summarize count() … by` without a group id per row: a dictionary-coded key
// counts per dictionary entry, a number or time key counts runs of equal values (time-ordered blocks
// give long runs), and the two combine (a time bin by a field); each used entry or run costs one
// group lookup. A split key's number part counts per distinct value the same way.
import type { BoundExpr, ExprOf } from '../../plan/index.ts'
import type { AggState } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { wholeMsStep } from '../kernels/binning.ts'
import { leafCall } from '../leaf-call.ts'
import { ascendingRows, ascendingTimes, consecutiveRows } from '../time-order.ts'
import type { NumVec, StrVec, Vec } from '../vector.ts'
import { stringPart } from '../vector.ts'
import { EMPTY, type GroupScratch } from './agg-feed.ts'
import type { AggSpec } from './agg-spec.ts'
import type { GroupIndex } from './group-keys.ts'
import { binRuns, isRunKey, RUNS, type RunKey, runEnds } from './key-runs.ts'

/** True when every aggregation is a plain `count()` (no value, no predicate). */
export function onlyPlainCounts(specs: readonly AggSpec[]): boolean {
  return specs.length > 0 && specs.every((s) => s.value === null && s.predicate === null && !s.payload)
}

/**
 * `summarize count() … by k` with one dictionary-coded key (a string column, or a split mixed
 * column's string part): counts per dictionary entry over the batch, then one group lookup and one
 * add per used entry instead of one per row. Rows of a number part count per distinct value; the
 * rest (nulls, NaN, other types) take the general path. False (nothing done) when the key is not
 * dictionary-coded.
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
  const used = countRows(codes, rows, 0, rows.length, counts, seen, others)
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
  const num = numberPartOf(keys[0], str)
  if (num && others.n > 0) {
    const distinct = countNumbers(num, others, 0)
    for (let k = 0; k < distinct; k++) {
      const gid = groups.groupOfKey(dict.numberId(num, NUMBERS.rows[k]), born)
      const n = NUMBERS.counts[k]
      for (let a = 0; a < states.length; a++) states[a][gid].addNumbers(EMPTY, null, 0, n)
    }
  }
  if (others.n > 0) countOthers(groups, keys, others, states, born, scratch)
  return true
}

/** The number part of a split mixed key whose other part is `str` (a field of strings and numbers). */
function numberPartOf(key: Vec, str: StrVec): NumVec | undefined {
  if (key.kind !== 'mixed' || !key.parts || key.parts.length !== 2) return undefined
  const p = key.parts[0] === str ? key.parts[1] : key.parts[0]
  return p.kind === 'num' ? p : undefined
}

/** Most distinct numbers counted apart per stretch of rows; rows with more take the general path. */
const MAX_NUMBERS = 32

/** Distinct numbers of one stretch of rows: value, row count, first row (scratch of `countNumbers`). */
const NUMBERS = {
  values: new Float64Array(MAX_NUMBERS),
  counts: new Int32Array(MAX_NUMBERS),
  rows: new Uint32Array(MAX_NUMBERS),
}

/**
 * Counts the rows `others.rows[from .. others.n)` that `num` holds per distinct value into NUMBERS
 * (first seen first; -0 is 0); returns how many values. The other rows (null there, NaN, or past
 * MAX_NUMBERS values) stay in `others`, moved down from `from` on.
 */
function countNumbers(num: NumVec, others: RowList, from: number): number {
  const to = others.n
  others.n = from
  return leafCall(
    countValues,
    num.values,
    num.valid,
    others,
    from,
    to,
    NUMBERS.values,
    NUMBERS.counts,
    NUMBERS.rows,
  )
}

/** countNumbers' loop (a leaf). */
function countValues(
  values: Float64Array,
  valid: Uint8Array | null,
  others: RowList,
  from: number,
  to: number,
  seen: Float64Array,
  counts: Int32Array,
  firsts: Uint32Array,
): number {
  const rest = others.rows
  let distinct = 0
  for (let j = from; j < to; j++) {
    const i = rest[j]
    const x = values[i]
    // Null in this part, or NaN (equal to nothing in the linear search): the general path.
    if ((valid !== null && valid[i] !== 1) || Number.isNaN(x)) {
      rest[others.n++] = i
      continue
    }
    let k = 0
    while (k < distinct && seen[k] !== x) k++
    if (k < distinct) counts[k]++
    else if (distinct < seen.length) {
      seen[distinct] = x
      counts[distinct] = 1
      firsts[distinct++] = i
    } else rest[others.n++] = i
  }
  return distinct
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
 * per row; rows of k's number part count per (run, distinct value). The rest (nulls, NaN, other
 * types) take the general path. False (nothing done) for other keys, or when the batch's runs are
 * too short to pay.
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
  const runIds = groups.keys[runAt]
  const others = countPerRun(
    groups,
    runAt,
    keys[1 - runAt],
    str,
    rows,
    ends,
    ends.length,
    states,
    born,
    (start) => runIds.idAt(runKey, rows[start]),
  )
  if (others.n > 0) countOthers(groups, keys, others, states, born, scratch)
  return true
}

/**
 * The counting of countByRunsAndDictionary over given runs (run r: rows [ends[r-1] or 0, ends[r])),
 * the run key at `runAt`, `runId(first row position)` its id in the run key's dictionary. Returns
 * the rows left for the general path.
 */
function countPerRun(
  groups: GroupIndex,
  runAt: number,
  key: Vec,
  str: StrVec,
  rows: Uint32Array,
  ends: Uint32Array,
  runCount: number,
  states: readonly (readonly AggState[])[],
  born: (gid: number) => void,
  runId: (start: number) => number,
): RowList {
  const codes = str.codes
  const { counts, seen, others } = buffers(str.dict.length, rows.length)
  const entryIds = new Int32Array(str.dict.length).fill(-1)
  const entries = groups.keys[1 - runAt]
  const num = numberPartOf(key, str)
  let start = 0
  for (let r = 0; r < runCount; r++) {
    const before = others.n
    const used = countRows(codes, rows, start, ends[r], counts, seen, others)
    const distinct = num && others.n > before ? countNumbers(num, others, before) : 0
    try {
      if (used > 0 || distinct > 0) {
        const rid = runId(start)
        for (let k = 0; k < used; k += 2) {
          const c = seen[k]
          let eid = entryIds[c]
          if (eid < 0) eid = entryIds[c] = entries.entryId(str, c, seen[k + 1])
          const gid = runAt === 0 ? groups.groupOfPair(rid, eid, born) : groups.groupOfPair(eid, rid, born)
          const n = counts[c]
          for (let a = 0; a < states.length; a++) states[a][gid].addNumbers(EMPTY, null, 0, n)
        }
        for (let k = 0; k < distinct; k++) {
          const eid = entries.numberId(num as NumVec, NUMBERS.rows[k])
          const gid = runAt === 0 ? groups.groupOfPair(rid, eid, born) : groups.groupOfPair(eid, rid, born)
          const n = NUMBERS.counts[k]
          for (let a = 0; a < states.length; a++) states[a][gid].addNumbers(EMPTY, null, 0, n)
        }
      }
    } finally {
      clearSeen(counts, seen, used)
    }
    start = ends[r]
  }
  return others
}

/**
 * `summarize count() by bin(t, step), k` (either order; `bin_auto(t)` too) with k a column: as
 * countByRunsAndDictionary, but the runs of equal bins are found by search on `t` itself, so the bin
 * column (a fresh vector of every row per batch) is never built. Only the arguments are evaluated
 * (a column, a constant) when it declines: unless `t` is ascending without nulls (tested once per
 * vector), the step whole milliseconds, the rows ascending and k dictionary-coded; and when the
 * runs are too short to pay. The caller then evaluates the keys as usual.
 */
export function countByBinsAndDictionary(
  groups: GroupIndex,
  exprs: readonly BoundExpr[],
  b: Batch,
  rows: Uint32Array,
  states: readonly (readonly AggState[])[],
  born: (gid: number) => void,
  scratch: GroupScratch,
  scope: EvalScope,
): boolean {
  if (exprs.length !== 2 || rows.length === 0) return false
  const binAt = isBinOfColumn(exprs[0], exprs[1]) ? 0 : isBinOfColumn(exprs[1], exprs[0]) ? 1 : -1
  if (binAt < 0) return false
  const call = exprs[binAt] as ExprOf<'Call'>
  const args = call.args.map((a) => evaluate(a, b, scope))
  const stepMs = wholeMsStep(call.kernel, args, call.type, scope.env)
  const t = args[0]
  if (stepMs === undefined || t.kind !== 'time' || !ascendingTimes(t) || !ascendingRows(rows)) return false
  const key = evaluate(exprs[1 - binAt], b, scope)
  const str = dictionaryOf(key)
  if (!str) return false
  const runCount = binRuns(t.ms, stepMs, rows, Math.floor(rows.length / MIN_MEAN_RUN))
  if (runCount < 0) return false
  const { ends, bins } = RUNS
  const binIds = groups.keys[binAt]
  let r = 0
  // Runs come in order, so the run starting at `start` is the next one with a row.
  const others = countPerRun(groups, binAt, key, str, rows, ends, runCount, states, born, (start) => {
    while (ends[r] <= start) r++
    return binIds.timeMsId(bins[r])
  })
  if (others.n > 0) {
    // Rows left for the general path (nulls, other types in k): now the bins are built, once.
    const keys = binAt === 0 ? [evaluate(call, b, scope), key] : [key, evaluate(call, b, scope)]
    countOthers(groups, keys, others, states, born, scratch)
  }
  return true
}

/** True when `e` is `bin(…)` / `bin_auto(…)` of a column and `other` a column (nothing to compute). */
function isBinOfColumn(e: BoundExpr, other: BoundExpr): boolean {
  return (
    e.kind === 'Call' &&
    (e.kernel === 'bin' || e.kernel === 'bin_auto') &&
    e.args[0]?.kind === 'Column' &&
    e.args.slice(1).every((a) => a.kind === 'Literal') &&
    other.kind === 'Column'
  )
}

/** countCodes, or over consecutive rows (a whole block, a window cut) countCodeRange: no row list read. */
function countRows(
  codes: Int32Array,
  rows: Uint32Array,
  from: number,
  to: number,
  counts: Int32Array,
  seen: Int32Array,
  others: RowList,
): number {
  if (to > from && consecutiveRows(rows))
    return leafCall(countCodeRange, codes, rows[0] + from, rows[0] + to, counts, seen, others)
  return leafCall(countCodes, codes, rows, from, to, counts, seen, others)
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

/** countCodes over the rows `lo … hi − 1` themselves (consecutive rows, read in place). */
function countCodeRange(
  codes: Int32Array,
  lo: number,
  hi: number,
  counts: Int32Array,
  seen: Int32Array,
  others: RowList,
): number {
  let s = 0
  const rest = others.rows
  for (let i = lo; i < hi; i++) {
    const c = codes[i]
    if (c < 0) rest[others.n++] = i
    else if (counts[c]++ === 0) {
      seen[s] = c
      seen[s + 1] = i
      s += 2
    }
  }
  return s
}
