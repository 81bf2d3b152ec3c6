// exec/scan/block-slices.ts: how a scan cuts a block into batches. A block whose read columns are
// many sparse ones (format.md "Sparse columns") is yielded in row slices, each built from the values
// inside it, so a query that stops early (take, limit) never spreads every column over every row.
import type { BlockColumn } from '../../storage/block/index.ts'
import { takeVec } from '../batch.ts'
import type { Vec } from '../vector.ts'
import { sparseRangeToVec } from './arrow-to-vec.ts'
import { combineParts, type FieldColumnType, fieldVec } from './field-vec.ts'

/** Cells (rows × sparse columns) one slice of a block spreads at most… */
export const SLICE_CELLS = 1 << 20
/** …but never fewer rows than this per slice. */
export const SLICE_MIN_ROWS = 256

/** Rows per batch of a block of `n` rows whose read columns include `sparse` sparse ones. */
export function sliceRows(n: number, sparse: number): number {
  if (sparse === 0 || sparse * n <= SLICE_CELLS) return n
  return Math.min(n, Math.max(SLICE_MIN_ROWS, Math.floor(SLICE_CELLS / sparse)))
}

/** Sparse columns among `columns`. */
export function sparseCount(columns: readonly BlockColumn[]): number {
  let k = 0
  for (const c of columns) if (c.positions !== undefined) k++
  return k
}

/**
 * One field's vector over block rows [start, end) of a block of `n` rows: sparse columns gather the
 * values inside the slice; a field with a dense column reads its block vector (cached) and cuts it.
 */
export function sliceFieldVec(
  cols: readonly BlockColumn[],
  type: FieldColumnType,
  n: number,
  start: number,
  end: number,
): Vec {
  if (start === 0 && end === n) return fieldVec(cols, type, n)
  if (cols.length > 0 && cols.every((c) => c.positions !== undefined))
    return combineParts(
      cols.map((c) => sparseRangeToVec(c as BlockColumn & { positions: Int32Array }, start, end)),
      type,
      end - start,
    )
  const rows = new Uint32Array(end - start)
  for (let i = 0; i < rows.length; i++) rows[i] = start + i
  return takeVec(fieldVec(cols, type, n), rows)
}
