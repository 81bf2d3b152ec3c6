// storage/ingest/chunk-builder.ts: raw events → columnar EventChunks in one pass (the ingest hot
// path). The rules are normalizeEvent's (walkColumns mirrors flattenInto); a failed event leaves
// nothing in the columns. Keeps no per-event objects, and its buffers serve chunk after chunk: a finished
// chunk is handed to a consumer that must encode or copy it before returning.
import { bigintToParts, type NsParts, partsToBigint, writeParts } from '../../util/time/index.ts'
import { type ChunkColumn, copyChunk, type EventChunk } from '../block/event-chunk.ts'
import { type FlatEvent, TimespanValue } from '../types.ts'
import { ChunkRows } from './chunk-rows.ts'
import { walkColumns } from './column-walk.ts'
import { admitFields } from './field-limits.ts'
import type { FlattenWalk, LeafSink, PathNode } from './flatten.ts'
import { type NormalizeOptions, newWalk, walkEvent } from './normalize.ts'

/** Most rows in one chunk (one WAL record): bounds a record's size. */
export const CHUNK_MAX_ROWS = 8192
/** A chunk also ends once its dictionaries hold this many UTF-16 units (bounds a record's text). */
export const CHUNK_MAX_DICT_UNITS = 64 << 20

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

/** The builder's walks store leaves through walkColumns, never through a sink. */
const NO_SINK: LeafSink = {
  leafString: noSink,
  leafNumber: noSink,
  leafBigint: noSink,
  leafBoolean: noSink,
  leafArray: noSink,
  leafTimespan: noSink,
  leafMap: noSink,
}

function noSink(): never {
  throw new Error('the chunk builder walks events with walkColumns, not a LeafSink')
}

/** Builds the chunks of ingest calls (see module header). */
export class ChunkBuilder {
  #opts: NormalizeOptions
  /** opts.receiveTime as parts (the time of events without a timestamp). */
  readonly #receive: NsParts = { ms: 0, sub: 0 }
  #walk: FlattenWalk
  #rows: ChunkRows
  /** walkEvent's flatten step: the event's leaves into the current row. */
  readonly #flatten = (obj: object, node: PathNode, walk: FlattenWalk): void =>
    walkColumns(obj, node, 0, walk, this.#rows)
  #onChunk: ChunkConsumer
  /** Chunks kept by the default consumer. */
  readonly #kept: EventChunk[] = []
  #time: BigInt64Array
  /** #time as (lo, hi) words: event times are written from parts without a BigInt. */
  #timeWords: Int32Array
  #sysTime: BigInt64Array
  /** Rows of the current chunk carry their own ingest time (addFlat); otherwise all have opts.sysTime. */
  #perRowSysTime = false
  /** Events accepted so far (all chunks). */
  rows = 0

  /**
   * `expectedRows`: the number of events to come; a chunk holds at most that many (and at most
   * CHUNK_MAX_ROWS). Without `onChunk`, copies of the chunks are kept and `finish` returns them.
   */
  constructor(opts: NormalizeOptions, expectedRows: number, onChunk?: ChunkConsumer) {
    this.#opts = opts
    bigintToParts(opts.receiveTime, this.#receive)
    this.#walk = newWalk(opts.timestampField, NO_SINK, opts.decls)
    this.#onChunk = onChunk ?? ((c) => this.#kept.push(copyChunk(c)))
    const maxRows = chunkRows(expectedRows)
    this.#rows = new ChunkRows(maxRows)
    this.#time = new BigInt64Array(maxRows)
    this.#timeWords = new Int32Array(this.#time.buffer)
    this.#sysTime = new BigInt64Array(maxRows)
  }

  /**
   * Prepares a finished builder for another call, keeping its name tree and buffers; false when it
   * cannot serve `opts` (another timestamp field, other declarations).
   */
  reuse(opts: NormalizeOptions, expectedRows: number, onChunk: ChunkConsumer): boolean {
    if (
      this.#rows.row !== 0 ||
      this.#walk.timestampField !== (opts.timestampField || '_time') ||
      this.#walk.decls !== opts.decls
    )
      return false
    this.#opts = opts
    bigintToParts(opts.receiveTime, this.#receive)
    this.#onChunk = onChunk
    // A new call: the dataset's names may have changed since the last (a retried build, a trim).
    this.#rows.admitEpoch++
    this.#kept.length = 0
    this.rows = 0
    this.#rows.beyondSafe = 0
    const maxRows = chunkRows(expectedRows)
    if (this.#time.length < maxRows) {
      this.#time = new BigInt64Array(maxRows)
      this.#timeWords = new Int32Array(this.#time.buffer)
      this.#sysTime = new BigInt64Array(maxRows)
    }
    // Columns made by a smaller call have smaller row bitmaps.
    this.#rows.resize(maxRows)
    return true
  }

  /** Normalizes and adds one raw event; returns why it failed (the columns are then unchanged). */
  add(raw: unknown): ChunkFailure | undefined {
    const rows = this.#rows
    rows.beginRow()
    const res = walkEvent(raw, this.#walk, this.#opts, this.#receive, this.#flatten)
    if (res.error !== undefined) {
      rows.undoRow()
      return { error: res.error, time: partsToBigint(res.ms, res.sub) }
    }
    const limits = this.#opts.fields
    // Names admitted earlier in this call are still known (see ChunkRows.admitEpoch): only a row
    // with a name not yet seen in this call, or too many names, goes through admitFields.
    if (limits !== undefined && (rows.rowFieldCount > limits.maxEventFields || !rows.rowAdmitted())) {
      const refused = admitFields(limits, (i) => rows.rowFieldName(i), rows.rowFieldCount)
      if (refused !== undefined) {
        rows.undoRow()
        return { error: refused, time: partsToBigint(res.ms, res.sub) }
      }
      rows.markRowAdmitted()
    }
    writeParts(this.#timeWords, rows.row, res.ms, res.sub)
    this.#endRow()
    return undefined
  }

  /** Adds an already normalized event as is (WAL records of the row format, tests). */
  addFlat(event: FlatEvent): void {
    const rows = this.#rows
    rows.beginRow()
    const fields = event.fields
    for (const name of Object.keys(fields)) {
      const v = fields[name]
      const slot = rows.slotNamed(name)
      switch (typeof v) {
        case 'string':
          rows.string(slot, v)
          break
        case 'number':
          rows.number(slot, v)
          break
        case 'bigint':
          if (v < INT64_MIN || v > INT64_MAX) throw new RangeError(`integer ${v} is outside int64`)
          rows.bigint(slot, v)
          break
        case 'boolean':
          rows.boolean(slot, v)
          break
        default:
          if (v instanceof TimespanValue) rows.timespan(slot, v.ns)
          else if (Array.isArray(v)) rows.array(slot, v)
          else if (v !== null && v !== undefined) rows.map(slot, v)
      }
    }
    this.#time[rows.row] = event.time
    this.#endRow(event.sysTime)
  }

  /** Ends the last chunk; returns the chunks kept by the default consumer (else none). */
  /** Numbers beyond ±2^53 among the values added since this builder was made or reused. */
  get beyondSafe(): number {
    return this.#rows.beyondSafe
  }

  finish(): EventChunk[] {
    if (this.#rows.row > 0) this.#endChunk()
    return this.#kept
  }

  #endRow(sysTime?: bigint): void {
    const rows = this.#rows
    const row = rows.row
    if (sysTime !== undefined) {
      if (!this.#perRowSysTime) this.#sysTime.fill(this.#opts.sysTime, 0, row)
      this.#perRowSysTime = true
      this.#sysTime[row] = sysTime
    } else if (this.#perRowSysTime) this.#sysTime[row] = this.#opts.sysTime
    rows.row = row + 1
    this.rows++
    if (
      rows.row === rows.maxRows ||
      rows.units >= CHUNK_MAX_DICT_UNITS ||
      rows.columns.length >= CHUNK_MAX_COLUMNS
    )
      this.#endChunk()
  }

  #endChunk(): void {
    const rows = this.#rows
    const n = rows.row
    const columns: ChunkColumn[] = []
    for (const c of rows.columns) {
      const done = c.finish(n)
      if (done !== undefined) columns.push(done)
    }
    if (!this.#perRowSysTime) this.#sysTime.fill(this.#opts.sysTime, 0, n)
    this.#onChunk({
      rows: n,
      time: this.#time.subarray(0, n),
      sysTime: this.#sysTime.subarray(0, n),
      columns,
    })
    if (rows.columns.length >= CHUNK_MAX_COLUMNS) {
      // Too many names to keep: start over with a fresh name tree (targets cache their slots).
      this.#walk = newWalk(this.#opts.timestampField, NO_SINK, this.#opts.decls)
      this.#rows = new ChunkRows(rows.maxRows)
    } else {
      // The next chunk starts empty, in the same buffers.
      rows.nextChunk(n)
    }
    this.#perRowSysTime = false
  }
}

/** Rows per chunk for a call of `expected` events. */
function chunkRows(expected: number): number {
  return Math.max(1, Math.min(CHUNK_MAX_ROWS, expected))
}

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n
