// storage/tail-chunks.ts: a dataset's unsealed tail as readers see it: a range of event sequence
// numbers over the WAL records that hold them, read column by column from the records themselves
// (never as one object per event). A record's decoded chunk is kept per payload, so each query
// decodes only the records appended since the last one; a tail's field types are kept per tail.
import { type ChunkRange, rangesOf } from './block/assemble.ts'
import { type EventChunk, hasValueIn } from './block/event-chunk.ts'
import type { FieldType } from './types.ts'
import { decodeWalRecord } from './wal/codec.ts'

/** One WAL record of unsealed events: `count` events from `firstSeq`, encoded in `payload`. */
export interface TailChunk {
  readonly firstSeq: number
  readonly count: number
  readonly payload: Uint8Array
}

/**
 * The unsealed events [firstSeq, firstSeq + length) of a dataset, held by `chunks` (records in
 * sequence order that cover the range; they may hold events before or after it). The runtime
 * shares its list of records with its views: it only appends to it, and replaces it at a seal.
 */
export interface TailView {
  readonly chunks: readonly TailChunk[]
  readonly firstSeq: number
  readonly length: number
}

/** No unsealed events. */
export const EMPTY_TAIL: TailView = { chunks: [], firstSeq: 0, length: 0 }

/** `n` events of `tail` from its `offset`-th. */
export function sliceTail(tail: TailView, offset: number, n: number): TailView {
  return { chunks: tail.chunks, firstSeq: tail.firstSeq + offset, length: n }
}

const decoded = new WeakMap<Uint8Array, EventChunk>()

/** The chunk of a WAL record (decoded once per payload). */
export function chunkOf(c: TailChunk): EventChunk {
  let chunk = decoded.get(c.payload)
  if (chunk === undefined) {
    chunk = decodeWalRecord(c.payload).chunk
    decoded.set(c.payload, chunk)
  }
  return chunk
}

/** Whether the record's chunk is decoded already. */
export function isDecoded(c: TailChunk): boolean {
  return decoded.has(c.payload)
}

/** The records of `tail` that hold some of its events, in order. */
export function tailChunks(tail: TailView): TailChunk[] {
  const end = tail.firstSeq + tail.length
  const out: TailChunk[] = []
  if (tail.length === 0) return out
  for (const c of tail.chunks) {
    if (c.firstSeq >= end) break
    if (c.firstSeq + c.count > tail.firstSeq) out.push(c)
  }
  return out
}

/** The rows of `tail`'s events in its records' chunks, in order. */
export function tailRanges(tail: TailView): ChunkRange[] {
  const records = tailChunks(tail).map((c) => ({ firstSeq: c.firstSeq, chunk: chunkOf(c) }))
  return rangesOf(records, tail.firstSeq, tail.length)
}

const fieldTypes = new WeakMap<TailView, ReadonlyMap<string, ReadonlySet<FieldType>>>()

/** The storage types of each field with a value in `tail` (kept per tail). */
export function tailFieldTypes(tail: TailView): ReadonlyMap<string, ReadonlySet<FieldType>> {
  let types = fieldTypes.get(tail)
  if (types === undefined) {
    const m = new Map<string, Set<FieldType>>()
    for (const { chunk, from, to } of tailRanges(tail)) {
      for (const col of chunk.columns) {
        // A column of a record cut by a seal may have no value in the tail's part of it.
        if (!hasValueIn(col, chunk.rows, from, to)) continue
        let set = m.get(col.field)
        if (set === undefined) {
          set = new Set()
          m.set(col.field, set)
        }
        set.add(col.type)
      }
    }
    types = m
    fieldTypes.set(tail, types)
  }
  return types
}

/** The least and greatest `_time` of `tail`'s events (0n, 0n when it has none). */
export function tailTimeSpan(tail: TailView): { lo: bigint; hi: bigint } {
  let lo: bigint | undefined
  let hi: bigint | undefined
  for (const { chunk, from, to } of tailRanges(tail))
    for (let r = from; r < to; r++) {
      const t = chunk.time[r]
      if (lo === undefined || t < lo) lo = t
      if (hi === undefined || t > hi) hi = t
    }
  return { lo: lo ?? 0n, hi: hi ?? 0n }
}
