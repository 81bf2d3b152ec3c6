// storage/ingest/chunk-columns.ts: the growable typed columns the chunk builder appends to, one
// class per value kind (so each append site stays monomorphic). Values are packed in row order; a
// bitmap (written once a row lacks a value) says which rows hold one. `pop` undoes the last append
// (a failed or overwritten value); `reset` empties a column for the next chunk, keeping its buffers.
import type { ChunkColumn, ChunkColumnType } from '../block/event-chunk.ts'
import { writeSafeInt } from '../block/int64.ts'

/** Values a column starts with room for (it doubles as it fills, and keeps its size). */
const INITIAL_CAPACITY = 64
/** Dictionary entries joined into one piece of text as soon as they are all in (see #append). */
const TEXT_PIECE_ENTRIES = 512
/** A string column whose dictionary reaches this size within twice as many values stops deduplicating. */
const PLAIN_CHECK_AT = 256

/** Shared part: the row bitmap and the number of values. */
abstract class Column {
  readonly field: string
  /** Bit r set when row r holds a value (unless `dense`). At least ⌈maxRows / 8⌉ bytes. */
  present: Uint8Array
  /** Values appended (rows set). */
  count = 0
  /**
   * Rows 0 … count - 1 all hold a value, and no bit of `present` is written: a field that every
   * event has (the common case) costs no bitmap write per value until a row lacks it.
   */
  dense = true

  constructor(field: string, maxRows: number) {
    this.field = field
    this.present = new Uint8Array((maxRows + 7) >> 3)
  }

  /** Removes the value of `row`, which must be the last one appended (dense stays dense). */
  pop(row: number): void {
    this.count--
    if (!this.dense) this.present[row >> 3] &= ~(1 << (row & 7))
  }

  /** Notes that `row` holds the value just appended (`count` already counts it). */
  protected mark(row: number): void {
    if (this.dense) {
      if (row === this.count - 1) return
      // A row without a value: from now on every value sets its bit.
      setFirstBits(this.present, this.count - 1)
      this.dense = false
    }
    this.present[row >> 3] |= 1 << (row & 7)
  }

  /** The finished column over `rows` rows (undefined when it holds no value). Valid until `reset`. */
  abstract finish(rows: number): ChunkColumn | undefined

  /** Empties the column (its last chunk had `rows` rows) for a chunk of at most `maxRows` rows. */
  reset(rows: number, maxRows: number): void {
    const bytes = (maxRows + 7) >> 3
    if (this.present.length < bytes) this.present = new Uint8Array(bytes)
    else if (!this.dense) this.present.fill(0, 0, (rows + 7) >> 3)
    this.count = 0
    this.dense = true
  }

  /** The row bitmap over `rows` rows, or undefined when every row holds a value. */
  bitmap(rows: number): Uint8Array | undefined {
    if (this.count === rows) return undefined
    if (this.dense) {
      // Values in the first rows only: their bits, written now (reset clears them).
      setFirstBits(this.present, this.count)
      this.dense = false
    }
    return this.present.subarray(0, (rows + 7) >> 3)
  }
}

/** Strings (or array/map JSON text) as dictionary codes; one dictionary per column per chunk. */
export class StringColumn extends Column {
  readonly type: 'string' | 'array' | 'map'
  codes = new Int32Array(INITIAL_CAPACITY)
  dict: string[] = []
  #codeOf = new Map<string, number>()
  #last: string | undefined = undefined
  #lastCode = 0
  /** Append every value to the dictionary without looking it up (see #intern). */
  #plain = false
  /** UTF-16 units in the dictionary (bounds a chunk's size). */
  units = 0
  /** The text of the dictionary's entries so far, TEXT_PIECE_ENTRIES a piece (see #append). */
  #pieces: string[] = []

  constructor(field: string, type: 'string' | 'array' | 'map', maxRows: number) {
    super(field, maxRows)
    this.type = type
  }

  /** Sets `row` (after every row set so far) to `s`, stored well-formed (lone surrogates as U+FFFD). */
  add(row: number, s: string): void {
    if (this.#plain) {
      this.#lastCode = this.dict.length
      this.#append(kept(s))
    } else if (s !== this.#last) {
      // Low-cardinality columns often repeat the previous value: skip the hash lookup then.
      const code = this.#codeOf.get(s)
      this.#lastCode = code === undefined ? this.#intern(s) : code
      this.#last = s
    }
    if (this.count === this.codes.length) {
      const next = new Int32Array(this.count * 2)
      next.set(this.codes)
      this.codes = next
    }
    this.codes[this.count++] = this.#lastCode
    this.mark(row)
  }

  /** The code of a value not seen yet (its well-formed form may have been). */
  #intern(s: string): number {
    const wf = kept(s)
    let code = wf === s ? undefined : this.#codeOf.get(wf)
    if (code === undefined) {
      code = this.dict.length
      this.#append(wf)
      if (wf !== s) this.#codeOf.set(wf, code)
      // Mostly distinct values (ids): hashing them buys nothing here, and the block dictionary
      // deduplicates them anyway (on the seal worker).
      if (code === PLAIN_CHECK_AT && this.count < 2 * PLAIN_CHECK_AT) this.#plain = true
    }
    this.#codeOf.set(s, code)
    return code
  }

  /**
   * Appends a (kept) entry to the dictionary. Each full piece of entries is joined into text right
   * away, while its strings are still in cache: the WAL encoder would otherwise read them all
   * again, cold, at the end of the chunk (a tenth of ingest with a column of ids).
   */
  #append(wf: string): void {
    const dict = this.dict
    dict.push(wf)
    this.units += wf.length
    if (dict.length % TEXT_PIECE_ENTRIES === 0)
      this.#pieces.push(dict.slice(dict.length - TEXT_PIECE_ENTRIES).join(''))
  }

  finish(rows: number): ChunkColumn | undefined {
    if (this.count === 0) return undefined
    const codes = this.codes.subarray(0, this.count)
    const pieces = this.#pieces
    if (pieces.length === 0) return col(this, this.type, rows, { codes, dict: this.dict })
    const joined = { pieces, entries: pieces.length * TEXT_PIECE_ENTRIES }
    return col(this, this.type, rows, { codes, dict: this.dict, joined })
  }

  override reset(rows: number, maxRows: number): void {
    super.reset(rows, maxRows)
    // A fresh array and map (the finished chunk may still hold the old dictionary).
    if (this.dict.length > 0) {
      this.dict = []
      this.#codeOf = new Map()
      if (this.#pieces.length > 0) this.#pieces = []
    }
    this.#last = undefined
    this.#plain = false
    this.units = 0
  }
}

/**
 * Integers as int64: safe numbers written through an Int32 pair view, bigints directly. A
 * `timespan` column (nanoseconds) is the same layout.
 */
export class IntegerColumn extends Column {
  readonly type: 'integer' | 'timespan'
  values = new BigInt64Array(INITIAL_CAPACITY)
  #view = new Int32Array(this.values.buffer)

  constructor(field: string, maxRows: number, type: 'integer' | 'timespan' = 'integer') {
    super(field, maxRows)
    this.type = type
  }

  /** Sets `row` to a safe-integer number. */
  addNumber(row: number, v: number): void {
    if (this.count === this.values.length) this.#grow()
    writeSafeInt(this.#view, this.count++, v)
    this.mark(row)
  }

  /** Sets `row` to an int64 bigint. */
  addBigint(row: number, v: bigint): void {
    if (this.count === this.values.length) this.#grow()
    this.values[this.count++] = v
    this.mark(row)
  }

  #grow(): void {
    const next = new BigInt64Array(this.count * 2)
    next.set(this.values)
    this.values = next
    this.#view = new Int32Array(this.values.buffer)
  }

  finish(rows: number): ChunkColumn | undefined {
    if (this.count === 0) return undefined
    return col(this, this.type, rows, { ints: this.values.subarray(0, this.count) })
  }
}

/** Floats (-0 and ±Infinity kept). */
export class FloatColumn extends Column {
  values = new Float64Array(INITIAL_CAPACITY)

  /** Sets `row` to `v`. */
  add(row: number, v: number): void {
    if (this.count === this.values.length) {
      const next = new Float64Array(this.count * 2)
      next.set(this.values)
      this.values = next
    }
    this.values[this.count++] = v
    this.mark(row)
  }

  finish(rows: number): ChunkColumn | undefined {
    if (this.count === 0) return undefined
    return col(this, 'float', rows, { floats: this.values.subarray(0, this.count) })
  }
}

/** Booleans, one byte (0/1) per value. */
export class BooleanColumn extends Column {
  values = new Uint8Array(INITIAL_CAPACITY)

  /** Sets `row` to `v`. */
  add(row: number, v: boolean): void {
    if (this.count === this.values.length) {
      const next = new Uint8Array(this.count * 2)
      next.set(this.values)
      this.values = next
    }
    this.values[this.count++] = v ? 1 : 0
    this.mark(row)
  }

  finish(rows: number): ChunkColumn | undefined {
    if (this.count === 0) return undefined
    return col(this, 'boolean', rows, { bools: this.values.subarray(0, this.count) })
  }
}

/**
 * `s` as a dictionary keeps it: well-formed, and flat. Reading one character flattens a
 * concatenated (rope) string in place; left a rope, every later read of it (the WAL encoder's
 * join, the next chunk's) walks the rope again, which costs ~1 µs for a 36-character id built
 * from a template literal.
 */
function kept(s: string): string {
  s.charCodeAt(0)
  return s.isWellFormed() ? s : s.toWellFormed()
}

/** Sets bits 0 … n - 1 of `bits` (the rest is left as is: zero). */
function setFirstBits(bits: Uint8Array, n: number): void {
  bits.fill(0xff, 0, n >> 3)
  if ((n & 7) !== 0) bits[n >> 3] |= (1 << (n & 7)) - 1
}

/** Any of the builder's columns. */
export type AnyColumn = StringColumn | IntegerColumn | FloatColumn | BooleanColumn

function col(
  c: Column,
  type: ChunkColumnType,
  rows: number,
  values: Partial<Pick<ChunkColumn, 'codes' | 'dict' | 'joined' | 'ints' | 'floats' | 'bools'>>,
): ChunkColumn {
  return { field: c.field, type, count: c.count, present: c.bitmap(rows), ...values }
}
