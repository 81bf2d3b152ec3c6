// storage/block/string-accumulator.ts: the `string` column accumulator: values as codes into a
// block dictionary kept as UTF-8 (utf8-dictionary.ts), deduplicated, first-seen order.
import * as arrow from 'apache-arrow'
import { Accumulator, type DictionaryHint, type FinishedColumn, INITIAL_CAPACITY } from './accumulator.ts'
import { arrowTypeFor } from './arrow-types.ts'
import type { ChunkColumn } from './event-chunk.ts'
import { Utf8Dictionary } from './utf8-dictionary.ts'

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
