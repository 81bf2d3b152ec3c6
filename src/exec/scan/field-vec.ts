// exec/scan/field-vec.ts: one field's executor vector from a block's physical columns (one per storage
// type): a single column as is, integer|float merged to real, numbers beside timespans read as
// nanoseconds, other mixes split per type (mixed).
// Merges are cached per block column, so a block's merge runs once, not once per query.
import type { Scan } from '../../plan/index.ts'
import type { BlockColumn } from '../../storage/block/index.ts'
import { ObjectMemo } from '../../util/object-memo.ts'
import { nullVec, splitMixed } from '../batch.ts'
import type { NumVec, SpanVec, Vec } from '../vector.ts'
import { columnToVec, sparseValues } from './arrow-to-vec.ts'

/** The type a Scan gives a field (its schema column's type). */
export type FieldColumnType = Scan['schema'][number]['type']

/** integer + float columns of one field as one real vector (each row is non-null in at most one). */
function mergeNumeric(vs: readonly NumVec[], n: number): NumVec {
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  for (const v of vs) mergeInto(v.values, v.valid, values, valid)
  // A field every row holds (in one type or the other) has no nulls: kernels then skip validity.
  return { kind: 'num', type: 'real', values, valid: heldCount(valid) === n ? null : valid }
}

/**
 * Number and timespan columns of one field as one timespan vector: numbers are nanoseconds (reals
 * truncated toward zero), as ingest reads them once the field is declared a timespan.
 */
function mergeSpans(vs: readonly (NumVec | SpanVec)[], n: number): SpanVec {
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  for (const v of vs) {
    if (v.kind === 'num' && v.type === 'real') {
      const trunc = new Float64Array(v.values.length)
      for (let i = 0; i < trunc.length; i++) trunc[i] = Math.trunc(v.values[i])
      mergeInto(trunc, v.valid, values, valid)
    } else mergeInto(v.values, v.valid, values, valid)
  }
  return { kind: 'span', values, valid: heldCount(valid) === n ? null : valid }
}

function mergeInto(
  from: Float64Array,
  fromValid: Uint8Array | null,
  values: Float64Array,
  valid: Uint8Array,
): void {
  for (let i = 0; i < values.length; i++) {
    if (fromValid === null || fromValid[i]) {
      values[i] = from[i]
      valid[i] = 1
    }
  }
}

function heldCount(valid: Uint8Array): number {
  let held = 0
  for (let i = 0; i < valid.length; i++) held += valid[i]
  return held
}

/**
 * Merged vectors of multi-typed fields, keyed by the block's first physical column (kept alive by the
 * block cache, like columnToVec's own cache), so a block's merge runs once, not once per query.
 */
const merged = new ObjectMemo<
  object,
  { readonly cols: readonly BlockColumn[]; readonly type: string; readonly vec: Vec }
>('apldb.mergedVec')

/** One field's vector from its physical columns in this block. */
export function fieldVec(cols: readonly BlockColumn[], type: FieldColumnType, n: number): Vec {
  if (cols.length < 2) return buildFieldVec(cols, type, n)
  const hit = merged.get(cols[0].vector)
  if (
    hit &&
    hit.type === type &&
    hit.cols.length === cols.length &&
    hit.cols.every((c, i) => c.vector === cols[i].vector)
  )
    return hit.vec
  const vec = buildFieldVec(cols, type, n)
  merged.set(cols[0].vector, { cols, type, vec })
  return vec
}

function buildFieldVec(cols: readonly BlockColumn[], type: FieldColumnType, n: number): Vec {
  if (cols.length === 0) return nullVec(type, n)
  return (
    (type === 'real' && cols.length > 1 ? realWithSparse(cols, n) : undefined) ??
    combineParts(
      cols.map((c) => columnToVec(c, n)),
      type,
      n,
    )
  )
}

/**
 * integer|float read as real when a column is sparse: its values are scattered straight to their
 * rows, where combineParts would first spread them over a whole block's vector, then merge that.
 * Undefined (the general path) unless every column is a number column of plain numbers.
 */
function realWithSparse(cols: readonly BlockColumn[], n: number): NumVec | undefined {
  if (!cols.some((c) => c.positions !== undefined)) return undefined
  if (!cols.every((c) => c.type === 'integer' || c.type === 'float')) return undefined
  const parts = cols.map((c) => (c.positions === undefined ? columnToVec(c, n) : sparseValues(c)))
  if (!parts.every((v) => v.kind === 'num')) return undefined
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  cols.forEach((c, i) => {
    const v = parts[i] as NumVec
    if (c.positions === undefined) mergeInto(v.values, v.valid, values, valid)
    else scatterInto(c.positions, v.values, v.valid, values, valid)
  })
  return { kind: 'num', type: 'real', values, valid: heldCount(valid) === n ? null : valid }
}

/** Value k (when valid) at row positions[k]. */
function scatterInto(
  positions: Int32Array,
  from: Float64Array,
  fromValid: Uint8Array | null,
  values: Float64Array,
  valid: Uint8Array,
): void {
  for (let k = 0; k < positions.length; k++) {
    if (fromValid === null || fromValid[k]) {
      values[positions[k]] = from[k]
      valid[positions[k]] = 1
    }
  }
}

/**
 * One field's vector from the vectors of its physical columns (one per storage type, each `n` rows,
 * a row non-null in at most one): what the scan yields for the field, whatever built the parts.
 */
export function combineParts(vs: readonly Vec[], type: FieldColumnType, n: number): Vec {
  if (vs.length === 0) return nullVec(type, n)
  if (type === 'timespan' && vs.every((v) => v.kind === 'num' || v.kind === 'span'))
    return vs.length === 1 && vs[0].kind === 'span' ? vs[0] : mergeSpans(vs as (NumVec | SpanVec)[], n)
  if (vs.length === 1) {
    const v = vs[0]
    if (v.kind === 'num' && type === 'real' && v.type === 'long') return { ...v, type: 'real' }
    return v
  }
  // A real column (integer|float) widens its integers; a column decided per value keeps each
  // row's own type (an integer stays a long even where this block holds no strings).
  if (type === 'real' && vs.every((v) => v.kind === 'num')) return mergeNumeric(vs as NumVec[], n)
  return splitMixed(vs, n)
}

/** A block's columns grouped by field (each physical type of a field is its own column). */
export function byFieldOf(columns: readonly BlockColumn[]): Map<string, BlockColumn[]> {
  const byField = new Map<string, BlockColumn[]>()
  for (const c of columns) {
    const list = byField.get(c.field)
    if (list) list.push(c)
    else byField.set(c.field, [c])
  }
  return byField
}
