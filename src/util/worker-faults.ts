// util/worker-faults.ts: the process-wide record of worker threads (the seal worker, the query
// workers, the compile worker) that could not start or died: each kind is recorded once, stores read the record for
// `health()` and tell their logger once. Never decides what the caller does instead (it falls back).

/** The kinds of worker thread apldb starts. */
export type WorkerKind = 'seal' | 'query' | 'compile'

/** A worker kind that failed, and why. */
export interface WorkerFault {
  readonly kind: WorkerKind
  /** What failed and what apldb does instead. */
  readonly message: string
}

const faults = new Map<WorkerKind, WorkerFault>()
const listeners = new Set<(f: WorkerFault) => void>()

/** Records that a worker of `kind` failed; only the first failure of a kind is kept and announced. */
export function reportWorkerFault(kind: WorkerKind, message: string): void {
  if (faults.has(kind)) return
  const fault = { kind, message }
  faults.set(kind, fault)
  for (const l of listeners) l(fault)
}

/** Every recorded fault, seal first. */
export function workerFaults(): WorkerFault[] {
  return [...faults.values()]
}

/** Calls `listener` with each fault recorded from now on; returns the unsubscribe function. */
export function onWorkerFault(listener: (f: WorkerFault) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
