// test/unit/storage/wal/chunk-events.ts: EventChunk rows → FlatEvent objects, for tests that check
// what a chunk or a WAL record holds (the store reads records as columns). The inverse of
// ChunkBuilder: nulls are omitted, integers come back as `number` when safe (else `bigint`), arrays
// are parsed from their JSON text, `fields` has no prototype.
import { type ChunkColumn, type EventChunk, valueIndex } from '../../../../src/storage/block/event-chunk.ts'
import { readInt } from '../../../../src/storage/block/int64.ts'
import { newRecord } from '../../../../src/storage/ingest/null-proto.ts'
import { type FlatEvent, type FlatValue, TimespanValue } from '../../../../src/storage/types.ts'

/** The events of rows [from, to) of `chunk` (default: all), appended to `out` when given. */
export function chunkEvents(
  chunk: EventChunk,
  from = 0,
  to = chunk.rows,
  out: FlatEvent[] = [],
): FlatEvent[] {
  const fields: Record<string, FlatValue>[] = new Array(to - from)
  for (let r = from; r < to; r++) {
    const f = newRecord<FlatValue>()
    fields[r - from] = f
    out.push({ time: chunk.time[r], sysTime: chunk.sysTime[r], fields: f })
  }
  // Column-major fill keeps each loop monomorphic in its value kind.
  for (const col of chunk.columns) fillColumn(col, from, to, valueIndex(col, from), fields)
  return out
}

/** Fills rows [from, to) of `fields` from `col`, whose value `vi` is row `from`'s; returns the next value's index. */
function fillColumn(
  col: ChunkColumn,
  from: number,
  to: number,
  vi: number,
  fields: Record<string, FlatValue>[],
): number {
  const name = col.field
  const present = col.present
  const read = READERS[col.type](col)
  if (present === undefined) {
    for (let r = from; r < to; r++) fields[r - from][name] = read(vi++)
    return vi
  }
  for (let r = from; r < to; r++) {
    const byte = present[r >> 3]
    // A byte without a value skips its rows at once (sparse fields of a wide chunk).
    if (byte === 0) {
      r |= 7
      continue
    }
    if (((byte >> (r & 7)) & 1) === 1) fields[r - from][name] = read(vi++)
  }
  return vi
}

type Reader = (i: number) => FlatValue

const READERS: { readonly [T in ChunkColumn['type']]: (col: ChunkColumn) => Reader } = {
  string: ({ dict, codes }) => {
    const d = dict as readonly string[]
    const c = codes as Int32Array
    return (i) => d[c[i]]
  },
  array: jsonReader,
  map: jsonReader,
  timespan: ({ ints }) => {
    const big = ints as BigInt64Array
    return (i) => new TimespanValue(big[i])
  },
  integer: ({ ints }) => {
    const big = ints as BigInt64Array
    const view = new Int32Array(big.buffer, big.byteOffset, big.length * 2)
    return (i) => readInt(view, big, i)
  },
  float: ({ floats }) => {
    const f = floats as Float64Array
    return (i) => f[i]
  },
  boolean: ({ bools }) => {
    const b = bools as Uint8Array
    return (i) => b[i] === 1
  },
}

/** Parsed JSON text (`array`, `map`). */
function jsonReader({ dict, codes }: ChunkColumn): Reader {
  const d = dict as readonly string[]
  const c = codes as Int32Array
  return (i) => JSON.parse(d[c[i]]) as FlatValue
}
