// exec/parallel/shared-pool.ts: the process-wide query worker pool and its settings. One pool for
// every store (threads are a machine resource); sized to the machine, started on first use, never
// keeping the process alive, closed by `closeParallelPool` (a later query starts it again).
import { availableParallelism } from 'node:os'
import { defaultCacheBytes } from '../../storage/cache-budget.ts'
import { WorkerPool } from './worker-pool.ts'

/** Settings of the shared pool. */
export interface ParallelConfig {
  /** Worker threads. */
  readonly workers: number
  /** The main thread also runs a home share of the units (besides merging and the tail). */
  readonly mainShare: boolean
  /** Decoded-column cache budget shared by all workers, bytes (each holds an equal part). */
  readonly cacheBytes: number
}

function envInt(name: string): number | undefined {
  const v = Number(process.env[name])
  return Number.isInteger(v) && v > 0 ? v : undefined
}

function defaults(): ParallelConfig {
  const mainShare = process.env.APLDB_PARALLEL_MAIN === '1'
  // Every core runs a worker; with a main-thread share the main thread takes one core's place.
  const workers =
    envInt('APLDB_PARALLEL_WORKERS') ?? Math.max(1, availableParallelism() - (mainShare ? 1 : 0))
  return { workers, mainShare, cacheBytes: defaultCacheBytes() }
}

let config: ParallelConfig | undefined
let pool: WorkerPool | undefined

/** The current settings. */
export function parallelConfig(): ParallelConfig {
  config ??= defaults()
  return config
}

/** Changes the settings; the running pool is closed and the next parallel query starts a new one. */
export async function configureParallel(change: Partial<ParallelConfig>): Promise<void> {
  config = { ...parallelConfig(), ...change }
  await closeParallelPool()
}

/** The pool, started lazily; undefined when it could not start its workers. */
export function sharedPool(): WorkerPool | undefined {
  const c = parallelConfig()
  pool ??= new WorkerPool(c.workers, Math.floor(c.cacheBytes / c.workers))
  return pool.usable ? pool : undefined
}

/**
 * Starts the workers now and resolves once they can take units (a query before that runs its units
 * on the main thread); false when the pool cannot start.
 */
export async function startParallelPool(): Promise<boolean> {
  const p = sharedPool()
  if (!p) return false
  p.warm()
  const ready = await Promise.allSettled(Array.from({ length: p.size }, (_, i) => p.ready(i)))
  return ready.every((r) => r.status === 'fulfilled')
}

/** Stops the pool's workers (and drops their caches). */
export async function closeParallelPool(): Promise<void> {
  const p = pool
  pool = undefined
  await p?.close(true)
}
