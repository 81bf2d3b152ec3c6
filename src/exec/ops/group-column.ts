// ops/group-column.ts: where one aggregation of a summarize keeps its groups' states, chosen once per
// operator from the plan (the aggregation and its value's type):
// - 'typed': count, countif, sum, avg, min and max over numbers keep every group's state in typed
//   arrays (agg/group-counts.ts, group-sums.ts, group-extremes.ts), fed a batch's rows and group ids
//   in one pass, with no regrouping of rows and no object per group;
// - 'states': one mergeable AggState per group (sketches, sets, arg_min, …), fed by agg-feed.ts.
// A typed column that meets a vector it does not take (a dynamic or multi-typed field's cells, a
// long lane after a real one) becomes a states column at that batch, its groups' states made from its
// arrays: the one point where the layout is re-chosen. `explain` names each column's layout.
import type { AplType } from '../../catalog/index.ts'
import { GroupCounts } from '../agg/group-counts.ts'
import { GroupExtremes } from '../agg/group-extremes.ts'
import { GroupSums } from '../agg/group-sums.ts'
import type { AggState } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { asBool } from '../kernels/coerce.ts'
import type { Cell } from '../result.ts'
import { consecutiveRows } from '../time-order.ts'
import type { BoolVec, Vec } from '../vector.ts'
import { hasNullFlag } from './agg-feed.ts'
import { type AggSpec, resultCell, typedCell } from './agg-spec.ts'

/** A typed accumulator (all groups' state of one aggregation in typed arrays). */
export type TypedAccumulator = GroupCounts | GroupSums | GroupExtremes

/** One aggregation's groups' states (see the module header). */
export type GroupColumn =
  | { readonly layout: 'typed'; readonly acc: TypedAccumulator }
  | { readonly layout: 'states'; readonly states: AggState[] }

/** Value types a typed sum / avg / min / max takes (their vectors hold numbers in a Float64Array). */
const NUMBER_TYPES: ReadonlySet<AplType> = new Set<AplType>(['long', 'real', 'timespan'])
/** Value types a typed countif takes. */
const PREDICATE_TYPES: ReadonlySet<AplType> = new Set<AplType>(['bool', 'long', 'real'])

/** The column of `spec` (decided once, at plan time): typed where the kind and value type allow. */
export function newColumn(spec: AggSpec): GroupColumn {
  const acc = typedAccumulator(spec)
  return acc === null ? { layout: 'states', states: [] } : { layout: 'typed', acc }
}

function typedAccumulator(spec: AggSpec): TypedAccumulator | null {
  if (spec.payload !== undefined) return null
  const t = spec.valueType
  switch (spec.kind) {
    case 'count':
      return new GroupCounts('count')
    case 'countif':
      return t !== null && PREDICATE_TYPES.has(t) ? new GroupCounts('countif') : null
    case 'sum':
    case 'avg':
      return t !== null && NUMBER_TYPES.has(t) ? new GroupSums(spec.kind) : null
    case 'min':
    case 'max':
      return t !== null && NUMBER_TYPES.has(t) ? new GroupExtremes(spec.kind, t !== 'real') : null
    default:
      return null
  }
}

/** `count: typed` (for `explain`). */
export function describeColumn(spec: AggSpec, col: GroupColumn): string {
  return `${spec.kind}: ${col.layout}`
}

/** Reusable arrays of the typed feeds of one aggregation (grow with the batch; never shrink). */
export class TypedScratch {
  #values = new Float64Array(0)
  #bools = new Uint8Array(0)
  #gids = new Int32Array(0)

  values(n: number): Float64Array {
    if (this.#values.length < n) this.#values = new Float64Array(Math.max(n, 2 * this.#values.length))
    return this.#values.subarray(0, n)
  }

  bools(n: number): Uint8Array {
    if (this.#bools.length < n) this.#bools = new Uint8Array(Math.max(n, 2 * this.#bools.length))
    return this.#bools.subarray(0, n)
  }

  gids(n: number): Int32Array {
    if (this.#gids.length < n) this.#gids = new Int32Array(Math.max(n, 2 * this.#gids.length))
    return this.#gids.subarray(0, n)
  }
}

/** One typed column's input for a batch: its value vector (null: count) and predicate. */
interface TypedInput {
  readonly a: number
  readonly acc: TypedAccumulator
  readonly v: Vec | null
  readonly pred: BoolVec | null
}

/**
 * Each live row's group: `gids[j]` is row j's group id, or with `slots`, its slot (a small dictionary's
 * code) and `slots[s]` the slot's group (no group id per row: see GroupAggregation's codes path).
 */
export interface RowIds {
  readonly gids: Int32Array
  readonly slots: Int32Array | null
}

/**
 * Feeds batch `b`'s live `rows` (groups: `ids`; every group below `groupCount`) to every
 * typed column of `columns`; returns the aggregations whose value vector is of a layout their column
 * does not take (fed nothing: the caller turns them into states columns). A sum or avg and the
 * min / max of the same values (no predicate) share one pass.
 */
export function feedTypedColumns(
  columns: readonly GroupColumn[],
  specs: readonly AggSpec[],
  b: Batch,
  rows: Uint32Array,
  ids: RowIds,
  groupCount: number,
  scope: EvalScope,
  scratch: TypedScratch,
): number[] {
  const { gids, slots } = ids
  const declined: number[] = []
  const inputs: TypedInput[] = []
  for (let a = 0; a < columns.length; a++) {
    const col = columns[a]
    if (col.layout !== 'typed') continue
    const spec = specs[a]
    const v = spec.value === null ? null : evaluate(spec.value, b, scope)
    if (v !== null && !takes(col.acc, v)) {
      declined.push(a)
      continue
    }
    col.acc.grow(groupCount)
    const pred = spec.predicate === null ? null : asBool(evaluate(spec.predicate, b, scope), b.length)
    inputs.push({ a, acc: col.acc, v, pred })
  }
  const fused = new Set<TypedInput>()
  // Sums first, so that the extremes of the same values can ride along in their pass.
  const order = [
    ...inputs.filter((i) => i.acc instanceof GroupSums),
    ...inputs.filter((i) => !(i.acc instanceof GroupSums)),
  ]
  for (const input of order) {
    if (fused.has(input)) continue
    const { acc, v, pred } = input
    const kept = counted(rows, gids, v, pred, scratch)
    if (acc instanceof GroupCounts) {
      const values =
        v === null
          ? null
          : v.kind === 'bool'
            ? dense(v.values, kept.rows, scratch.bools(kept.rows.length))
            : dense((v as NumLike).values, kept.rows, scratch.values(kept.rows.length))
      if (slots !== null) acc.addBySlots(kept.gids, slots, values)
      else if (values === null) acc.addEach(kept.gids, groupCount)
      else if (values instanceof Uint8Array) acc.addTrue(values, kept.gids)
      else acc.addNonZero(values, kept.gids)
    } else {
      const values = dense((v as NumLike).values, kept.rows, scratch.values(kept.rows.length))
      if (acc instanceof GroupExtremes) acc.addValues(values, kept.gids, slots)
      else {
        // The min / max of the same values ride along.
        const lane = (kind: 'min' | 'max') => {
          const other = inputs.find(
            (o) => !fused.has(o) && o.pred === null && o.acc.kind === kind && sameValues(o.v, v as NumLike),
          )
          if (pred !== null || !(other?.acc instanceof GroupExtremes)) return null
          fused.add(other)
          return other.acc.lane
        }
        acc.addValues(values, kept.gids, groupCount, lane('max'), lane('min'), slots)
      }
    }
  }
  return declined
}

type NumLike = Extract<Vec, { kind: 'num' | 'span' }>

/** Whether two vectors hold the same values (one column evaluated twice: two vectors over one array). */
function sameValues(a: Vec | null, b: Vec): boolean {
  if (a === null || a.kind !== b.kind) return false
  const x = a as NumLike
  const y = b as NumLike
  return x.values === y.values && x.valid === y.valid
}

/** `values[rows[j]]` for every j, in place when the rows are consecutive, else gathered into `into`. */
function dense<A extends Float64Array | Uint8Array>(values: A, rows: Uint32Array, into: A): A {
  if (rows.length === 0) return into
  if (consecutiveRows(rows)) return values.subarray(rows[0], rows[0] + rows.length) as A
  for (let j = 0; j < rows.length; j++) into[j] = values[rows[j]]
  return into
}

/** Whether a typed accumulator takes vector `v`'s layout. */
function takes(acc: TypedAccumulator, v: Vec): boolean {
  if (acc instanceof GroupCounts) return v.kind === 'bool' || v.kind === 'num'
  if (acc instanceof GroupSums) return v.kind === 'num' || v.kind === 'span'
  // An extremum's lane is fixed (its results' type): integral values, or reals.
  return acc.integral
    ? (v.kind === 'num' && v.type === 'long') || v.kind === 'span'
    : v.kind === 'num' && v.type === 'real'
}

/** `rows` / `gids` without the rows whose value is null or whose predicate is not true. */
function counted(
  rows: Uint32Array,
  gids: Int32Array,
  v: Vec | null,
  pred: BoolVec | null,
  scratch: TypedScratch,
): { rows: Uint32Array; gids: Int32Array } {
  const valid = v !== null && 'valid' in v && v.valid !== null && hasNullFlag(v.valid) ? v.valid : null
  if (valid === null && pred === null) return { rows, gids }
  // A fresh row list (a gathered one is not consecutive); the ids in scratch.
  const keptRows = new Uint32Array(rows.length)
  const keptGids = scratch.gids(rows.length)
  let m = 0
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j]
    if (valid !== null && valid[i] !== 1) continue
    if (pred !== null && (pred.values[i] !== 1 || (pred.valid !== null && pred.valid[i] !== 1))) continue
    keptRows[m] = i
    keptGids[m++] = gids[j]
  }
  return { rows: keptRows.subarray(0, m), gids: keptGids.subarray(0, m) }
}

/** Group g's state of a column (a typed column's made from its arrays). */
export function stateOf(col: GroupColumn, g: number): AggState {
  return col.layout === 'typed' ? col.acc.state(g) : col.states[g]
}

/** A typed column turned into a states column (groups 0 … size − 1). */
export function toStates(col: GroupColumn, size: number): GroupColumn {
  if (col.layout === 'states') return col
  col.acc.grow(size)
  return { layout: 'states', states: Array.from({ length: size }, (_, g) => col.acc.state(g)) }
}

/** Group g's result as a cell of the spec's output type; `estimate` is told when it is an estimate. */
export function cellOf(col: GroupColumn, spec: AggSpec, g: number, estimate: () => void): Cell {
  if (col.layout === 'typed') return typedCell(spec.type, col.acc.result(g))
  const s = col.states[g]
  if (s.isEstimate) estimate()
  return resultCell(spec, s)
}
