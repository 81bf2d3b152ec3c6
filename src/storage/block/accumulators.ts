// storage/block/accumulators.ts: per-(field, type) column accumulators filled row by row by
// buildBatch, each turning into one Arrow Data. Fixed-size typed arrays, no per-row allocation
// except the unavoidable strings (JSON text of arrays).
import * as arrow from 'apache-arrow'
import { arrowTypeFor } from './arrow-types.ts'
import { int32View, writeSafeInt } from './int64.ts'
import { packUtf8, wellFormed } from './utf8.ts'

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
  readonly #codeOf = new Map<string, number>()
  readonly #entries: string[] = []

  constructor(length: number) {
    super(length)
    this.codes = new Int32Array(length)
  }

  #lastString: string | undefined = undefined
  #lastCode = 0

  /** Sets `row` to `s`. */
  add(row: number, s: string): void {
    // Low-cardinality columns often repeat the previous value: skip the hash lookup then.
    if (s !== this.#lastString) {
      const code = this.#codeOf.get(s)
      this.#lastCode = code === undefined ? this.#intern(s) : code
      this.#lastString = s
    }
    this.codes[row] = this.#lastCode
    this.mark(row)
  }

  #intern(s: string): number {
    // Lone surrogates encode as U+FFFD; alias them to that entry so the dictionary stays deduplicated.
    const wf = wellFormed(s)
    let code = wf === s ? undefined : this.#codeOf.get(wf)
    if (code === undefined) {
      code = this.#entries.length
      this.#entries.push(wf)
      this.#codeOf.set(wf, code)
    }
    this.#codeOf.set(s, code)
    return code
  }

  finish(dictId: number): arrow.Data {
    const { offsets, bytes } = packUtf8(this.#entries, this.#entries.length)
    const dictionary = arrow.makeVector(
      arrow.makeData({
        type: new arrow.Utf8(),
        length: this.#entries.length,
        valueOffsets: offsets,
        data: bytes,
      }),
    )
    const type = arrowTypeFor('string', dictId) as arrow.Dictionary<arrow.Utf8, arrow.Int32>
    return arrow.makeData({ type, length: this.length, ...this.nulls(), data: this.codes, dictionary })
  }
}

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

  finish(): arrow.Data {
    return arrow.makeData({
      type: new arrow.Int64(),
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

  finish(): arrow.Data {
    return arrow.makeData({ type: new arrow.Bool(), length: this.length, ...this.nulls(), data: this.bits })
  }
}

/** `array` → Utf8 JSON text (the field carries the `arrow.json` marker). */
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
