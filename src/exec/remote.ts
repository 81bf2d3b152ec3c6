// exec/remote.ts: the hook through which a snapshot whose datasets live in another engine (the
// ClickHouse backend, src/clickhouse) builds the operators for the plan parts that engine runs:
// `runQuery` asks the snapshot's registered engine for a BuildOverride instead of the parallel one.
import type { LogicalPlan } from '../plan/index.ts'
import type { Snapshot } from '../storage/snapshot.ts'
import type { KernelEnv } from './kernels/kernel.ts'
import type { BuildOverride } from './parallel/index.ts'

/** What a remote engine learns about one query run. */
export interface RemoteRun {
  readonly plan: LogicalPlan
  /** The run's window on `_time` (epoch ns, half-open; empty when the plan reads no dataset). */
  readonly window: { readonly start?: bigint; readonly end?: bigint }
  readonly env: KernelEnv
  readonly now: bigint
}

/** An engine holding a snapshot's datasets: per run, the operators it takes over from the planner. */
export interface RemoteEngine {
  override(run: RemoteRun): BuildOverride
}

const engines = new WeakMap<Snapshot, RemoteEngine>()

/** Registers the engine that holds `snapshot`'s data (the backend does this as it pins one). */
export function attachRemote(snapshot: Snapshot, engine: RemoteEngine): void {
  engines.set(snapshot, engine)
}

/** The engine registered for `snapshot`, or undefined for a local snapshot. */
export function remoteOf(snapshot: Snapshot): RemoteEngine | undefined {
  return engines.get(snapshot)
}
