// exec/scan/take-rows.ts: one field's values at a few rows of a block (a top-N's late columns), each
// physical column converting only those rows: numbers, times and booleans read just those cells, a
// sparse column gathers them, a dictionary string column decodes only the entries they use. Whole
// block vectors (and a whole dictionary as JS strings) for a handful of rows cost the cold path most
// of its time and kept millions of strings on the heap for every full GC to mark.
import type { BlockColumn } from '../../storage/block/index.ts'
import { takeVec } from '../batch.ts'
import type { StrVec, Vec } from '../vector.ts'
import { denseRowsToVec, sparseRowsToVec } from './arrow-to-vec.ts'
import { combineParts, type FieldColumnType, fieldVec } from './field-vec.ts'

// ignoreBOM: a string value may begin with U+FEFF, which a default decoder drops.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })

/**
 * The field with physical columns `cols` (a block of `n` rows) at `rows`, in row order. Each column
 * converts only those rows (a sparse one gathers them; a dictionary string one decodes only the
 * entries they use), then the parts combine as the scan combines a whole block's.
 */
export function takeFieldRows(
  cols: readonly BlockColumn[],
  type: FieldColumnType,
  n: number,
  rows: Uint32Array,
): Vec {
  if (cols.length === 0) return takeVec(fieldVec(cols, type, n), rows)
  const parts = cols.map((c) =>
    c.positions !== undefined
      ? sparseRowsToVec(c as BlockColumn & { positions: Int32Array }, rows)
      : ((c.type === 'string' ? takeStrings(c, rows) : undefined) ?? denseRowsToVec(c, rows)),
  )
  return combineParts(parts, type, rows.length)
}

/** A dictionary string column at `rows`, its dictionary cut to the entries used; undefined for another layout. */
function takeStrings(col: BlockColumn, rows: Uint32Array): StrVec | undefined {
  if (col.positions !== undefined) return undefined
  const data = col.vector.data[0]
  const dict = data?.dictionary?.data
  if (data === undefined || data.offset !== 0 || dict?.length !== 1 || dict[0].offset !== 0) return undefined
  const { values: bytes, valueOffsets: offsets } = dict[0]
  const indices = data.values
  if (!(bytes instanceof Uint8Array) || !(offsets instanceof Int32Array) || !(indices instanceof Int32Array))
    return undefined
  const bitmap = data.nullCount > 0 && data.nullBitmap && data.nullBitmap.length > 0 ? data.nullBitmap : null
  const codes = new Int32Array(rows.length)
  const ids = new Map<number, number>()
  const entries: string[] = []
  for (let j = 0; j < rows.length; j++) {
    const r = rows[j]
    if (bitmap !== null && ((bitmap[r >> 3] >> (r & 7)) & 1) === 0) {
      codes[j] = -1
      continue
    }
    const c = indices[r]
    let id = ids.get(c)
    if (id === undefined) {
      id = entries.length
      ids.set(c, id)
      entries.push(utf8.decode(bytes.subarray(offsets[c], offsets[c + 1])))
    }
    codes[j] = id
  }
  return { kind: 'str', codes, dict: entries }
}
