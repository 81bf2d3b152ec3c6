// storage/wal/record.ts: WAL records of any version as chunks (replay reads old segments with it),
// and normalized events as WAL records (tests and tools). The hot paths use codec.ts directly.
import type { EventChunk } from '../block/event-chunk.ts'
import { CHUNK_MAX_ROWS, ChunkBuilder } from '../ingest/chunk-builder.ts'
import type { FlatEvent } from '../types.ts'
import {
  decodeWalRecord,
  encodeWalChunk,
  encodeWalChunks,
  type WalRecord,
  walRecordVersion,
} from './codec.ts'
import { decodeWalRecordV3, VERSION_V3 } from './codec-v3.ts'

/** Events per WAL record (the chunk builder's limit): bounds a record's size. */
export const EVENTS_PER_RECORD = CHUNK_MAX_ROWS

/**
 * Reads a payload of any version. A version-3 (row-wise) record comes back as a chunk, with
 * `payload` re-encoded in version 4 (what the rest of the store reads).
 */
export function readWalRecord(payload: Uint8Array): WalRecord & { readonly payload: Uint8Array } {
  if (walRecordVersion(payload) !== VERSION_V3) return { ...decodeWalRecord(payload), payload }
  const old = decodeWalRecordV3(payload)
  const [chunk = emptyChunk()] = chunksOfEvents(old.events)
  const v4 = encodeWalChunk(chunk, old.firstSeq, old.part, old.parts)
  return { firstSeq: old.firstSeq, part: old.part, parts: old.parts, chunk, payload: v4 }
}

/** Normalized events as chunks of at most EVENTS_PER_RECORD rows (values taken as they are). */
export function chunksOfEvents(events: readonly FlatEvent[]): EventChunk[] {
  const b = new ChunkBuilder({ receiveTime: 0n, sysTime: 0n }, events.length)
  for (const e of events) b.addFlat(e)
  return b.finish()
}

/** Encodes normalized events (sequence numbers from `firstSeq`) as WAL payloads. */
export function encodeWalBatch(firstSeq: number, events: readonly FlatEvent[]): Uint8Array[] {
  const chunks = chunksOfEvents(events)
  return encodeWalChunks(firstSeq, chunks.length > 0 ? chunks : [emptyChunk()])
}

function emptyChunk(): EventChunk {
  return { rows: 0, time: new BigInt64Array(0), sysTime: new BigInt64Array(0), columns: [] }
}
