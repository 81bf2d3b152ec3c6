// exec/vector.ts: the column layouts the executor computes on (see DESIGN.md "Batches and
// vectors"). One variant per physical layout, never per row; `valid` marks non-null rows
// (null = every row valid). Plain data: operators and kernels own the loops.
import type { NumSeries } from './num-series.ts'
import type { Cell, CellJson } from './result.ts'

/** 0/1 per row. */
export interface BoolVec {
  readonly kind: 'bool'
  readonly values: Uint8Array
  readonly valid: Uint8Array | null
}

/** A number per row; `type` tells long (integral; exact within ±2^53) from real. */
export interface NumVec {
  readonly kind: 'num'
  readonly type: 'long' | 'real'
  readonly values: Float64Array
  readonly valid: Uint8Array | null
}

/** Epoch time with exact nanoseconds: `ms` (integral epoch ms) plus `ns` (0–999,999). */
export interface TimeVec {
  readonly kind: 'time'
  readonly ms: Float64Array
  readonly ns: Int32Array
  readonly valid: Uint8Array | null
}

/** A duration in ns per row (exact within ±2^53 ns, about ±104 days). */
export interface SpanVec {
  readonly kind: 'span'
  readonly values: Float64Array
  readonly valid: Uint8Array | null
}

/** Dictionary-coded strings: `codes[i]` indexes `dict`; -1 is null. */
export interface StrVec {
  readonly kind: 'str'
  readonly codes: Int32Array
  readonly dict: readonly string[]
}

/**
 * JSON values (dynamic), null for null. `series`, when present, holds the same rows as typed arrays of
 * numbers (num-series.ts); `values` is then built from it on first read.
 */
export interface DynVec {
  readonly kind: 'dyn'
  readonly values: readonly (CellJson | null)[]
  readonly series?: NumSeries
}

/** Canonical cells of mixed types (multi-typed fields): the slow path. */
export interface MixedVec {
  readonly kind: 'mixed'
  readonly values: readonly Cell[]
  /**
   * 1 where a numeric cell is a real although integral (computed `15.0`); absent when no cell needs
   * it. Without a mark an integral number in a mixed cell is a long (reference rule 6).
   */
  readonly reals?: Uint8Array
  /**
   * The same rows split by physical type, as the scan read them (row i is non-null in at most one
   * part); absent on computed vectors. A kernel may read the parts (a string part by dictionary codes)
   * instead of `values`, which the scan then builds only when some reader asks for it.
   */
  readonly parts?: readonly Vec[]
}

/** Any column of a batch. */
export type Vec = BoolVec | NumVec | TimeVec | SpanVec | StrVec | DynVec | MixedVec

/** Rows in a vector. */
export function vecLength(v: Vec): number {
  switch (v.kind) {
    case 'time':
      return v.ms.length
    case 'str':
      return v.codes.length
    case 'mixed':
      return v.parts ? vecLength(v.parts[0]) : v.values.length
    case 'dyn':
      return v.series ? v.series.len.length : v.values.length
    default:
      return v.values.length
  }
}

/** The string part of a split mixed vector, when it has one. */
export function stringPart(v: MixedVec): StrVec | undefined {
  return v.parts?.find((p): p is StrVec => p.kind === 'str')
}

const NS_PER_MS = 1_000_000n

/** Epoch ns of row `i` of a time vector. */
export function timeAt(v: TimeVec, i: number): bigint {
  return BigInt(v.ms[i]) * NS_PER_MS + BigInt(v.ns[i])
}

/**
 * The canonical cells of rows 0 … n-1 (as `cellAt`); a run of equal times shares one bigint cell (a
 * summarize by a time bin emits each bin's time once per group).
 */
export function cellsAt(v: Vec, n: number): Cell[] {
  const out: Cell[] = new Array(n)
  if (v.kind !== 'time') {
    for (let i = 0; i < n; i++) out[i] = cellAt(v, i)
    return out
  }
  let lastMs = Number.NaN
  let lastNs = 0
  let last: Cell = null
  for (let i = 0; i < n; i++) {
    if (v.valid && !v.valid[i]) out[i] = null
    else if (v.ms[i] === lastMs && v.ns[i] === lastNs) out[i] = last
    else {
      lastMs = v.ms[i]
      lastNs = v.ns[i]
      last = out[i] = timeAt(v, i)
    }
  }
  return out
}

/** The canonical cell of row `i` (result.ts conventions); for output and tests, not hot loops. */
export function cellAt(v: Vec, i: number): Cell {
  switch (v.kind) {
    case 'bool':
      return v.valid && !v.valid[i] ? null : v.values[i] === 1
    case 'num':
      return v.valid && !v.valid[i] ? null : v.values[i]
    case 'time':
      return v.valid && !v.valid[i] ? null : timeAt(v, i)
    case 'span':
      return v.valid && !v.valid[i] ? null : BigInt(v.values[i])
    case 'str':
      return v.codes[i] < 0 ? null : v.dict[v.codes[i]]
    case 'dyn':
    case 'mixed':
      return v.values[i] ?? null
  }
}
