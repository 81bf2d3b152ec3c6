// storage/ingest/chunk-columns.ts: the growable typed columns the chunk builder appends to, one
// class per value kind (so each append site stays monomorphic). Values are packed in row order; a
// bitmap says which rows hold one. `pop` undoes the last append (a failed or overwritten value);
// `reset` empties a column for the next chunk, keeping its buffers.
import type { ChunkColumn, ChunkColumnType } from '../block/event-chunk.ts'
import { writeSafeInt } from '../block/int64.ts'

/** Values a column starts with room for (it doubles as it fills, and keeps its size). */
const INITIAL_CAPACITY = 64
/** A string column whose dictionary reaches this size within twice as many values stops deduplicating. */
const PLAIN_CHECK_AT = 256

/** Shared part: the row bitmap and the number of values. */
abstract class Column {
  readonly field: string
  /** Bit r set when row r holds a value. At least ⌈maxRows / 8⌉ bytes. */
  present: Uint8Array
  /** Values appended (rows set). */
  count = 0

  constructor(field: string, maxRows: number) {
    this.field = field
    this.present = new Uint8Array((maxRows + 7) >> 3)
  }

  /** Removes the value of `row`, which must be the last one appended. */
  pop(row: number): void {
    this.count--
    this.present[row >> 3] &= ~(1 << (row & 7))
  }

  /** The finished column over `rows` rows (undefined when it holds no value). Valid until `reset`. */
  abstract finish(rows: number): ChunkColumn | undefined

  /** Empties the column (its last chunk had `rows` rows) for a chunk of at most `maxRows` rows. */
  reset(rows: number, maxRows: number): void {
    const bytes = (maxRows + 7) >> 3
    if (this.present.length < bytes) this.present = new Uint8Array(bytes)
    else if (this.count > 0) this.present.fill(0, 0, (rows + 7) >> 3)
    this.count = 0
  }

  /** The row bitmap over `rows` rows, or undefined when every row holds a value. */
  bitmap(rows: number): Uint8Array | undefined {
    return this.count === rows ? undefined : this.present.subarray(0, (rows + 7) >> 3)
  }
}

/** Strings (or array JSON text) as dictionary codes; one dictionary per column per chunk. */
export class StringColumn extends Column {
  readonly type: 'string' | 'array'
  codes = new Int32Array(INITIAL_CAPACITY)
  dict: string[] = []
  #codeOf = new Map<string, number>()
  #last: string | undefined = undefined
  #lastCode = 0
  /** Append every value to the dictionary without looking it up (see #intern). */
  #plain = false
  /** UTF-16 units in the dictionary (bounds a chunk's size). */
  units = 0

  constructor(field: string, type: 'string' | 'array', maxRows: number) {
    super(field, maxRows)
    this.type = type
  }

  /** Sets `row` (after every row set so far) to `s`, stored well-formed (lone surrogates as U+FFFD). */
  add(row: number, s: string): void {
    if (this.#plain) {
      this.#lastCode = this.dict.length
      this.dict.push(kept(s))
      this.units += s.length
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
    this.present[row >> 3] |= 1 << (row & 7)
  }

  /** The code of a value not seen yet (its well-formed form may have been). */
  #intern(s: string): number {
    const wf = kept(s)
    let code = wf === s ? undefined : this.#codeOf.get(wf)
    if (code === undefined) {
      code = this.dict.length
      this.dict.push(wf)
      this.units += wf.length
      if (wf !== s) this.#codeOf.set(wf, code)
      // Mostly distinct values (ids): hashing them buys nothing here, and the block dictionary
      // deduplicates them anyway (on the seal worker).
      if (code === PLAIN_CHECK_AT && this.count < 2 * PLAIN_CHECK_AT) this.#plain = true
    }
    this.#codeOf.set(s, code)
    return code
  }

  finish(rows: number): ChunkColumn | undefined {
    if (this.count === 0) return undefined
    return col(this, this.type, rows, { codes: this.codes.subarray(0, this.count), dict: this.dict })
  }

  override reset(rows: number, maxRows: number): void {
    super.reset(rows, maxRows)
    // A fresh array and map (the finished chunk may still hold the old dictionary).
    if (this.dict.length > 0) {
      this.dict = []
      this.#codeOf = new Map()
    }
    this.#last = undefined
    this.#plain = false
    this.units = 0
  }
}

/** Integers as int64: safe numbers written through an Int32 pair view, bigints directly. */
export class IntegerColumn extends Column {
  values = new BigInt64Array(INITIAL_CAPACITY)
  #view = new Int32Array(this.values.buffer)

  /** Sets `row` to a safe-integer number. */
  addNumber(row: number, v: number): void {
    if (this.count === this.values.length) this.#grow()
    writeSafeInt(this.#view, this.count++, v)
    this.present[row >> 3] |= 1 << (row & 7)
  }

  /** Sets `row` to an int64 bigint. */
  addBigint(row: number, v: bigint): void {
    if (this.count === this.values.length) this.#grow()
    this.values[this.count++] = v
    this.present[row >> 3] |= 1 << (row & 7)
  }

  #grow(): void {
    const next = new BigInt64Array(this.count * 2)
    next.set(this.values)
    this.values = next
    this.#view = new Int32Array(this.values.buffer)
  }

  finish(rows: number): ChunkColumn | undefined {
    if (this.count === 0) return undefined
    return col(this, 'integer', rows, { ints: this.values.subarray(0, this.count) })
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
    this.present[row >> 3] |= 1 << (row & 7)
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
    this.present[row >> 3] |= 1 << (row & 7)
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

/** Any of the builder's columns. */
export type AnyColumn = StringColumn | IntegerColumn | FloatColumn | BooleanColumn

function col(
  c: Column,
  type: ChunkColumnType,
  rows: number,
  values: Partial<Pick<ChunkColumn, 'codes' | 'dict' | 'ints' | 'floats' | 'bools'>>,
): ChunkColumn {
  return { field: c.field, type, count: c.count, present: c.bitmap(rows), ...values }
}
