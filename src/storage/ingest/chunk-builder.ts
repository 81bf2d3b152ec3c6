// storage/ingest/chunk-builder.ts: raw events → columnar EventChunks in one pass (the ingest hot
// path). The rules are normalizeEvent's (same walk, different sink); a failed event leaves nothing
// in the columns. Keeps no per-event objects, and its buffers serve chunk after chunk: a finished
// chunk is handed to a consumer that must encode or copy it before returning.
import { type ChunkColumn, copyChunk, type EventChunk } from '../block/event-chunk.ts'
import type { FlatEvent, JsonValue } from '../types.ts'
import { type AnyColumn, BooleanColumn, FloatColumn, IntegerColumn, StringColumn } from './chunk-columns.ts'
import type { FieldTarget, FlattenWalk, LeafSink } from './flatten.ts'
import { type NormalizeOptions, newWalk, walkEvent } from './normalize.ts'

/** Most rows in one chunk (one WAL record): bounds a record's size. */
export const CHUNK_MAX_ROWS = 8192
/** A chunk also ends once its dictionaries hold this many UTF-16 units (bounds a record's text). */
export const CHUNK_MAX_DICT_UNITS = 64 << 20

/** One stored field name: its columns in the current chunk, at most one per value kind. */
class Slot {
  readonly name: string
  /** Last row given a value, and the column holding it (to overwrite or undo it). */
  lastRow = -1
  lastCol: AnyColumn | undefined = undefined
  string: StringColumn | undefined = undefined
  integer: IntegerColumn | undefined = undefined
  float: FloatColumn | undefined = undefined
  boolean: BooleanColumn | undefined = undefined
  array: StringColumn | undefined = undefined

  constructor(name: string) {
    this.name = name
  }
}

/** A failed event: the message and the time to report (its own when known, else receive time). */
export interface ChunkFailure {
  readonly error: string
  readonly time: bigint
}

/** Receives each finished chunk; its arrays are reused once it returns. */
export type ChunkConsumer = (chunk: EventChunk) => void

/**
 * Columns (field, type) in one chunk: past it the chunk ends early, and names and buffers are
 * dropped, so events with ever-new field names cannot make a builder grow without bound.
 */
export const CHUNK_MAX_COLUMNS = 4096

/** Builds the chunks of ingest calls (see module header). */
export class ChunkBuilder implements LeafSink {
  #opts: NormalizeOptions
  #walk: FlattenWalk
  #slots = new Map<string, Slot>()
  /** Slots given a value in the current row (to undo a failed event): the first #touchedCount. */
  readonly #touched: Slot[] = []
  #touchedCount = 0
  #onChunk: ChunkConsumer
  /** Chunks kept by the default consumer. */
  readonly #kept: EventChunk[] = []
  /** Rows of the current chunk so far, and the most it may hold. */
  #row = 0
  #maxRows: number
  #time: BigInt64Array
  #sysTime: BigInt64Array
  /** Every column made so far, in creation order (they stay with their slots, chunk after chunk). */
  #columns: AnyColumn[] = []
  #units = 0
  /** Events accepted so far (all chunks). */
  rows = 0

  /**
   * `expectedRows`: the number of events to come; a chunk holds at most that many (and at most
   * CHUNK_MAX_ROWS). Without `onChunk`, copies of the chunks are kept and `finish` returns them.
   */
  constructor(opts: NormalizeOptions, expectedRows: number, onChunk?: ChunkConsumer) {
    this.#opts = opts
    this.#walk = newWalk(opts.timestampField, this)
    this.#onChunk = onChunk ?? ((c) => this.#kept.push(copyChunk(c)))
    this.#maxRows = chunkRows(expectedRows)
    this.#time = new BigInt64Array(this.#maxRows)
    this.#sysTime = new BigInt64Array(this.#maxRows)
  }

  /**
   * Prepares a finished builder for another call, keeping its name tree and buffers; false when it
   * cannot serve `opts` (another timestamp field).
   */
  reuse(opts: NormalizeOptions, expectedRows: number, onChunk: ChunkConsumer): boolean {
    if (this.#row !== 0 || this.#walk.timestampField !== (opts.timestampField || '_time')) return false
    this.#opts = opts
    this.#onChunk = onChunk
    this.#kept.length = 0
    this.rows = 0
    this.#maxRows = chunkRows(expectedRows)
    if (this.#time.length < this.#maxRows) {
      this.#time = new BigInt64Array(this.#maxRows)
      this.#sysTime = new BigInt64Array(this.#maxRows)
    }
    // Columns made by a smaller call have smaller row bitmaps.
    for (const c of this.#columns) c.reset(0, this.#maxRows)
    return true
  }

  /** Normalizes and adds one raw event; returns why it failed (the columns are then unchanged). */
  add(raw: unknown): ChunkFailure | undefined {
    this.#touchedCount = 0
    const res = walkEvent(raw, this.#walk, this.#opts)
    if (res.error !== undefined) {
      this.#undoRow()
      return { error: res.error, time: res.time }
    }
    this.#time[this.#row] = res.time
    this.#endRow()
    return undefined
  }

  /** Adds an already normalized event as is (WAL records of the row format, tests). */
  addFlat(event: FlatEvent): void {
    this.#touchedCount = 0
    const fields = event.fields
    for (const name of Object.keys(fields)) {
      const v = fields[name]
      const slot = this.#slotNamed(name)
      switch (typeof v) {
        case 'string':
          this.#string(slot, v)
          break
        case 'number':
          this.#number(slot, v)
          break
        case 'bigint':
          if (v < INT64_MIN || v > INT64_MAX) throw new RangeError(`integer ${v} is outside int64`)
          this.#bigint(slot, v)
          break
        case 'boolean':
          this.#boolean(slot, v)
          break
        default:
          if (v !== null && v !== undefined) this.#array(slot, v)
      }
    }
    this.#time[this.#row] = event.time
    this.#endRow(event.sysTime)
  }

  /** LeafSink: a string leaf of the event being walked. */
  leafString(target: FieldTarget, value: string): void {
    this.#string(this.#slotOf(target), value)
  }

  /** LeafSink: a number leaf. */
  leafNumber(target: FieldTarget, value: number): void {
    this.#number(this.#slotOf(target), value)
  }

  /** LeafSink: a bigint leaf (outside the safe range, within int64). */
  leafBigint(target: FieldTarget, value: bigint): void {
    this.#bigint(this.#slotOf(target), value)
  }

  /** LeafSink: a boolean leaf. */
  leafBoolean(target: FieldTarget, value: boolean): void {
    this.#boolean(this.#slotOf(target), value)
  }

  /** LeafSink: an array leaf. */
  leafArray(target: FieldTarget, value: JsonValue[]): void {
    this.#array(this.#slotOf(target), value)
  }

  /** Ends the last chunk; returns the chunks kept by the default consumer (else none). */
  finish(): EventChunk[] {
    if (this.#row > 0) this.#endChunk()
    return this.#kept
  }

  #slotOf(target: FieldTarget): Slot {
    let slot = target.slot as Slot | undefined
    if (slot === undefined) {
      slot = this.#slotNamed(target.stored)
      target.slot = slot
    }
    return slot
  }

  #slotNamed(name: string): Slot {
    let slot = this.#slots.get(name)
    if (slot === undefined) {
      slot = new Slot(name)
      this.#slots.set(name, slot)
    }
    return slot
  }

  /** Prepares `slot` for a value in the current row: a second value of one name replaces the first. */
  #claim(slot: Slot): number {
    const row = this.#row
    if (slot.lastRow === row) (slot.lastCol as AnyColumn).pop(row)
    else {
      slot.lastRow = row
      // Indexed, not push after `length = 0`: that would drop the backing store every event.
      this.#touched[this.#touchedCount++] = slot
    }
    return row
  }

  #string(slot: Slot, v: string): void {
    const row = this.#claim(slot)
    let c = slot.string
    if (c === undefined) c = slot.string = this.#track(new StringColumn(slot.name, 'string', this.#maxRows))
    const units = c.units
    c.add(row, v)
    this.#units += c.units - units
    slot.lastCol = c
  }

  #number(slot: Slot, v: number): void {
    const row = this.#claim(slot)
    if (Number.isSafeInteger(v) && (v !== 0 || 1 / v > 0)) {
      let c = slot.integer
      if (c === undefined) c = slot.integer = this.#track(new IntegerColumn(slot.name, this.#maxRows))
      c.addNumber(row, v)
      slot.lastCol = c
    } else {
      let c = slot.float
      if (c === undefined) c = slot.float = this.#track(new FloatColumn(slot.name, this.#maxRows))
      c.add(row, v)
      slot.lastCol = c
    }
  }

  #bigint(slot: Slot, v: bigint): void {
    const row = this.#claim(slot)
    let c = slot.integer
    if (c === undefined) c = slot.integer = this.#track(new IntegerColumn(slot.name, this.#maxRows))
    c.addBigint(row, v)
    slot.lastCol = c
  }

  #boolean(slot: Slot, v: boolean): void {
    const row = this.#claim(slot)
    let c = slot.boolean
    if (c === undefined) c = slot.boolean = this.#track(new BooleanColumn(slot.name, this.#maxRows))
    c.add(row, v)
    slot.lastCol = c
  }

  #array(slot: Slot, v: unknown): void {
    const row = this.#claim(slot)
    let c = slot.array
    if (c === undefined) c = slot.array = this.#track(new StringColumn(slot.name, 'array', this.#maxRows))
    const units = c.units
    c.add(row, JSON.stringify(v))
    this.#units += c.units - units
    slot.lastCol = c
  }

  #track<C extends AnyColumn>(c: C): C {
    this.#columns.push(c)
    return c
  }

  #undoRow(): void {
    const row = this.#row
    for (let i = 0; i < this.#touchedCount; i++) {
      const slot = this.#touched[i]
      ;(slot.lastCol as AnyColumn).pop(row)
      slot.lastRow = -1
      slot.lastCol = undefined
    }
  }

  #endRow(sysTime?: bigint): void {
    if (sysTime !== undefined) {
      if (!this.#perRowSysTime) this.#sysTime.fill(this.#opts.sysTime, 0, this.#row)
      this.#perRowSysTime = true
      this.#sysTime[this.#row] = sysTime
    } else if (this.#perRowSysTime) this.#sysTime[this.#row] = this.#opts.sysTime
    this.#row++
    this.rows++
    if (
      this.#row === this.#maxRows ||
      this.#units >= CHUNK_MAX_DICT_UNITS ||
      this.#columns.length >= CHUNK_MAX_COLUMNS
    )
      this.#endChunk()
  }

  /** Rows of the current chunk carry their own ingest time (addFlat); otherwise all have opts.sysTime. */
  #perRowSysTime = false

  #endChunk(): void {
    const rows = this.#row
    const columns: ChunkColumn[] = []
    for (const c of this.#columns) {
      const done = c.finish(rows)
      if (done !== undefined) columns.push(done)
    }
    if (!this.#perRowSysTime) this.#sysTime.fill(this.#opts.sysTime, 0, rows)
    this.#onChunk({
      rows,
      time: this.#time.subarray(0, rows),
      sysTime: this.#sysTime.subarray(0, rows),
      columns,
    })
    if (this.#columns.length >= CHUNK_MAX_COLUMNS) {
      // Too many names to keep: start over with a fresh name tree (targets cache their slots).
      this.#walk = newWalk(this.#opts.timestampField, this)
      this.#slots = new Map()
      this.#columns = []
    } else {
      // The next chunk starts empty, in the same buffers.
      for (const c of this.#columns) c.reset(rows, this.#maxRows)
      for (const slot of this.#slots.values()) {
        slot.lastCol = undefined
        slot.lastRow = -1
      }
    }
    this.#units = 0
    this.#row = 0
    this.#perRowSysTime = false
  }
}

/** Rows per chunk for a call of `expected` events. */
function chunkRows(expected: number): number {
  return Math.max(1, Math.min(CHUNK_MAX_ROWS, expected))
}

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n
