// storage/block/accumulators.ts: per-(field, type) column accumulators filled row by row by
// buildBatch, or a chunk column range at a time by assembleBatch, each turning into one Arrow
// Data. Rows arrive in ascending order, so values are kept packed (rows holding a value, then the
// values, grown as needed): memory and work are O(values), and `finish` lays them out dense (one
// cell per block row) or sparse (positions + values, sparse.ts) without a per-row allocation.
import * as arrow from 'apache-arrow'
import { arrowTypeFor } from './arrow-types.ts'
import { type ChunkColumn, valueIndex } from './event-chunk.ts'
import { int32View, writeSafeInt } from './int64.ts'
import { isSparseCount } from './sparse.ts'
import { packUtf8 } from './utf8.ts'
import { Utf8Dictionary } from './utf8-dictionary.ts'

/** Upper bounds of a string column's dictionary: entries and their UTF-8 bytes. */
export interface DictionaryHint {
  entries: number
  bytes: number
}

/**
 * A finished column: `data` has one cell per block row (dense), or, with `positions` (ascending
 * rows holding a value), exactly one non-null cell per position (sparse).
 */
export interface FinishedColumn {
  readonly data: arrow.Data
  readonly positions?: Int32Array
}

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n
/** First capacity of the packed arrays (values), grown ×2 up to the block's rows. */
const INITIAL_CAPACITY = 16

/** Shared part: the rows holding a value (ascending) and how many there are. */
abstract class Accumulator {
  /** Rows holding a value, ascending; the first `count` entries are used. */
  #positions: Int32Array
  /** Rows set so far. */
  count = 0
  /** Rows in the block. */
  readonly length: number

  constructor(length: number) {
    this.length = length
    this.#positions = new Int32Array(Math.min(length, INITIAL_CAPACITY))
  }

  /** Rows holding a value, ascending (`count` of them). */
  get positions(): Int32Array {
    return this.#positions.subarray(0, this.count)
  }

  /** Makes room for `extra` more values; returns the index the next one goes to. */
  protected reserve(extra: number): number {
    const need = this.count + extra
    if (need > this.#positions.length) {
      const cap = Math.min(this.length, Math.max(need, 2 * this.#positions.length))
      const grown = new Int32Array(cap)
      grown.set(this.#positions.subarray(0, this.count))
      this.#positions = grown
      this.growValues(cap)
    }
    return this.count
  }

  /** Grows the packed value storage to `capacity` values, keeping the first `count`. */
  protected abstract growValues(capacity: number): void

  /** Records `row` (greater than every row before) as holding a value; returns its value index. */
  protected mark(row: number): number {
    const at = this.reserve(1)
    this.#positions[at] = row
    this.count = at + 1
    return at
  }

  /**
   * Records the block rows that rows [from, to) of chunk column `col` fill (row r goes to
   * `base + r - from`): their values are the `n` from chunk value index `vi`, and go to packed
   * index `at` on. O(values) plus a byte test per 8 rows without one.
   */
  protected markChunkRows(
    col: ChunkColumn,
    from: number,
    to: number,
    base: number,
  ): { vi: number; n: number; at: number } {
    const present = col.present
    const vi = valueIndex(col, from)
    const n = present === undefined ? to - from : valueIndex(col, to) - vi
    const at = this.reserve(n)
    const positions = this.#positions
    if (present === undefined) for (let k = 0; k < n; k++) positions[at + k] = base + k
    else {
      let k = at
      for (let r = from; r < to; r++) {
        const byte = present[r >> 3]
        if (byte === 0 && (r & 7) === 0 && r + 8 <= to) {
          r += 7
          continue
        }
        if (((byte >> (r & 7)) & 1) === 1) positions[k++] = base + r - from
      }
    }
    this.count = at + n
    return { vi, n, at }
  }

  /** Sparse when few rows hold a value (sparse.ts), so a block's cost follows its values. */
  protected get sparse(): boolean {
    return isSparseCount(this.count, this.length)
  }

  /** Dense layout: the validity bitmap and null count (no bitmap when every row holds a value). */
  protected nulls(): { nullCount: number; nullBitmap: Uint8Array | undefined } {
    const nullCount = this.length - this.count
    if (nullCount === 0) return { nullCount, nullBitmap: undefined }
    const bitmap = new Uint8Array((this.length + 7) >> 3)
    const positions = this.#positions
    for (let k = 0; k < this.count; k++) bitmap[positions[k] >> 3] |= 1 << (positions[k] & 7)
    return { nullCount, nullBitmap: bitmap }
  }

  /** The finished column; `dictId` is this column's index in the batch. */
  abstract finish(dictId: number): FinishedColumn

  /** True when the packed values already sit at their rows (every row holds one). */
  protected get full(): boolean {
    return this.count === this.length
  }
}

/** Int32 packed values at their rows of a dense column of `length` (0 in null rows). */
function scatterInt32(packed: Int32Array, positions: Int32Array, length: number): Int32Array {
  const out = new Int32Array(length)
  for (let k = 0; k < positions.length; k++) out[positions[k]] = packed[k]
  return out
}

/** `string` → Dictionary<Utf8, Int32>, codes dense in first-seen order, dictionary deduplicated. */
export class StringAccumulator extends Accumulator {
  /** Packed codes, one per value. */
  #codes: Int32Array
  /** The block dictionary, as UTF-8 (WAL chunks hand their UTF-8 over: no decode, no re-encode). */
  readonly dictionary: Utf8Dictionary
  /** String → code for `add`: events repeat values, and a string's hash is cached in it. */
  readonly #codeOf = new Map<string, number>()

  /** `hint`: bounds of the dictionary's entries and UTF-8 bytes, when known (saves regrowing it). */
  constructor(length: number, hint?: DictionaryHint) {
    super(length)
    this.#codes = new Int32Array(Math.min(length, INITIAL_CAPACITY))
    this.dictionary =
      hint === undefined
        ? new Utf8Dictionary()
        : new Utf8Dictionary(Math.min(hint.entries, length), hint.bytes)
  }

  protected growValues(capacity: number): void {
    const grown = new Int32Array(capacity)
    grown.set(this.#codes.subarray(0, this.count))
    this.#codes = grown
  }

  #lastString: string | undefined = undefined
  #lastCode = 0

  /** Sets `row` to `s`. */
  add(row: number, s: string): void {
    // Low-cardinality columns often repeat the previous value: skip the hash lookup then.
    if (s !== this.#lastString) {
      let code = this.#codeOf.get(s)
      if (code === undefined) {
        code = this.#internString(s)
        this.#codeOf.set(s, code)
      }
      this.#lastCode = code
      this.#lastString = s
    }
    const at = this.mark(row)
    this.#codes[at] = this.#lastCode
  }

  /** Sets rows `base…` to the values of rows [from, to) of a `string` chunk column. */
  addChunk(col: ChunkColumn, from: number, to: number, base: number): void {
    const codes = col.codes as Int32Array
    const utf8 = col.dictUtf8
    const offsets = col.dictOffsets
    const dict = utf8 === undefined ? (col.dict as readonly string[]) : undefined
    // Chunk code → block code, looked up once per distinct value in the range.
    const remap = new Int32Array(
      offsets !== undefined ? offsets.length - 1 : (dict as readonly string[]).length,
    )
    remap.fill(-1)
    const { vi, n, at } = this.markChunkRows(col, from, to, base)
    const out = this.#codes
    for (let k = 0; k < n; k++) {
      const c = codes[vi + k]
      let code = remap[c]
      if (code < 0) {
        // WAL chunks: the entry's UTF-8 as is (well-formed, so valid UTF-8; no U+FFFD aliasing).
        code = remap[c] =
          utf8 !== undefined && offsets !== undefined
            ? this.dictionary.intern(utf8, offsets[c], offsets[c + 1])
            : this.#internString((dict as readonly string[])[c])
      }
      out[at + k] = code
    }
  }

  /** The code of a string: its UTF-8 (lone surrogates as U+FFFD, as the dictionary stores them). */
  #internString(s: string): number {
    const need = 3 * s.length
    if (scratch.length < need) scratch = Buffer.allocUnsafe(Math.max(need, 2 * scratch.length))
    const len = scratch.write(s, 0, 'utf8')
    return this.dictionary.intern(scratch, 0, len)
  }

  finish(dictId: number): FinishedColumn {
    const dict = this.dictionary
    if (dict.bytes.length > 0x7fffffff) throw new Error('block string column exceeds 2 GiB of UTF-8')
    const dictionary = arrow.makeVector(
      arrow.makeData({
        type: new arrow.Utf8(),
        length: dict.size,
        valueOffsets: dict.offsets,
        data: dict.bytes,
      }),
    )
    const type = arrowTypeFor('string', dictId) as arrow.Dictionary<arrow.Utf8, arrow.Int32>
    const packed = this.#codes.subarray(0, this.count)
    if (this.sparse) {
      const data = arrow.makeData({ type, length: this.count, nullCount: 0, data: packed, dictionary })
      return { data, positions: this.positions.slice() }
    }
    const codes = this.full ? packed : scatterInt32(packed, this.positions, this.length)
    return { data: arrow.makeData({ type, length: this.length, ...this.nulls(), data: codes, dictionary }) }
  }
}

/** Where `#internString` encodes (grown as needed; 3 bytes per UTF-16 unit at most). */
let scratch = Buffer.allocUnsafe(4096)

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
