// storage/seal/seal-block.ts: WAL payloads → the encoded block of one sequence range. Pure
// computation shared by the seal worker and the in-process path; never touches the file system.
// Imports modules directly (not block/index.ts): the worker thread loads only what it needs.

import { threadCpuUsage } from '../../util/thread-cpu.ts'
import { assembleBatch, type ChunkRange, rangesOf } from '../block/assemble.ts'
import { type EncodedBlock, type EncodeMeta, encodeBlock } from '../block/encode.ts'
import { decodeWalRecord } from '../wal/codec.ts'

/** The rows of events [fromSeq, fromSeq + count) in `payloads` (WAL records in sequence order). */
export function rangesInPayloads(
  payloads: readonly Uint8Array[],
  fromSeq: number,
  count: number,
): ChunkRange[] {
  return rangesOf(payloads.map(decodeWalRecord), fromSeq, count)
}

/** Thread CPU time of one seal's phases, µs. */
export interface SealCpu {
  /** Decoding the WAL records and assembling the Arrow columns. */
  readonly buildUs: number
  /** Zone maps, Arrow IPC, LZ4, checksums and framing. */
  readonly encodeUs: number
}

/** Builds and encodes the block of events [fromSeq, fromSeq + count) held by `payloads`. */
export function sealPayloads(
  payloads: readonly Uint8Array[],
  fromSeq: number,
  count: number,
  meta: EncodeMeta,
): EncodedBlock & { readonly cpu: SealCpu } {
  const t0 = threadCpuUsage()
  const batch = assembleBatch(rangesInPayloads(payloads, fromSeq, count))
  const t1 = threadCpuUsage()
  const block = encodeBlock(batch, meta)
  const t2 = threadCpuUsage()
  return { ...block, cpu: { buildUs: micros(t1) - micros(t0), encodeUs: micros(t2) - micros(t1) } }
}

function micros(u: NodeJS.CpuUsage): number {
  return u.user + u.system
}
