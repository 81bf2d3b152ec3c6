// util/worker-priority.ts: worker threads (query units, sealing, compiling) run one step below the
// thread that serves requests, so on a busy machine the event loop gets a core first and a health
// check or a new connection does not wait behind bulk work (issue 28: on 2 vCPUs the main thread
// was measured running 46 ms of a 98 ms gap, the rest given to workers and other processes).
// Idle cores still go to the workers: a nice value only weighs threads that compete. ClickHouse
// does the same for its query threads (`os_thread_priority`).
//
// Linux only: there a nice value belongs to the calling thread. On macOS and Windows the call
// would change the whole process (the main thread too), so it is skipped there.
import { getPriority, setPriority } from 'node:os'

/** How much lower a worker thread's priority is than its process's (nice steps; weight ≈ 1/3 at 5). */
export const WORKER_NICE_STEPS = 5

/** Lowers this worker thread's scheduling priority by WORKER_NICE_STEPS (Linux; a no-op elsewhere or when refused). */
export function lowerWorkerPriority(): void {
  if (process.platform !== 'linux') return
  try {
    setPriority(Math.min(19, getPriority() + WORKER_NICE_STEPS))
  } catch {
    // A sandbox may refuse setpriority; the worker then runs at its process's priority.
  }
}
