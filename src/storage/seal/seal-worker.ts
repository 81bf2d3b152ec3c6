// storage/seal/seal-worker.ts: worker-thread entry that turns WAL payloads into an encoded block,
// so building and compressing a block runs on the other core while the main thread keeps
// ingesting. Pure computation: it never touches the file system.
import { parentPort } from 'node:worker_threads'
import { threadCpuUsage } from '../../util/thread-cpu.ts'
import { lowerWorkerPriority } from '../../util/worker-priority.ts'
import type { SealRequest, SealResponse } from './protocol.ts'
import { sealPayloads } from './seal-block.ts'

lowerWorkerPriority()

/** This thread's CPU time at its previous answer, µs. */
let lastUs = 0

parentPort?.on('message', (req: SealRequest) => {
  try {
    const { bytes, header, zoneMap, cpu } = sealPayloads(req.payloads, req.fromSeq, req.count, req.meta)
    const used = threadCpuUsage()
    const threadUs = used.user + used.system - lastUs
    lastUs += threadUs
    const res: SealResponse = { id: req.id, ok: true, bytes, header, zoneMap, cpu, threadUs }
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
