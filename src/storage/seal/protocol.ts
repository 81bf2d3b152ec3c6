// storage/seal/protocol.ts: the messages between the store and its seal worker.
import type { BlockHeader, ZoneMap } from '../block/index.ts'
import type { SealCpu } from './seal-block.ts'

/** Build and encode the block of events [fromSeq, fromSeq + count) found in `payloads`. */
export interface SealRequest {
  readonly id: number
  readonly payloads: Uint8Array[]
  readonly fromSeq: number
  readonly count: number
  readonly meta: { blockId: string; dataset: string; firstSeq: number }
}

/** The encoded block, or the error that prevented it. */
export type SealResponse =
  | {
      readonly id: number
      readonly ok: true
      readonly bytes: Uint8Array
      readonly header: BlockHeader
      readonly zoneMap: ZoneMap
      readonly cpu: SealCpu
      /** The worker thread's CPU time since its previous answer, µs (GC and messaging included). */
      readonly threadUs: number
    }
  | { readonly id: number; readonly ok: false; readonly error: string }
