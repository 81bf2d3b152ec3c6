// exec/parallel/protocol.ts: the messages between the main thread and a query worker. Plain data
// only (structured clone): the plan travels encoded (plan-codec.ts), blocks as handles (file path
// and block meta), results as unit outputs (partial-wire.ts).
import type { DatasetMeta } from '../../storage/manifest/edits.ts'
import type { BlockHandle } from '../../storage/snapshot.ts'
import type { UnitOutputWire } from './partial-wire.ts'
import type { EncodedPlan } from './plan-codec.ts'
import type { UnitParams, UnitTop } from './run-unit.ts'

/** Run one unit: the fragment's partial over these blocks of one dataset. */
export interface UnitTask {
  readonly type: 'unit'
  readonly id: number
  readonly plan: EncodedPlan
  readonly params: UnitParams
  readonly dataset: string
  readonly meta: DatasetMeta
  /** The unit's blocks, in scan order (zone maps cut to the time bounds: pruning was done). */
  readonly blocks: readonly BlockHandle[]
  /** Time left before the query's deadline when sent, ms (each thread has its own clock origin). */
  readonly remainingMs: number | undefined
  /** Int32 flag over shared memory: non-zero once the main thread cancels the fragment. */
  readonly stop: SharedArrayBuffer
  /** A top-N unit's place in the in-process visit and the bound found before it (run-unit.ts). */
  readonly top?: UnitTop
}

/** Stop a unit (the query was aborted, ran out of time, or another unit failed). */
export interface CancelTask {
  readonly type: 'cancel'
  readonly id: number
}

/** Main → worker. */
export type ToWorker = UnitTask | CancelTask

/** An error as data: ExecErrors keep their code (the main thread rethrows them as such). */
export interface ErrorInfo {
  readonly name: string
  readonly message: string
  readonly code?: string
}

/** Worker → main. */
export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly id: number; readonly output: UnitOutputWire }
  | { readonly type: 'failed'; readonly id: number; readonly error: ErrorInfo }

/** What a worker is started with (`workerData`). */
export interface WorkerConfig {
  /** Budget of the worker's decoded-column cache, bytes. */
  readonly cacheBytes: number
}
