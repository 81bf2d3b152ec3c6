// storage/block/accumulators.ts: per-(field, type) column accumulators filled row by row by
// buildBatch, or a chunk column range at a time by assembleBatch, each turning into one Arrow Data
// (dense, or sparse: positions + values). Packed typed arrays (accumulator.ts), no per-row allocation.
import * as arrow from 'apache-arrow'
import { Accumulator, type FinishedColumn, INITIAL_CAPACITY } from './accumulator.ts'
import type { ChunkColumn } from './event-chunk.ts'
import { int32View, writeSafeInt } from './int64.ts'
import { packUtf8 } from './utf8.ts'

export type { DictionaryHint, FinishedColumn } from './accumulator.ts'
export { StringAccumulator } from './string-accumulator.ts'

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/** `integer` → Int64; safe numbers are written through an Int32 view, bigints directly. */
export class IntegerAccumulator extends Accumulator {
  /** Packed values, one per value. */
  #values: BigInt64Array
  #view: Int32Array

  constructor(length: number) {
    super(length)
    this.#values = new BigInt64Array(Math.min(length, INITIAL_CAPACITY))
    this.#view = int32View(this.#values)
  }

  protected growValues(capacity: number): void {
    const grown = new BigInt64Array(capacity)
    grown.set(this.#values.subarray(0, this.count))
    this.#values = grown
    this.#view = int32View(grown)
  }

  /** Sets `row` to `v` (a safe-integer number or an int64 bigint). */
  add(row: number, v: number | bigint): void {
    if (typeof v === 'bigint' && (v < INT64_MIN || v > INT64_MAX))
      throw new RangeError(`integer ${v} is outside int64`)
    const at = this.mark(row)
    if (typeof v === 'number') writeSafeInt(this.#view, at, v)
    else this.#values[at] = v
  }

  /** Sets rows `base…` to the values of rows [from, to) of an `integer` chunk column. */
  addChunk(col: ChunkColumn, from: number, to: number, base: number): void {
    const src = col.ints as BigInt64Array
    const { vi, n, at } = this.markChunkRows(col, from, to, base)
    this.#values.set(src.subarray(vi, vi + n), at)
  }

  /** The values laid out for `finish`: packed (sparse), or one per block row (dense). */
  protected cells(): { values: BigInt64Array; length: number; positions?: Int32Array } {
    const packed = this.#values.subarray(0, this.count)
    if (this.sparse) return { values: packed.slice(), length: this.count, positions: this.positions.slice() }
    if (this.full) return { values: packed, length: this.length }
    // Copy through Int32 pair views: no BigInt per value.
    const out = new BigInt64Array(this.length)
    const to32 = int32View(out)
    const from32 = this.#view
    const positions = this.positions
    for (let k = 0; k < positions.length; k++) {
      to32[2 * positions[k]] = from32[2 * k]
      to32[2 * positions[k] + 1] = from32[2 * k + 1]
    }
    return { values: out, length: this.length }
  }

  protected finishAs(type: arrow.Int64 | arrow.DurationNanosecond): FinishedColumn {
    const { values, length, positions } = this.cells()
    const nulls = positions === undefined ? this.nulls() : { nullCount: 0, nullBitmap: undefined }
    const data =
      type instanceof arrow.Int64
        ? arrow.makeData({ type, length, ...nulls, data: values })
        : arrow.makeData({ type, length, ...nulls, data: values })
    return positions === undefined ? { data } : { data, positions }
  }

  finish(): FinishedColumn {
    return this.finishAs(new arrow.Int64())
  }
}

/** `timespan` → Duration(ns): int64 nanoseconds, filled like an integer column. */
export class TimespanAccumulator extends IntegerAccumulator {
  override finish(): FinishedColumn {
    return this.finishAs(new arrow.DurationNanosecond())
  }
}

/** `float` → Float64 (-0 and ±Infinity kept as is). */
export class FloatAccumulator extends Accumulator {
  #values: Float64Array

  constructor(length: number) {
    super(length)
    this.#values = new Float64Array(Math.min(length, INITIAL_CAPACITY))
  }

  protected growValues(capacity: number): void {
    const grown = new Float64Array(capacity)
    grown.set(this.#values.subarray(0, this.count))
    this.#values = grown
  }

  /** Sets `row` to `v`. */
  add(row: number, v: number): void {
    const at = this.mark(row)
    this.#values[at] = v
  }

  /** Sets rows `base…` to the values of rows [from, to) of a `float` chunk column. */
  addChunk(col: ChunkColumn, from: number, to: number, base: number): void {
    const src = col.floats as Float64Array
    const { vi, n, at } = this.markChunkRows(col, from, to, base)
    this.#values.set(src.subarray(vi, vi + n), at)
  }

  finish(): FinishedColumn {
    const type = new arrow.Float64()
    const packed = this.#values.subarray(0, this.count)
    if (this.sparse) {
      const data = arrow.makeData({ type, length: this.count, nullCount: 0, data: packed.slice() })
      return { data, positions: this.positions.slice() }
    }
    let values = packed
    if (!this.full) {
      values = new Float64Array(this.length)
      const positions = this.positions
      for (let k = 0; k < positions.length; k++) values[positions[k]] = packed[k]
    }
    return { data: arrow.makeData({ type, length: this.length, ...this.nulls(), data: values }) }
  }
}

/** `boolean` → Bool (bit-packed values). */
export class BooleanAccumulator extends Accumulator {
  /** Packed values, 0 or 1 each. */
  #values: Uint8Array

  constructor(length: number) {
    super(length)
    this.#values = new Uint8Array(Math.min(length, INITIAL_CAPACITY))
  }

  protected growValues(capacity: number): void {
    const grown = new Uint8Array(capacity)
    grown.set(this.#values.subarray(0, this.count))
    this.#values = grown
  }

  /** Sets `row` to `v`. */
  add(row: number, v: boolean): void {
    const at = this.mark(row)
    this.#values[at] = v ? 1 : 0
  }

  /** Sets rows `base…` to the values of rows [from, to) of a `boolean` chunk column. */
  addChunk(col: ChunkColumn, from: number, to: number, base: number): void {
    const src = col.bools as Uint8Array
    const { vi, n, at } = this.markChunkRows(col, from, to, base)
    this.#values.set(src.subarray(vi, vi + n), at)
  }

  finish(): FinishedColumn {
    const type = new arrow.Bool()
    const packed = this.#values
    const sparse = this.sparse
    const length = sparse ? this.count : this.length
    const bits = new Uint8Array((length + 7) >> 3)
    const positions = this.positions
    for (let k = 0; k < this.count; k++) {
      const row = sparse ? k : positions[k]
      if (packed[k] === 1) bits[row >> 3] |= 1 << (row & 7)
    }
    if (sparse)
      return {
        data: arrow.makeData({ type, length, nullCount: 0, data: bits }),
        positions: positions.slice(),
      }
    return { data: arrow.makeData({ type, length, ...this.nulls(), data: bits }) }
  }
}

/** `array` and `map` → Utf8 JSON text (the field carries the `arrow.json` or `apldb.map` marker). */
export class ArrayAccumulator extends Accumulator {
  /** Packed JSON texts, one per value. */
  readonly #texts: string[] = []

  protected growValues(): void {}

  /** Sets `row` to the JSON text of `v`. */
  add(row: number, v: unknown): void {
    // JSON.stringify escapes lone surrogates, so the text is always well-formed.
    const at = this.mark(row)
    this.#texts[at] = JSON.stringify(v)
  }

  /** Sets rows `base…` to the values of rows [from, to) of an `array`/`map` chunk column (JSON text). */
  addChunk(col: ChunkColumn, from: number, to: number, base: number): void {
    const dict = col.dict as readonly string[]
    const codes = col.codes as Int32Array
    const texts = this.#texts
    const { vi, n, at } = this.markChunkRows(col, from, to, base)
    for (let k = 0; k < n; k++) texts[at + k] = dict[codes[vi + k]]
  }

  finish(): FinishedColumn {
    const type = new arrow.Utf8()
    if (this.sparse) {
      const { offsets, bytes } = packUtf8(this.#texts, this.count)
      const data = arrow.makeData({
        type,
        length: this.count,
        nullCount: 0,
        valueOffsets: offsets,
        data: bytes,
      })
      return { data, positions: this.positions.slice() }
    }
    let texts: (string | undefined)[] = this.#texts
    if (!this.full) {
      texts = new Array(this.length)
      const positions = this.positions
      for (let k = 0; k < positions.length; k++) texts[positions[k]] = this.#texts[k]
    }
    const { offsets, bytes } = packUtf8(texts, this.length)
    return {
      data: arrow.makeData({
        type,
        length: this.length,
        ...this.nulls(),
        valueOffsets: offsets,
        data: bytes,
      }),
    }
  }
}
