// ops/count-by-key.ts: `summarize count() … by` without a group id per row: a dictionary-coded key
// counts per dictionary entry, a number or time key counts runs of equal values (time-ordered blocks
// give long runs), a time bin alone or by a field counts runs found on the time itself; each used entry or run costs one
// group lookup. A split key's number part counts per distinct value the same way.
import type { BoundExpr, ExprOf } from '../../plan/index.ts'
import type { GroupCounts } from '../agg/group-counts.ts'
import type { Batch } from '../batch.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { wholeMsStep } from '../kernels/binning/binning.ts'
import { ascendingRows, ascendingTimes } from '../time-order.ts'
import type { NumVec, StrVec, TimeVec, Vec } from '../vector.ts'
import { stringPart } from '../vector.ts'
import type { GroupScratch } from './agg-feed.ts'
import type { AggSpec } from './agg-spec.ts'
import { type CountScratch, clearSeen, countNumbers, countRows, type RowList } from './code-counts.ts'
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
  counts: GroupCounts,
  born: (gid: number) => void,
  scratch: GroupScratch,
): boolean {
  if (keys.length !== 1) return false
  const str = dictionaryOf(keys[0])
  if (!str) return false
  const codes = str.codes
  const { counts: perEntry, seen, others } = scratch.counting.buffers(str.dict.length, rows.length)
  const used = countRows(codes, rows, 0, rows.length, perEntry, seen, others)
  const dict = groups.keys[0]
  try {
    for (let k = 0; k < used; k += 2) {
      const gid = groups.groupOfKey(dict.entryId(str, seen[k], seen[k + 1]), born)
      const n = perEntry[seen[k]]
      counts.add(gid, n)
    }
  } finally {
    clearSeen(perEntry, seen, used)
  }
  const num = numberPartOf(keys[0], str)
  if (num && others.n > 0) {
    const numbers = scratch.counting.numbers
    const distinct = countNumbers(num, others, 0, numbers)
    for (let k = 0; k < distinct; k++) {
      const gid = groups.groupOfKey(dict.numberId(num, numbers.rows[k]), born)
      const n = numbers.counts[k]
      counts.add(gid, n)
    }
  }
  if (others.n > 0) countOthers(groups, keys, others, counts, born, scratch)
  return true
}

/** The number part of a split mixed key whose other part is `str` (a field of strings and numbers). */
function numberPartOf(key: Vec, str: StrVec): NumVec | undefined {
  if (key.kind !== 'mixed' || !key.parts || key.parts.length !== 2) return undefined
  const p = key.parts[0] === str ? key.parts[1] : key.parts[0]
  return p.kind === 'num' ? p : undefined
}

/** Counts the rows whose dictionary code is negative (nulls, other types) the general way. */
function countOthers(
  groups: GroupIndex,
  keys: readonly Vec[],
  others: RowList,
  counts: GroupCounts,
  born: (gid: number) => void,
  scratch: GroupScratch,
): void {
  const gids = groups.assign(keys, others.rows.subarray(0, others.n), born)
  const sizes = scratch.sizes(gids, groups.size)
  for (let k = 0; k < sizes.groups.length; k++)
    counts.add(sizes.groups[k], sizes.starts[k + 1] - sizes.starts[k])
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
  counts: GroupCounts,
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
    counts,
    born,
    scratch.counting,
    (start) => runIds.idAt(runKey, rows[start]),
  )
  if (others.n > 0) countOthers(groups, keys, others, counts, born, scratch)
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
  counts: GroupCounts,
  born: (gid: number) => void,
  counting: CountScratch,
  runId: (start: number) => number,
): RowList {
  const codes = str.codes
  const { counts: perEntry, seen, others } = counting.buffers(str.dict.length, rows.length)
  const entryIds = new Int32Array(str.dict.length).fill(-1)
  const entries = groups.keys[1 - runAt]
  const num = numberPartOf(key, str)
  let start = 0
  for (let r = 0; r < runCount; r++) {
    const before = others.n
    const used = countRows(codes, rows, start, ends[r], perEntry, seen, others)
    const distinct = num && others.n > before ? countNumbers(num, others, before, counting.numbers) : 0
    try {
      if (used > 0 || distinct > 0) {
        const rid = runId(start)
        for (let k = 0; k < used; k += 2) {
          const c = seen[k]
          let eid = entryIds[c]
          if (eid < 0) eid = entryIds[c] = entries.entryId(str, c, seen[k + 1])
          const gid = runAt === 0 ? groups.groupOfPair(rid, eid, born) : groups.groupOfPair(eid, rid, born)
          const n = perEntry[c]
          counts.add(gid, n)
        }
        for (let k = 0; k < distinct; k++) {
          const eid = entries.numberId(num as NumVec, counting.numbers.rows[k])
          const gid = runAt === 0 ? groups.groupOfPair(rid, eid, born) : groups.groupOfPair(eid, rid, born)
          const n = counting.numbers.counts[k]
          counts.add(gid, n)
        }
      }
    } finally {
      clearSeen(perEntry, seen, used)
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
  counts: GroupCounts,
  born: (gid: number) => void,
  scratch: GroupScratch,
  scope: EvalScope,
): boolean {
  if (exprs.length !== 2 || rows.length === 0) return false
  const binAt = isBinOfColumn(exprs[0], exprs[1]) ? 0 : isBinOfColumn(exprs[1], exprs[0]) ? 1 : -1
  if (binAt < 0) return false
  const call = exprs[binAt] as ExprOf<'Call'>
  const bin = ascendingBin(call, b, rows, scope)
  if (!bin) return false
  const key = evaluate(exprs[1 - binAt], b, scope)
  const str = dictionaryOf(key)
  if (!str) return false
  const runCount = longBinRuns(bin, rows)
  if (runCount < 0) return false
  const { ends, bins } = RUNS
  const binIds = groups.keys[binAt]
  let r = 0
  // Runs come in order, so the run starting at `start` is the next one with a row.
  const others = countPerRun(
    groups,
    binAt,
    key,
    str,
    rows,
    ends,
    runCount,
    counts,
    born,
    scratch.counting,
    (start) => {
      while (ends[r] <= start) r++
      return binIds.timeMsId(bins[r])
    },
  )
  if (others.n > 0) {
    // Rows left for the general path (nulls, other types in k): now the bins are built, once.
    const keys = binAt === 0 ? [evaluate(call, b, scope), key] : [key, evaluate(call, b, scope)]
    countOthers(groups, keys, others, counts, born, scratch)
  }
  return true
}

/**
 * A bin call's time argument and whole-millisecond step, when the times are ascending without nulls
 * and the rows ascending (runs of equal bins can then be found by search); undefined otherwise.
 */
function ascendingBin(
  call: ExprOf<'Call'>,
  b: Batch,
  rows: Uint32Array,
  scope: EvalScope,
): { readonly t: TimeVec; readonly stepMs: number } | undefined {
  const args = call.args.map((a) => evaluate(a, b, scope))
  const stepMs = wholeMsStep(call.kernel, args, call.type, scope.env)
  const t = args[0]
  if (stepMs === undefined || t.kind !== 'time' || !ascendingTimes(t) || !ascendingRows(rows))
    return undefined
  return { t, stepMs }
}

/** The runs of equal bins of `rows` (in RUNS), or -1 when they are too short on average to pay. */
function longBinRuns(bin: { readonly t: TimeVec; readonly stepMs: number }, rows: Uint32Array): number {
  return binRuns(bin.t.ms, bin.stepMs, rows, Math.floor(rows.length / MIN_MEAN_RUN))
}

/** True when `e` is `bin(…)` / `bin_auto(…)` of a column (nothing to compute but the bins). */
export function isBinCall(e: BoundExpr): e is ExprOf<'Call'> {
  return (
    e.kind === 'Call' &&
    (e.kernel === 'bin' || e.kernel === 'bin_auto') &&
    e.args[0]?.kind === 'Column' &&
    e.args.slice(1).every((a) => a.kind === 'Literal')
  )
}

/** True when `e` is a bin of a column and `other` a column. */
export function isBinOfColumn(e: BoundExpr, other: BoundExpr): boolean {
  return isBinCall(e) && other.kind === 'Column'
}

/**
 * `summarize count() by bin(t, step)` (or `bin_auto(t)`) alone: the runs of equal bins are found by
 * search on `t` itself and counted with one group lookup each, so the bin column (a fresh vector of
 * every row per batch, most of this query's time and allocation) is never built. Declines (nothing
 * done) unless `t` is ascending without nulls, the step whole milliseconds, the rows ascending, and
 * the runs long enough to pay; the caller then evaluates the key as usual.
 */
export function countByBins(
  groups: GroupIndex,
  exprs: readonly BoundExpr[],
  b: Batch,
  rows: Uint32Array,
  counts: GroupCounts,
  born: (gid: number) => void,
  scope: EvalScope,
): boolean {
  if (exprs.length !== 1 || rows.length === 0 || !isBinCall(exprs[0])) return false
  const bin = ascendingBin(exprs[0], b, rows, scope)
  const runCount = bin ? longBinRuns(bin, rows) : -1
  if (runCount < 0) return false
  const { ends, bins } = RUNS
  const ids = groups.keys[0]
  let start = 0
  for (let r = 0; r < runCount; r++) {
    counts.add(groups.groupOfKey(ids.timeMsId(bins[r]), born), ends[r] - start)
    start = ends[r]
  }
  return true
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
  counts: GroupCounts,
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
    counts.add(gid, ends[r] - start)
    start = ends[r]
  }
  return true
}
