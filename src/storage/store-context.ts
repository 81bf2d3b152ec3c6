// storage/store-context.ts: what a DatasetRuntime needs from its store, as a narrow interface so
// the runtime does not depend on the Store class.

import type { DatasetRuntime } from './dataset-runtime.ts'
import type { Fs } from './fs.ts'
import type { Manifest } from './manifest/manifest.ts'
import type { Sealer } from './seal/sealer.ts'

/** The store services a dataset runtime uses. */
export interface StoreContext {
  readonly fs: Fs
  readonly root: string
  readonly tmpDir: string
  /** fsync on (durability 'fsync'). */
  readonly sync: boolean
  readonly blockRows: number
  readonly manifest: Manifest
  /** A fresh, never reused block id. */
  allocateBlockId(): string
  /** Something visible changed: the next snapshot must be a new version. */
  changed(): void
  /** Builds and encodes blocks (on a worker thread when it pays). */
  readonly sealer: Sealer
  /** A background seal failed; the events stay unsealed (and durable in the WAL). */
  sealFailed(ds: DatasetRuntime, e: unknown): void
  /** Hook run after each seal (retention). */
  afterSeal(ds: DatasetRuntime): Promise<void>
}
