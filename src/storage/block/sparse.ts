// storage/block/sparse.ts: the sparse column layout (row positions + values, format.md "Sparse
// columns"): when a column is stored sparse, and the row lookups over its positions. No Arrow.

/** A column is stored sparse when its blocks hold at least this many rows… */
export const SPARSE_MIN_ROWS = 64
/** …and at most one row in this many holds a value of it (12.5 %). */
export const SPARSE_DENSITY_DIVISOR = 8

/** True when a column with `count` values in a block of `rowCount` rows is stored sparse. */
export function isSparseCount(count: number, rowCount: number): boolean {
  return rowCount >= SPARSE_MIN_ROWS && count * SPARSE_DENSITY_DIVISOR <= rowCount
}

/** The index of `row` in ascending `positions`, or -1 when that row holds no value. */
export function positionIndex(positions: Int32Array, row: number): number {
  let lo = 0
  let hi = positions.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const p = positions[mid]
    if (p === row) return mid
    if (p < row) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}

/** The first index of ascending `positions` whose row is ≥ `row` (positions.length when none). */
export function lowerPosition(positions: Int32Array, row: number): number {
  let lo = 0
  let hi = positions.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (positions[mid] < row) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Per row of `rows` (block rows, any order): its value index in `positions`, or -1. */
export function valueIndices(positions: Int32Array, rows: ArrayLike<number>): Int32Array {
  const out = new Int32Array(rows.length)
  for (let j = 0; j < rows.length; j++) out[j] = positionIndex(positions, rows[j])
  return out
}

/** Per block row (`rowCount` of them): its value index in `positions`, or -1 (a dense gather map). */
export function denseIndices(positions: Int32Array, rowCount: number): Int32Array {
  const out = new Int32Array(rowCount).fill(-1)
  for (let k = 0; k < positions.length; k++) out[positions[k]] = k
  return out
}

/** Per row of block rows [start, end): its value index in `positions`, or -1. O(rows + values there). */
export function rangeIndices(positions: Int32Array, start: number, end: number): Int32Array {
  const out = new Int32Array(end - start).fill(-1)
  for (let k = lowerPosition(positions, start); k < positions.length && positions[k] < end; k++)
    out[positions[k] - start] = k
  return out
}
