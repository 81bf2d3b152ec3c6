// storage/ingest/chunk-rows.ts: the current chunk's columns, one slot per stored field name, and
// the per-value appends of the row being built (a second value of one name replaces the first; a
// failed row is undone). Keeps no per-row objects; the chunk builder decides where chunks end.
import type { JsonValue } from '../types.ts'
import { type AnyColumn, BooleanColumn, FloatColumn, IntegerColumn, StringColumn } from './chunk-columns.ts'

/** One stored field name: its columns in the current chunk, at most one per value kind. */
export class Slot {
  readonly name: string
  /** Last row given a value, and the column holding it (to overwrite or undo it). */
  lastRow = -1
  lastCol: AnyColumn | undefined = undefined
  /** The ChunkRows admission epoch in which this name was last found in the dataset's names. */
  admitted = 0
  string: StringColumn | undefined = undefined
  integer: IntegerColumn | undefined = undefined
  float: FloatColumn | undefined = undefined
  boolean: BooleanColumn | undefined = undefined
  timespan: IntegerColumn | undefined = undefined
  array: StringColumn | undefined = undefined
  map: StringColumn | undefined = undefined

  constructor(name: string) {
    this.name = name
  }
}

/** The columns of the chunk being built and the row being added (see module header). */
export class ChunkRows {
  /** Row being built (rows before it are complete). */
  row = 0
  /** Most rows a chunk holds: the size of every row bitmap. */
  maxRows: number
  /** UTF-16 units in the string dictionaries of this chunk (bounds a record's text). */
  units = 0
  /** Numbers beyond ±2^53 stored (as floats) since the owner last set this to 0 (ingest-call.ts). */
  beyondSafe = 0
  /**
   * Admission epoch, advanced for every ingest call (ChunkBuilder): a slot whose `admitted` equals
   * it had its name among the dataset's field names earlier in this call, and within one call
   * (synchronous) those names only grow, so the name need not be looked up again.
   */
  admitEpoch = 1
  /** Every column made so far, in creation order (they stay with their slots, chunk after chunk). */
  columns: AnyColumn[] = []
  #slots = new Map<string, Slot>()
  /** Slots given a value in the current row (to undo a failed event): the first #touchedCount. */
  readonly #touched: Slot[] = []
  #touchedCount = 0

  constructor(maxRows: number) {
    this.maxRows = maxRows
  }

  /** The slot of a stored name (made on first use). */
  slotNamed(name: string): Slot {
    let slot = this.#slots.get(name)
    if (slot === undefined) {
      slot = new Slot(name)
      this.#slots.set(name, slot)
    }
    return slot
  }

  /** Field names given a value in the current row. */
  get rowFieldCount(): number {
    return this.#touchedCount
  }

  /** The `i`-th field name of the current row (0 ≤ i < rowFieldCount). */
  rowFieldName(i: number): string {
    return this.#touched[i].name
  }

  /** Whether every field name of the current row was admitted in this epoch (see admitEpoch). */
  rowAdmitted(): boolean {
    const epoch = this.admitEpoch
    for (let i = 0; i < this.#touchedCount; i++) if (this.#touched[i].admitted !== epoch) return false
    return true
  }

  /** Notes that the current row's field names are among the dataset's names (this epoch). */
  markRowAdmitted(): void {
    const epoch = this.admitEpoch
    for (let i = 0; i < this.#touchedCount; i++) this.#touched[i].admitted = epoch
  }

  /** Starts a row: nothing of it is undone or overwritten yet. */
  beginRow(): void {
    this.#touchedCount = 0
  }

  /** Prepares `slot` for a value in the current row: a second value of one name replaces the first. */
  #claim(slot: Slot): number {
    const row = this.row
    if (slot.lastRow === row) (slot.lastCol as AnyColumn).pop(row)
    else {
      slot.lastRow = row
      // Indexed, not push after `length = 0`: that would drop the backing store every event.
      this.#touched[this.#touchedCount++] = slot
    }
    return row
  }

  /** Sets the current row's `slot` to a string (stored well-formed). */
  string(slot: Slot, v: string): void {
    const row = this.#claim(slot)
    let c = slot.string
    if (c === undefined) c = slot.string = this.#track(new StringColumn(slot.name, 'string', this.maxRows))
    const units = c.units
    c.add(row, v)
    this.units += c.units - units
    slot.lastCol = c
  }

  /** Sets the current row's `slot` to a finite number: integer column when safe (and not -0). */
  number(slot: Slot, v: number): void {
    const row = this.#claim(slot)
    if (Number.isSafeInteger(v) && (v !== 0 || 1 / v > 0)) {
      let c = slot.integer
      if (c === undefined) c = slot.integer = this.#track(new IntegerColumn(slot.name, this.maxRows))
      c.addNumber(row, v)
      slot.lastCol = c
    } else {
      let c = slot.float
      if (c === undefined) c = slot.float = this.#track(new FloatColumn(slot.name, this.maxRows))
      c.add(row, v)
      slot.lastCol = c
      // Beyond ±2^53: maybe an integer literal the JSON parse rounded (ingest-call.ts parses again).
      this.beyondSafe += +(v > 9007199254740991 || v < -9007199254740991)
    }
  }

  /** Sets the current row's `slot` to an int64 bigint. */
  bigint(slot: Slot, v: bigint): void {
    const row = this.#claim(slot)
    let c = slot.integer
    if (c === undefined) c = slot.integer = this.#track(new IntegerColumn(slot.name, this.maxRows))
    c.addBigint(row, v)
    slot.lastCol = c
  }

  /** Sets the current row's `slot` to a boolean. */
  boolean(slot: Slot, v: boolean): void {
    const row = this.#claim(slot)
    let c = slot.boolean
    if (c === undefined) c = slot.boolean = this.#track(new BooleanColumn(slot.name, this.maxRows))
    c.add(row, v)
    slot.lastCol = c
  }

  /** Sets the current row's `slot` to an array (kept as its JSON text). */
  array(slot: Slot, v: readonly JsonValue[] | unknown): void {
    const row = this.#claim(slot)
    let c = slot.array
    if (c === undefined) c = slot.array = this.#track(new StringColumn(slot.name, 'array', this.maxRows))
    const units = c.units
    c.add(row, JSON.stringify(v))
    this.units += c.units - units
    slot.lastCol = c
  }

  /** Sets the current row's `slot` to a timespan of `ns` nanoseconds (within int64). */
  timespan(slot: Slot, ns: bigint): void {
    const row = this.#claim(slot)
    let c = slot.timespan
    if (c === undefined)
      c = slot.timespan = this.#track(new IntegerColumn(slot.name, this.maxRows, 'timespan'))
    c.addBigint(row, ns)
    slot.lastCol = c
  }

  /** Sets the current row's `slot` to a map-field object (kept whole, as its JSON text). */
  map(slot: Slot, v: object): void {
    const row = this.#claim(slot)
    let c = slot.map
    if (c === undefined) c = slot.map = this.#track(new StringColumn(slot.name, 'map', this.maxRows))
    const units = c.units
    c.add(row, JSON.stringify(v))
    this.units += c.units - units
    slot.lastCol = c
  }

  #track<C extends AnyColumn>(c: C): C {
    this.columns.push(c)
    return c
  }

  /** Removes every value of the current row. */
  undoRow(): void {
    const row = this.row
    for (let i = 0; i < this.#touchedCount; i++) {
      const slot = this.#touched[i]
      ;(slot.lastCol as AnyColumn).pop(row)
      slot.lastRow = -1
      slot.lastCol = undefined
    }
  }

  /** Empties every column for the next chunk (the last one had `rows` rows), keeping buffers. */
  nextChunk(rows: number): void {
    for (const c of this.columns) c.reset(rows, this.maxRows)
    for (const slot of this.#slots.values()) {
      slot.lastCol = undefined
      slot.lastRow = -1
    }
    this.units = 0
    this.row = 0
  }

  /** Resizes for chunks of at most `maxRows` rows (columns made for fewer rows grow their bitmaps). */
  resize(maxRows: number): void {
    this.maxRows = maxRows
    for (const c of this.columns) c.reset(0, maxRows)
  }
}
