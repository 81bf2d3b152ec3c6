// storage/block/event-chunk.ts: columnar events, the form ingest builds, the WAL stores and blocks
// are assembled from: one typed column per (field, type) with values packed in row order. Types and
// tiny helpers only; no I/O.
import type { FieldType } from '../types.ts'

/** Storage types a chunk column can have (datetime is only `_time`/`_sysTime`, kept apart). */
export type ChunkColumnType = Exclude<FieldType, 'datetime'>

/**
 * One (field, type) column of a chunk: `count` values packed in row order (no gaps for rows without
 * a value), and which rows hold them. Exactly one value array is set, by `type`.
 */
export interface ChunkColumn {
  /** Stored field name (flattened, renamed, well-formed). */
  readonly field: string
  readonly type: ChunkColumnType
  /** Rows holding a value of this type (≥ 1). */
  readonly count: number
  /** Bit r (byte r >> 3, mask 1 << (r & 7)) set when row r holds a value; undefined when every row does. */
  readonly present: Uint8Array | undefined
  /** `string`, and `array`/`map` (JSON text): dictionary codes, `count` long. */
  readonly codes?: Int32Array
  /**
   * `string`, `array`: the dictionary (every code indexes it; entries may repeat or go unused).
   * Entries are well-formed UTF-16 (no lone surrogates), as UTF-8 stores them.
   */
  readonly dict?: readonly string[]
  /**
   * `string`, `array` built by ingest (optional): the text of `dict`'s first `entries` entries,
   * joined ahead in pieces (their concatenation equals those entries joined).
   */
  readonly joined?: { readonly pieces: readonly string[]; readonly entries: number }
  /**
   * `string`, `array` read from a WAL record: the dictionary's UTF-8, entry after entry (`dict`
   * is decoded from it on first use), and `dict.length + 1` byte offsets of the entries in it.
   */
  readonly dictUtf8?: Uint8Array
  readonly dictOffsets?: Int32Array
  /** `integer`, `timespan` (nanoseconds): int64 values, `count` long. */
  readonly ints?: BigInt64Array
  /** `float`: values, `count` long. */
  readonly floats?: Float64Array
  /** `boolean`: 0 or 1 per value, `count` long. */
  readonly bools?: Uint8Array
}

/** A run of events in columns: `rows` events, `_time`/`_sysTime` per row, then the field columns. */
export interface EventChunk {
  readonly rows: number
  /** Event time per row, epoch ns. */
  readonly time: BigInt64Array
  /** Ingest time per row, epoch ns. */
  readonly sysTime: BigInt64Array
  /** At most one column per (field, type); any order. */
  readonly columns: readonly ChunkColumn[]
}

/** A deep copy of `chunk` (owning its arrays), for keeping a chunk whose buffers get reused. */
export function copyChunk(chunk: EventChunk): EventChunk {
  return {
    rows: chunk.rows,
    time: chunk.time.slice(),
    sysTime: chunk.sysTime.slice(),
    columns: chunk.columns.map((c) => ({
      field: c.field,
      type: c.type,
      count: c.count,
      present: c.present?.slice(),
      codes: c.codes?.slice(),
      dict: c.dict?.slice(),
      ints: c.ints?.slice(),
      floats: c.floats?.slice(),
      bools: c.bools?.slice(),
    })),
  }
}

/**
 * Whether rows [from, to) of a chunk of `rows` rows hold a value of `col`. A whole chunk always does
 * (a column has at least one value), so only a part of one counts its presence bits.
 */
export function hasValueIn(col: ChunkColumn, rows: number, from: number, to: number): boolean {
  if (col.present === undefined || (from === 0 && to === rows)) return true
  return valueIndex(col, to) > valueIndex(col, from)
}

/** How many of rows [0, row) hold a value: the index of row `row`'s value when it has one. */
export function valueIndex(col: ChunkColumn, row: number): number {
  const p = col.present
  if (p === undefined) return row
  let n = 0
  const whole = row >> 3
  for (let i = 0; i < whole; i++) n += POPCOUNT[p[i]]
  const rest = row & 7
  if (rest > 0) n += POPCOUNT[p[whole] & ((1 << rest) - 1)]
  return n
}

/** Set bits per byte value. */
const POPCOUNT = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0
  for (let v = b; v > 0; v >>= 1) n += v & 1
  return n
})
