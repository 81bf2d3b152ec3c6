// storage/block/accumulators.ts: per-(field, type) column accumulators filled row by row by
// buildBatch, or a chunk column range at a time by assembleBatch, each turning into one Arrow
// Data. Fixed-size typed arrays, no per-row allocation.
import * as arrow from 'apache-arrow'
import { arrowTypeFor } from './arrow-types.ts'
import { type ChunkColumn, valueIndex } from './event-chunk.ts'
import { int32View, writeSafeInt } from './int64.ts'
import { packUtf8 } from './utf8.ts'
import { Utf8Dictionary } from './utf8-dictionary.ts'

/** Upper bounds of a string column's dictionary: entries and their UTF-8 bytes. */
export interface DictionaryHint {
  entries: number
  bytes: number
}

/** Where a chunk range's values go (see markChunkRows). */
interface ChunkRows {
  readonly vi: number
  readonly n: number
  readonly rows: Int32Array | undefined
}

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/** Shared part: a validity bitmap over the block's rows and the number of rows set. */
abstract class Accumulator {
  /** Arrow validity bitmap, bit `row` set when the row holds a value of this type. */
  readonly validity: Uint8Array
  /** Rows set so far. */
  count = 0
  /** Rows in the block. */
  readonly length: number

  constructor(length: number) {
    this.length = length
    this.validity = new Uint8Array((length + 7) >> 3)
  }

  protected mark(row: number): void {
    this.validity[row >> 3] |= 1 << (row & 7)
    this.count++
  }

  /**
   * Marks the block rows that rows [from, to) of chunk column `col` fill (row r goes to
   * `base + r - from`) and says where their values are: `n` values from index `vi`, going to
   * `rows[k]`, or to `base + k` when `rows` is undefined (every row has one).
   */
  protected markChunkRows(col: ChunkColumn, from: number, to: number, base: number): ChunkRows {
    const present = col.present
    const validity = this.validity
    const vi = valueIndex(col, from)
    if (present === undefined) {
      for (let row = base; row < base + to - from; row++) validity[row >> 3] |= 1 << (row & 7)
      this.count += to - from
      return { vi, n: to - from, rows: undefined }
    }
    const rows = new Int32Array(to - from)
    let n = 0
    for (let r = from; r < to; r++) {
      if (((present[r >> 3] >> (r & 7)) & 1) === 0) continue
      const row = base + r - from
      validity[row >> 3] |= 1 << (row & 7)
      rows[n++] = row
    }
    this.count += n
    return { vi, n, rows }
  }

  /** The null bitmap to hand to Arrow (none when no row is null). */
  protected nulls(): { nullCount: number; nullBitmap: Uint8Array | undefined } {
    const nullCount = this.length - this.count
    return { nullCount, nullBitmap: nullCount > 0 ? this.validity : undefined }
  }

  /** The finished Arrow data; `dictId` is this column's index in the batch. */
  abstract finish(dictId: number): arrow.Data
}

/** `string` → Dictionary<Utf8, Int32>, codes dense in first-seen order, dictionary deduplicated. */
export class StringAccumulator extends Accumulator {
  readonly codes: Int32Array
  /** The block dictionary, as UTF-8 (WAL chunks hand their UTF-8 over: no decode, no re-encode). */
  readonly dictionary: Utf8Dictionary
  /** String → code for `add`: events repeat values, and a string's hash is cached in it. */
  readonly #codeOf = new Map<string, number>()

  /** `hint`: bounds of the dictionary's entries and UTF-8 bytes, when known (saves regrowing it). */
  constructor(length: number, hint?: DictionaryHint) {
    super(length)
    this.codes = new Int32Array(length)
    this.dictionary =
      hint === undefined
        ? new Utf8Dictionary()
        : new Utf8Dictionary(Math.min(hint.entries, length), hint.bytes)
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
    this.codes[row] = this.#lastCode
    this.mark(row)
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
    const out = this.codes
    const { vi, n, rows } = this.markChunkRows(col, from, to, base)
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
      out[rows === undefined ? base + k : rows[k]] = code
    }
  }

  /** The code of a string: its UTF-8 (lone surrogates as U+FFFD, as the dictionary stores them). */
  #internString(s: string): number {
    const need = 3 * s.length
    if (scratch.length < need) scratch = Buffer.allocUnsafe(Math.max(need, 2 * scratch.length))
    const len = scratch.write(s, 0, 'utf8')
    return this.dictionary.intern(scratch, 0, len)
  }

  finish(dictId: number): arrow.Data {
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
    return arrow.makeData({ type, length: this.length, ...this.nulls(), data: this.codes, dictionary })
  }
}

/** Where `#internString` encodes (grown as needed; 3 bytes per UTF-16 unit at most). */
let scratch = Buffer.allocUnsafe(4096)

/** `integer` → Int64; safe numbers are written through an Int32 view, bigints directly. */
export class IntegerAccumulator extends Accumulator {
  readonly values: BigInt64Array
  readonly #view: Int32Array

  constructor(length: number) {
    super(length)
    this.values = new BigInt64Array(length)
    this.#view = int32View(this.values)
  }

  /** Sets `row` to `v` (a safe-integer number or an int64 bigint). */
  add(row: number, v: number | bigint): void {
    if (typeof v === 'number') writeSafeInt(this.#view, row, v)
    else if (v < INT64_MIN || v > INT64_MAX) throw new RangeError(`integer ${v} is outside int64`)
    else this.values[row] = v
    this.mark(row)
  }

  /** Sets rows `base…` to the values of rows [from, to) of an `integer` chunk column. */
  addChunk(col: ChunkColumn, from: number, to: number, base: number): void {
    const src = col.ints as BigInt64Array
    const { vi, n, rows } = this.markChunkRows(col, from, to, base)
    if (rows === undefined) {
      this.values.set(src.subarray(vi, vi + n), base)
      return
    }
    // Copy through Int32 pair views: no BigInt per value.
    const from32 = int32View(src)
    const to32 = this.#view
    for (let k = 0; k < n; k++) {
      to32[2 * rows[k]] = from32[2 * (vi + k)]
      to32[2 * rows[k] + 1] = from32[2 * (vi + k) + 1]
    }
  }

  finish(): arrow.Data {
    return arrow.makeData({
      type: new arrow.Int64(),
      length: this.length,
      ...this.nulls(),
      data: this.values,
    })
  }
}

/** `timespan` → Duration(ns): int64 nanoseconds, filled like an integer column. */
export class TimespanAccumulator extends IntegerAccumulator {
  override finish(): arrow.Data {
    return arrow.makeData({
      type: new arrow.DurationNanosecond(),
      length: this.length,
      ...this.nulls(),
      data: this.values,
    })
  }
}

/** `float` → Float64 (-0 and ±Infinity kept as is). */
export class FloatAccumulator extends Accumulator {
  readonly values: Float64Array

  constructor(length: number) {
    super(length)
    this.values = new Float64Array(length)
  }

  /** Sets `row` to `v`. */
  add(row: number, v: number): void {
    this.values[row] = v
    this.mark(row)
  }

  /** Sets rows `base…` to the values of rows [from, to) of a `float` chunk column. */
  addChunk(col: ChunkColumn, from: number, to: number, base: number): void {
    const src = col.floats as Float64Array
    const { vi, n, rows } = this.markChunkRows(col, from, to, base)
    if (rows === undefined) {
      this.values.set(src.subarray(vi, vi + n), base)
      return
    }
    const out = this.values
    for (let k = 0; k < n; k++) out[rows[k]] = src[vi + k]
  }

  finish(): arrow.Data {
    return arrow.makeData({
      type: new arrow.Float64(),
      length: this.length,
      ...this.nulls(),
      data: this.values,
    })
  }
}

/** `boolean` → Bool (bit-packed values). */
export class BooleanAccumulator extends Accumulator {
  readonly bits: Uint8Array

  constructor(length: number) {
    super(length)
    this.bits = new Uint8Array((length + 7) >> 3)
  }

  /** Sets `row` to `v`. */
  add(row: number, v: boolean): void {
    if (v) this.bits[row >> 3] |= 1 << (row & 7)
    this.mark(row)
  }

  /** Sets rows `base…` to the values of rows [from, to) of a `boolean` chunk column. */
  addChunk(col: ChunkColumn, from: number, to: number, base: number): void {
    const src = col.bools as Uint8Array
    const bits = this.bits
    const { vi, n, rows } = this.markChunkRows(col, from, to, base)
    for (let k = 0; k < n; k++) {
      const row = rows === undefined ? base + k : rows[k]
      if (src[vi + k] === 1) bits[row >> 3] |= 1 << (row & 7)
    }
  }

  finish(): arrow.Data {
    return arrow.makeData({ type: new arrow.Bool(), length: this.length, ...this.nulls(), data: this.bits })
  }
}

/** `array` and `map` → Utf8 JSON text (the field carries the `arrow.json` or `apldb.map` marker). */
export class ArrayAccumulator extends Accumulator {
  readonly #texts: (string | undefined)[]

  constructor(length: number) {
    super(length)
    this.#texts = new Array(length)
  }

  /** Sets `row` to the JSON text of `v`. */
  add(row: number, v: unknown): void {
    // JSON.stringify escapes lone surrogates, so the text is always well-formed.
    this.#texts[row] = JSON.stringify(v)
    this.mark(row)
  }

  /** Sets rows `base…` to the values of rows [from, to) of an `array`/`map` chunk column (JSON text). */
  addChunk(col: ChunkColumn, from: number, to: number, base: number): void {
    const dict = col.dict as readonly string[]
    const codes = col.codes as Int32Array
    const texts = this.#texts
    const { vi, n, rows } = this.markChunkRows(col, from, to, base)
    for (let k = 0; k < n; k++) texts[rows === undefined ? base + k : rows[k]] = dict[codes[vi + k]]
  }

  finish(): arrow.Data {
    const { offsets, bytes } = packUtf8(this.#texts, this.length)
    return arrow.makeData({
      type: new arrow.Utf8(),
      length: this.length,
      ...this.nulls(),
      valueOffsets: offsets,
      data: bytes,
    })
  }
}
