// storage/block/assemble.ts: row ranges of EventChunks (as the WAL holds them) → one BlockBatch,
// column by column: typed values are copied in bulk, dictionary codes remapped once per distinct
// value. Gives the same batch as buildBatch over the same events; never makes per-event objects.

import type { StepClock } from '../../util/loop-turn.ts'
import { runSteps } from '../../util/steps.ts'
import type { DictionaryHint } from './accumulators.ts'
import { type BlockBatch, type FieldSlot, finishBatchSteps, newSlot } from './build.ts'
import { type ChunkColumn, type EventChunk, hasValueIn } from './event-chunk.ts'

/** Rows [from, to) of a chunk. */
export interface ChunkRange {
  readonly chunk: EventChunk
  readonly from: number
  readonly to: number
}

/** A WAL record's events: the sequence number of its first, and its chunk. */
export interface SeqChunk {
  readonly firstSeq: number
  readonly chunk: EventChunk
}

/**
 * The rows of events [fromSeq, fromSeq + count) in `records` (in sequence order; records outside the
 * range are skipped). Throws (a caller bug) when the records do not hold every event of the range.
 */
export function rangesOf(records: Iterable<SeqChunk>, fromSeq: number, count: number): ChunkRange[] {
  const ranges: ChunkRange[] = []
  const end = fromSeq + count
  let found = 0
  for (const { firstSeq, chunk } of records) {
    const lo = Math.max(fromSeq, firstSeq)
    const hi = Math.min(end, firstSeq + chunk.rows)
    if (hi <= lo) continue
    ranges.push({ chunk, from: lo - firstSeq, to: hi - firstSeq })
    found += hi - lo
  }
  if (found !== count)
    throw new Error(`events [${fromSeq}, ${end}) found ${found} events in their WAL records`)
  return ranges
}

const ADD: { readonly [T in ChunkColumn['type']]: (slot: FieldSlot) => ChunkAdder } = {
  string: (s) => s.strings(),
  integer: (s) => s.integers(),
  float: (s) => s.floats(),
  boolean: (s) => s.booleans(),
  timespan: (s) => s.timespans(),
  array: (s) => s.arrays(),
  map: (s) => s.maps(),
}

interface ChunkAdder {
  addChunk(col: ChunkColumn, from: number, to: number, base: number): void
}

/** The batch of the ranges' rows, in order. Throws (a caller bug) on a reserved time field name. */
export function assembleBatch(ranges: readonly ChunkRange[]): BlockBatch {
  return runSteps(assembleBatchSteps(ranges))
}

/**
 * `assembleBatch` in steps: pauses between columns whenever `clock` says its piece ran its time (the
 * unsealed tail is assembled for queries while other requests wait); without a clock, never.
 */
export function* assembleBatchSteps(
  ranges: readonly ChunkRange[],
  clock?: StepClock,
): Generator<void, BlockBatch> {
  let n = 0
  for (const r of ranges) n += r.to - r.from
  const time = new BigInt64Array(n)
  const sysTime = new BigInt64Array(n)
  const slots = new Map<string, FieldSlot>()
  const hints = dictionaryHints(ranges)
  let base = 0
  for (const { chunk, from, to } of ranges) {
    time.set(chunk.time.subarray(from, to), base)
    sysTime.set(chunk.sysTime.subarray(from, to), base)
    for (const col of chunk.columns) {
      // Read per column: one column of a large record is a piece of work in itself.
      if (clock?.dueNow()) {
        yield
        clock.restart()
      }
      // A column without a value in the range must not become an all-null block column.
      if (!hasValueIn(col, chunk.rows, from, to)) continue
      let slot = slots.get(col.field)
      if (slot === undefined) {
        slot = newSlot(slots, col.field, n)
        slot.stringHint = hints.get(col.field)
      }
      ADD[col.type](slot).addChunk(col, from, to, base)
    }
    base += to - from
  }
  return yield* finishBatchSteps(n, time, sysTime, slots, clock)
}

/**
 * Per field, bounds of its block string dictionary: the entries and UTF-8 bytes of its chunk
 * dictionaries (WAL chunks only), so a dictionary is sized once instead of regrown.
 */
function dictionaryHints(ranges: readonly ChunkRange[]): Map<string, DictionaryHint> {
  const hints = new Map<string, DictionaryHint>()
  for (const { chunk } of ranges)
    for (const col of chunk.columns) {
      if (col.type !== 'string' || col.dictUtf8 === undefined || col.dictOffsets === undefined) continue
      const hint = hints.get(col.field)
      const entries = col.dictOffsets.length - 1
      if (hint === undefined) hints.set(col.field, { entries, bytes: col.dictUtf8.length })
      else {
        hint.entries += entries
        hint.bytes += col.dictUtf8.length
      }
    }
  return hints
}
