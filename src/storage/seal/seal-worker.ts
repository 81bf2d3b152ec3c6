// storage/seal/seal-worker.ts: worker-thread entry that turns WAL payloads into an encoded block,
// so building and compressing a block runs on the other core while the main thread keeps
// ingesting. Pure computation: it never touches the file system.
import { parentPort } from 'node:worker_threads'
import { buildBatch, encodeBlock } from '../block/index.ts'
import type { FlatEvent } from '../types.ts'
import { decodeWalRecord } from '../wal/codec.ts'
import type { SealRequest, SealResponse } from './protocol.ts'

/** Events with sequence numbers in [fromSeq, fromSeq + count) from the payloads, in order. */
export function eventsInRange(payloads: readonly Uint8Array[], fromSeq: number, count: number): FlatEvent[] {
  const out: FlatEvent[] = []
  const end = fromSeq + count
  for (const p of payloads) {
    const rec = decodeWalRecord(p)
    const lo = Math.max(fromSeq, rec.firstSeq)
    const hi = Math.min(end, rec.firstSeq + rec.events.length)
    for (let s = lo; s < hi; s++) out.push(rec.events[s - rec.firstSeq])
  }
  if (out.length !== count)
    throw new Error(`seal range [${fromSeq}, ${end}) found ${out.length} events in the WAL payloads`)
  return out
}

parentPort?.on('message', (req: SealRequest) => {
  try {
    const events = eventsInRange(req.payloads, req.fromSeq, req.count)
    const { bytes, header, zoneMap } = encodeBlock(buildBatch(events), req.meta)
    const res: SealResponse = { id: req.id, ok: true, bytes, header, zoneMap }
    parentPort?.postMessage(res, [bytes.buffer as ArrayBuffer])
  } catch (e) {
    const res: SealResponse = {
      id: req.id,
      ok: false,
      error: e instanceof Error ? (e.stack ?? e.message) : String(e),
    }
    parentPort?.postMessage(res)
  }
})
