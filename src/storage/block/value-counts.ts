// storage/block/value-counts.ts: the row facts a zone map keeps so a count over one field can be
// answered without decoding (exec/scan/block-stats.ts): rows and first row per dictionary code of a
// string column, the first row holding a value, and the first row lacking a field in every type.
import type { BlockColumn } from './build.ts'

type ColumnData = BlockColumn['vector']['data'][number]

/** Rows per code (`counts`) and first row per code (`firsts`, -1 when unused) of a dictionary column. */
export interface CodeRows {
  readonly counts: Float64Array
  readonly firsts: Float64Array
}

function bitmapOf(data: ColumnData): Uint8Array | null {
  return data.nullCount > 0 && data.nullBitmap && data.nullBitmap.length > 0 ? data.nullBitmap : null
}

/** Counts and first rows of each of `size` dictionary codes (nulls not counted). */
export function codeRows(data: ColumnData, size: number): CodeRows {
  const counts = new Float64Array(size)
  const firsts = new Float64Array(size).fill(-1)
  const codes = data.values as Int32Array
  const bitmap = bitmapOf(data)
  if (bitmap === null) tallyAll(codes, data.length, counts, firsts)
  else tallyValid(codes, bitmap, data.length, counts, firsts)
  return { counts, firsts }
}

function tallyAll(codes: Int32Array, n: number, counts: Float64Array, firsts: Float64Array): void {
  for (let row = 0; row < n; row++) {
    const c = codes[row]
    if (counts[c]++ === 0) firsts[c] = row
  }
}

function tallyValid(
  codes: Int32Array,
  bitmap: Uint8Array,
  n: number,
  counts: Float64Array,
  firsts: Float64Array,
): void {
  for (let row = 0; row < n; row++) {
    if (((bitmap[row >> 3] >> (row & 7)) & 1) === 0) continue
    const c = codes[row]
    if (counts[c]++ === 0) firsts[c] = row
  }
}

/** The first row holding a value, or -1. */
export function firstValidRow(data: ColumnData): number {
  if (data.length === 0 || data.nullCount >= data.length) return -1
  const bitmap = bitmapOf(data)
  if (bitmap === null) return 0
  for (let row = 0; row < data.length; row++) if ((bitmap[row >> 3] >> (row & 7)) & 1) return row
  return -1
}

/** The first of `rowCount` rows without a value in every one of `cols` (one field's columns), or -1. */
export function firstAbsentRow(cols: readonly BlockColumn[], rowCount: number): number {
  const held = cols.map(heldTest)
  for (let row = 0; row < rowCount; row++) {
    let any = false
    for (const has of held)
      if (has(row)) {
        any = true
        break
      }
    if (!any) return row
  }
  return -1
}

/** Whether a row holds a value, asked for ascending rows (a sparse column walks its positions). */
function heldTest(col: BlockColumn): (row: number) => boolean {
  const positions = col.positions
  if (positions !== undefined) {
    let k = 0
    return (row) => {
      while (k < positions.length && positions[k] < row) k++
      return k < positions.length && positions[k] === row
    }
  }
  const d = col.vector.data[0]
  const bitmap = bitmapOf(d)
  if (d.nullCount >= d.length) return () => false
  return bitmap === null ? () => true : (row) => ((bitmap[row >> 3] >> (row & 7)) & 1) === 1
}
