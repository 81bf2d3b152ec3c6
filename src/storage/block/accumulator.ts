// storage/block/accumulator.ts: what every column accumulator shares. Rows arrive in ascending
// order, so values are kept packed (the rows holding one, then the values, grown as needed): memory
// and work are O(values), and `finish` lays them out dense or sparse (sparse.ts).
import type * as arrow from 'apache-arrow'
import { type ChunkColumn, valueIndex } from './event-chunk.ts'
import { isSparseCount } from './sparse.ts'

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

/** First capacity of the packed arrays (values), grown ×2 up to the block's rows. */
export const INITIAL_CAPACITY = 16

/** Shared part: the rows holding a value (ascending) and how many there are. */
export abstract class Accumulator {
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
