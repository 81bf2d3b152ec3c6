// ops/agg-feed.ts: feeds one batch into per-group aggregate states through the states' batch paths.
// The batch's rows are grouped once (a stable counting sort by group id, so each group sees its rows
// in scan order); each aggregation then hands every group its segment of non-null (and
// predicate-passing) rows in one addNumbers / addInt64s / addCodes call, instead of one virtual call
// per row. Layouts without a batch path (times, bools, cells) go row by row through `feed`.
import { type AggState, CodeDictionary } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { asBool } from '../kernels/coerce.ts'
import type { Vec } from '../vector.ts'
import { timeAt } from '../vector.ts'
import type { AggSpec } from './agg-spec.ts'

const TWO_32 = 4294967296

const dictionaries = new WeakMap<readonly string[], CodeDictionary>()

/** The CodeDictionary of a block dictionary (one per dictionary array, shared across queries). */
export function codeDictionary(dict: readonly string[]): CodeDictionary {
  let d = dictionaries.get(dict)
  if (!d) {
    d = new CodeDictionary(dict)
    dictionaries.set(dict, d)
  }
  return d
}

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

/** Reusable scratch of one aggregation (grows with the group count; never shrinks). */
export class GroupScratch {
  #counts = new Int32Array(64)
  #sel = new Uint32Array(1024)

  /** Groups `rows` (row indices) by `gids[j]` (the group of rows[j]), stable. */
  group(rows: Uint32Array, gids: Float64Array, groupCount: number): GroupedRows {
    if (this.#counts.length < groupCount)
      this.#counts = new Int32Array(Math.max(groupCount, 2 * this.#counts.length))
    const counts = this.#counts
    const n = rows.length
    // Touched groups in first-seen order, with their sizes.
    const touched: number[] = []
    for (let j = 0; j < n; j++) {
      const g = gids[j]
      if (counts[g]++ === 0) touched.push(g)
    }
    const groups = Uint32Array.from(touched)
    const starts = new Uint32Array(groups.length + 1)
    for (let k = 0; k < groups.length; k++) {
      const g = groups[k]
      starts[k + 1] = starts[k] + counts[g]
      counts[g] = starts[k] // next write position of group g
    }
    const order = new Uint32Array(n)
    for (let j = 0; j < n; j++) order[counts[gids[j]]++] = rows[j]
    for (let k = 0; k < groups.length; k++) counts[groups[k]] = 0
    return { order, starts, groups }
  }

  /** A selection buffer of at least `n` rows. */
  selection(n: number): Uint32Array {
    if (this.#sel.length < n) this.#sel = new Uint32Array(Math.max(n, 2 * this.#sel.length))
    return this.#sel
  }
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

/** True when row `i` passes the predicate (null predicate: every row). */
function passes(pred: Vec | null, i: number): boolean {
  if (pred === null) return true
  if (pred.kind !== 'bool') return false
  return pred.values[i] === 1 && (!pred.valid || pred.valid[i] === 1)
}

/**
 * Feeds the grouped rows of one batch to one aggregation's states (`states[g]` for group g).
 * `v` is the aggregated value (null: count-like, every passing row counts); `pred` the optional
 * predicate (bool vector: rows where it is false or null are skipped).
 */
export function feedGrouped(
  states: readonly AggState[],
  v: Vec | null,
  pred: Vec | null,
  grouped: GroupedRows,
  scratch: GroupScratch,
): void {
  const { order, starts, groups } = grouped
  const sel = scratch.selection(order.length)
  if (v === null || v.kind === 'num' || v.kind === 'span' || v.kind === 'str') {
    const valid = v === null || v.kind === 'str' ? null : v.valid
    const codes = v !== null && v.kind === 'str' ? v.codes : null
    const words =
      v !== null && v.kind !== 'str' && !(v.kind === 'num' && v.type === 'real') ? int64Words(v.values) : null
    const dict = v !== null && v.kind === 'str' ? codeDictionary(v.dict) : null
    const dense = pred === null && valid === null && codes === null
    for (let k = 0; k < groups.length; k++) {
      const s = states[groups[k]]
      let rows: Uint32Array = order
      let from = starts[k]
      let to = starts[k + 1]
      if (!dense) {
        // This group's rows that count: predicate true, value not null.
        let m = 0
        for (let j = from; j < to; j++) {
          const i = order[j]
          if (!passes(pred, i)) continue
          if (valid !== null && valid[i] !== 1) continue
          if (codes !== null && codes[i] < 0) continue
          sel[m++] = i
        }
        rows = sel
        from = 0
        to = m
      }
      if (from === to) continue
      if (v === null || (v.kind === 'num' && v.type === 'real'))
        s.addNumbers(v === null ? EMPTY : v.values, rows, from, to)
      else if (codes !== null && dict !== null) s.addCodes(codes, dict, rows, from, to)
      else if (words !== null) s.addInt64s(words, rows, from, to)
    }
    return
  }
  for (let k = 0; k < groups.length; k++) {
    const s = states[groups[k]]
    for (let j = starts[k]; j < starts[k + 1]; j++) {
      const i = order[j]
      if (passes(pred, i)) feed(s, v, i)
    }
  }
}

/** Values of a count-like aggregation (count reads only the row count of the selection). */
const EMPTY = new Float64Array(0)

/**
 * Feeds the live `rows` of batch `b` (group of rows[j]: gids[j]) to every aggregation: `states[a][g]`
 * is aggregation a's state of group g. Shared by AggregateExec and the parallel partial aggregate so
 * that a unit feeds states exactly as in-process does.
 */
export function feedBatch(
  specs: readonly AggSpec[],
  states: readonly (readonly AggState[])[],
  b: Batch,
  rows: Uint32Array,
  gids: Float64Array,
  groupCount: number,
  scope: EvalScope,
  scratch: GroupScratch,
  ctx: ExecContext,
): void {
  if (specs.length === 0 || rows.length === 0) return
  const grouped = scratch.group(rows, gids, groupCount)
  for (let a = 0; a < specs.length; a++) {
    // Deadline / abort between aggregations: one batch of a large tail can take long (issue 4 item 5).
    checkInterrupt(ctx)
    const spec = specs[a]
    const pred = spec.predicate ? asBool(evaluate(spec.predicate, b, scope), b.length) : null
    const v = spec.value ? evaluate(spec.value, b, scope) : null
    feedGrouped(states[a], v, pred, grouped, scratch)
  }
}
