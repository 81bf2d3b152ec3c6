// storage/block/rows.ts: row-wise reads of a BlockBatch (cell values, whole events) for output
// and tests. Column vectors are read through their raw buffers; readers are cached per vector; a
// sparse column's rows are found among its positions.
import type * as arrow from 'apache-arrow'
import { type FieldType, type FlatEvent, type FlatValue, TimespanValue } from '../types.ts'
import type { BlockBatch, BlockColumn } from './build.ts'
import { int32View, readInt } from './int64.ts'
import { lowerPosition, positionIndex } from './sparse.ts'
import { SYS_TIME_FIELD, TIME_FIELD } from './time-columns.ts'
import { utf8Strings } from './utf8.ts'

/** Reads one cell (row index within the block); `null` when the row has no value of this type. */
type CellReader = (row: number) => FlatValue | null

const readers = new WeakMap<arrow.Vector, CellReader>()

type ReaderFactory = (data: arrow.Data, valid: (row: number) => boolean) => CellReader

const FACTORIES: { readonly [T in FieldType]: ReaderFactory } = {
  string: (data, valid) => {
    const entries = utf8Strings(data.dictionary)
    const codes = data.values as Int32Array
    return (row) => (valid(row) ? entries[codes[row]] : null)
  },
  integer: (data, valid) => {
    const big = data.values as BigInt64Array
    const view = int32View(big)
    return (row) => (valid(row) ? readInt(view, big, row) : null)
  },
  float: (data, valid) => {
    const values = data.values as Float64Array
    return (row) => (valid(row) ? values[row] : null)
  },
  boolean: (data, valid) => {
    const bits = data.values as Uint8Array
    return (row) => (valid(row) ? ((bits[row >> 3] >> (row & 7)) & 1) === 1 : null)
  },
  datetime: (data, valid) => {
    const values = data.values as BigInt64Array
    return (row) => (valid(row) ? values[row] : null)
  },
  timespan: (data, valid) => {
    const values = data.values as BigInt64Array
    return (row) => (valid(row) ? new TimespanValue(values[row]) : null)
  },
  array: jsonReader,
  map: jsonReader,
}

/** Parsed JSON text (`array`, `map`). */
function jsonReader(data: arrow.Data, valid: (row: number) => boolean): CellReader {
  const offsets = data.valueOffsets as Int32Array
  const bytes = data.values as Uint8Array
  const decoder = new TextDecoder()
  return (row) =>
    valid(row) ? JSON.parse(decoder.decode(bytes.subarray(offsets[row], offsets[row + 1]))) : null
}

/** Reads value `k` of a column's Arrow data: the row itself when dense, the k-th value when sparse. */
function valueReader(col: BlockColumn): CellReader {
  let reader = readers.get(col.vector)
  if (reader !== undefined) return reader
  const chunks = col.vector.data
  if (chunks.length !== 1 || chunks[0].offset !== 0) {
    throw new Error(`block column ${col.field}/${col.type} must be one Arrow chunk at offset 0`)
  }
  const data = chunks[0]
  const bitmap = data.nullBitmap
  const valid =
    data.nullCount > 0 && bitmap && bitmap.length > 0
      ? (row: number) => ((bitmap[row >> 3] >> (row & 7)) & 1) === 1
      : () => true
  reader = FACTORIES[col.type](data, valid)
  readers.set(col.vector, reader)
  return reader
}

/** Reads a block row of a column (a sparse column looks the row up among its positions). */
function readerFor(col: BlockColumn): CellReader {
  const read = valueReader(col)
  const positions = col.positions
  if (positions === undefined) return read
  return (row) => {
    const k = positionIndex(positions, row)
    return k < 0 ? null : read(k)
  }
}

/** The value of `col` at `row` (integers as `number` when safe, else `bigint`; arrays parsed). */
export function columnValue(col: BlockColumn, row: number): FlatValue | null {
  return readerFor(col)(row)
}

/**
 * The events of rows `[start, end)` (default: all), the inverse of `buildBatch`: nulls are
 * omitted and `fields` objects have no prototype. Needs the `_time` and `_sysTime` columns.
 */
export function batchToEvents(batch: BlockBatch, start = 0, end = batch.rowCount): FlatEvent[] {
  const time = batch.columns.find((c) => c.field === TIME_FIELD && c.type === 'datetime')
  const sysTime = batch.columns.find((c) => c.field === SYS_TIME_FIELD && c.type === 'datetime')
  if (!time || !sysTime) throw new Error('batchToEvents needs the _time and _sysTime columns')
  const from = Math.max(0, start)
  const to = Math.min(batch.rowCount, end)
  const times = readerFor(time)
  const sysTimes = readerFor(sysTime)
  const fields: Record<string, FlatValue>[] = []
  const events: FlatEvent[] = []
  for (let row = from; row < to; row++) {
    const f = Object.create(null) as Record<string, FlatValue>
    fields.push(f)
    events.push({ time: times(row) as bigint, sysTime: sysTimes(row) as bigint, fields: f })
  }
  // Column-major fill keeps each loop monomorphic in its reader.
  for (const col of batch.columns) {
    if (col === time || col === sysTime) continue
    const positions = col.positions
    if (positions !== undefined) {
      // A sparse column visits only its values inside the range.
      const read = valueReader(col)
      for (let k = lowerPosition(positions, from); k < positions.length && positions[k] < to; k++)
        fields[positions[k] - from][col.field] = read(k) as FlatValue
      continue
    }
    const read = readerFor(col)
    for (let row = from; row < to; row++) {
      const v = read(row)
      if (v !== null) fields[row - from][col.field] = v
    }
  }
  return events
}
