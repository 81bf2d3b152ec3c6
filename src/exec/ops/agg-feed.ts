// ops/agg-feed.ts: feeds one batch into per-group aggregate states through the states' batch paths.
// The batch's rows are grouped once (a stable counting sort by group id, so each group sees its rows
// in scan order); each aggregation then hands every group its segment of non-null (and
// predicate-passing) rows in one addNumbers / addInt64s / addCodes call, instead of one virtual call
// per row. Layouts without a batch path (times, bools, cells) go row by row through `feed`.
import { codeDictionary } from '../agg/code-dictionary.ts'
import type { AggState } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { asBool } from '../kernels/coerce.ts'
import { leafCall } from '../leaf-call.ts'
import type { BoolVec, Vec } from '../vector.ts'
import { timeAt } from '../vector.ts'
import type { AggSpec } from './agg-spec.ts'
import { CountScratch } from './code-counts.ts'

const TWO_32 = 4294967296

/** Adds row `i` of `v` to `s` through the state's typed paths (no allocation for numbers and strings). */
export function feed(s: AggState, v: Vec, i: number): void {
  switch (v.kind) {
    case 'num':
    case 'span': {
      if (v.valid && !v.valid[i]) return
      const x = v.values[i]
      if (v.kind === 'num' && v.type === 'real') s.addNumber(x)
      else {
        // Integral long/timespan: int64 words keep integer semantics (exact sums, integer results).
        const hi = Math.floor(x / TWO_32)
        s.addInt64(hi, (x - hi * TWO_32) | 0)
      }
      return
    }
    case 'str':
      if (v.codes[i] >= 0) s.addCode(v.codes[i], codeDictionary(v.dict))
      return
    case 'bool':
      if (!v.valid || v.valid[i]) s.add(v.values[i] === 1)
      return
    case 'time':
      if (!v.valid || v.valid[i]) s.add(timeAt(v, i))
      return
    case 'dyn':
    case 'mixed':
      s.add(v.values[i] ?? null)
  }
}

/** A batch's rows in group order: group `groups[k]` owns `order[starts[k] .. starts[k + 1])`. */
export interface GroupedRows {
  readonly order: Uint32Array
  readonly starts: Uint32Array
  readonly groups: Uint32Array
}

/** Reusable scratch of one aggregation (grows with the group count and batch size; never shrinks). */
export class GroupScratch {
  #counts = new Int32Array(64)
  #order = new Uint32Array(0)
  /** Scratch of the counting paths (count-by-key.ts). */
  readonly counting = new CountScratch()

  /** Touched groups of `gids` in first-seen order, with `starts` as if they were laid out in that order. */
  sizes(gids: Int32Array, groupCount: number): { groups: Uint32Array; starts: Uint32Array } {
    if (this.#counts.length < groupCount)
      this.#counts = new Int32Array(Math.max(groupCount, 2 * this.#counts.length))
    const counts = this.#counts
    const touched = new Uint32Array(Math.min(groupCount, gids.length))
    const groups = touched.subarray(0, leafCall(countTouched, gids, counts, touched))
    const starts = new Uint32Array(groups.length + 1)
    for (let k = 0; k < groups.length; k++) {
      starts[k + 1] = starts[k] + counts[groups[k]]
      counts[groups[k]] = 0
    }
    return { groups, starts }
  }

  /** Groups `rows` (row indices) by `gids[j]` (the group of rows[j]), stable; valid until the next call. */
  group(rows: Uint32Array, gids: Int32Array, groupCount: number): GroupedRows {
    const { groups, starts } = this.sizes(gids, groupCount)
    const next = this.#counts
    for (let k = 0; k < groups.length; k++) next[groups[k]] = starts[k]
    // Reused from batch to batch: a grouping lives only while its batch is fed (a fresh array of
    // every row per batch cost page faults and GC at 10M rows).
    if (this.#order.length < rows.length)
      this.#order = new Uint32Array(Math.max(rows.length, 2 * this.#order.length))
    const order = this.#order.subarray(0, rows.length)
    leafCall(scatterRows, rows, gids, next, order)
    for (let k = 0; k < groups.length; k++) next[groups[k]] = 0
    return { order, starts, groups }
  }
}

// Leaf loops: nothing but `return` follows a hot loop (a statement there without type feedback
// would deoptimize the on-the-fly compiled loop on every exit).

/** Counts rows per group into `counts`; writes newly touched groups into `touched`; returns how many. */
function countTouched(gids: Int32Array, counts: Int32Array, touched: Uint32Array): number {
  let t = 0
  for (let j = 0; j < gids.length; j++) {
    const g = gids[j]
    if (counts[g]++ === 0) touched[t++] = g
  }
  return t
}

/** `order[next[g]++] = rows[j]` for each row j of group g = gids[j] (a stable counting sort's scatter). */
function scatterRows(rows: Uint32Array, gids: Int32Array, next: Int32Array, order: Uint32Array): void {
  for (let j = 0; j < rows.length; j++) order[next[gids[j]]++] = rows[j]
}

/** The int64 words (low, high per row) of an integral vector's values. */
function int64Words(values: Float64Array): Int32Array {
  const words = new Int32Array(2 * values.length)
  for (let i = 0; i < values.length; i++) {
    const x = values[i]
    const hi = Math.floor(x / TWO_32)
    words[2 * i] = (x - hi * TWO_32) | 0
    words[2 * i + 1] = hi
  }
  return words
}

/** Vectors with a batch path into the states (numbers, timespans, dictionary strings). */
type BatchVec = Extract<Vec, { kind: 'num' | 'span' | 'str' }>

function hasBatchPath(v: Vec): v is BatchVec {
  return v.kind === 'num' || v.kind === 'span' || v.kind === 'str'
}

/** Whether an array holds a null (per `test`), remembered per array: scanned columns are cached. */
const NULLS = new WeakMap<object, boolean>()

function remembered<A extends object>(array: A, test: (a: A) => boolean): boolean {
  let has = NULLS.get(array)
  if (has === undefined) {
    has = test(array)
    NULLS.set(array, has)
  }
  return has
}

/** Whether any code is negative (a null). */
export function hasNullCode(codes: Int32Array): boolean {
  return remembered(codes, anyNegative)
}

/** Whether a validity array marks any row null. */
export function hasNullFlag(valid: Uint8Array): boolean {
  return remembered(valid, anyZero)
}

function anyZero(valid: Uint8Array): boolean {
  for (let i = 0; i < valid.length; i++) if (valid[i] !== 1) return true
  return false
}

function anyNegative(codes: Int32Array): boolean {
  for (let i = 0; i < codes.length; i++) if (codes[i] < 0) return true
  return false
}

/** `grouped` without the rows where the value is null or the predicate is not true (order kept). */
function keepCounted(grouped: GroupedRows, v: BatchVec | null, pred: BoolVec | null): GroupedRows {
  const valid = v === null || v.kind === 'str' || v.valid === null || !hasNullFlag(v.valid) ? null : v.valid
  const codes = v !== null && v.kind === 'str' && hasNullCode(v.codes) ? v.codes : null
  if (valid === null && codes === null && pred === null) return grouped
  const { order, starts, groups } = grouped
  const kept = new Uint32Array(order.length)
  const keptStarts = new Uint32Array(starts.length)
  let m = 0
  for (let k = 0; k < groups.length; k++) {
    for (let j = starts[k]; j < starts[k + 1]; j++) {
      const i = order[j]
      if (pred !== null && (pred.values[i] !== 1 || (pred.valid !== null && pred.valid[i] !== 1))) continue
      if (valid !== null && valid[i] !== 1) continue
      if (codes !== null && codes[i] < 0) continue
      kept[m++] = i
    }
    keptStarts[k + 1] = m
  }
  return { order: kept, starts: keptStarts, groups }
}

/** Hands each group its segment of `rows` through the batch path of `v`'s layout (null: a count). */
function feedSegments(states: readonly AggState[], v: BatchVec | null, g: GroupedRows): void {
  const { order, starts, groups } = g
  if (v === null || (v.kind === 'num' && v.type === 'real')) {
    const values = v === null ? EMPTY : v.values
    for (let k = 0; k < groups.length; k++)
      if (starts[k] < starts[k + 1]) states[groups[k]].addNumbers(values, order, starts[k], starts[k + 1])
    return
  }
  if (v.kind === 'str') {
    const dict = codeDictionary(v.dict)
    for (let k = 0; k < groups.length; k++)
      if (starts[k] < starts[k + 1])
        states[groups[k]].addCodes(v.codes, dict, order, starts[k], starts[k + 1])
    return
  }
  // Integral long/timespan: int64 words keep integer semantics (exact sums, integer results).
  const words = int64Words(v.values)
  for (let k = 0; k < groups.length; k++)
    if (starts[k] < starts[k + 1]) states[groups[k]].addInt64s(words, order, starts[k], starts[k + 1])
}

/** Values of a count-like aggregation (count reads only the row count of the selection). */
export const EMPTY = new Float64Array(0)

/**
 * Feeds the live `rows` of batch `b` (group of rows[j]: gids[j]) to every aggregation: `states[a][g]`
 * is aggregation a's state of group g. Each group gets its rows in scan order. Shared by
 * AggregateExec and the parallel partial aggregate so that a unit feeds states exactly as
 * in-process does.
 */
export function feedBatch(
  specs: readonly AggSpec[],
  states: readonly (readonly AggState[])[],
  b: Batch,
  rows: Uint32Array,
  gids: Int32Array,
  groupCount: number,
  scope: EvalScope,
  scratch: GroupScratch,
  ctx: ExecContext,
): void {
  if (specs.length === 0 || rows.length === 0) return
  // Built on first need: a plain count needs only the group sizes, never the row order.
  let grouped: GroupedRows | null = null
  let sizes: { groups: Uint32Array; starts: Uint32Array } | null = null
  // Rows that count per value vector (two aggregations of x filter x's nulls once).
  const counted = new Map<Vec, GroupedRows>()
  for (let a = 0; a < specs.length; a++) {
    // Deadline / abort between aggregations: one batch of a large tail can take long (issue 4 item 5).
    checkInterrupt(ctx)
    const spec = specs[a]
    const st = states[a]
    if (spec.value === null && spec.predicate === null) {
      sizes ??= grouped ?? (groupCount === 1 ? oneGroup(rows) : scratch.sizes(gids, groupCount))
      for (let k = 0; k < sizes.groups.length; k++)
        st[sizes.groups[k]].addNumbers(EMPTY, null, sizes.starts[k], sizes.starts[k + 1])
      continue
    }
    const pred = spec.predicate ? asBool(evaluate(spec.predicate, b, scope), b.length) : null
    const v = spec.value ? evaluate(spec.value, b, scope) : null
    // One group (no keys): the rows are already in group order.
    grouped ??= groupCount === 1 ? oneGroup(rows) : scratch.group(rows, gids, groupCount)
    if (v !== null && !hasBatchPath(v)) {
      feedRows(st, v, pred, grouped)
      continue
    }
    let g = pred === null && v !== null ? counted.get(v) : undefined
    if (g === undefined) {
      g = keepCounted(grouped, v, pred)
      if (pred === null && v !== null) counted.set(v, g)
    }
    feedSegments(st, v, g)
  }
}

/** Every row in group 0, in scan order. */
function oneGroup(rows: Uint32Array): GroupedRows {
  return { order: rows, starts: Uint32Array.of(0, rows.length), groups: Uint32Array.of(0) }
}

/** Layouts without a batch path (times, bools, cells): row by row through `feed`. */
function feedRows(states: readonly AggState[], v: Vec, pred: BoolVec | null, g: GroupedRows): void {
  const { order, starts, groups } = g
  for (let k = 0; k < groups.length; k++) {
    const s = states[groups[k]]
    for (let j = starts[k]; j < starts[k + 1]; j++) {
      const i = order[j]
      if (pred !== null && (pred.values[i] !== 1 || (pred.valid !== null && pred.valid[i] !== 1))) continue
      feed(s, v, i)
    }
  }
}
