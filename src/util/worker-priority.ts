// util/worker-priority.ts: background worker threads (sealing blocks, compiling long query texts)
// run a few steps below the thread that serves requests, so on a busy machine the event loop gets a
// core first and a health check or a new connection does not wait behind bulk work (issue 28: on 2
// vCPUs the main thread was measured running 46 ms of a 98 ms gap, the rest given to other threads
// and processes). Idle cores still go to them: a nice value only weighs threads that compete.
// Query workers keep the process's priority: a query is what its caller waits for, and in a
// process with other busy threads (an embedding service's, an in-process peer's) a lowered query
// worker would get a third of a core.
//
// Linux only: there a nice value belongs to the calling thread. On macOS and Windows the call
// would change the whole process (the main thread too), so it is skipped there.
import { getPriority, setPriority } from 'node:os'

/** How much lower a background worker thread's priority is than its process's (nice steps; weight ≈ 1/3 at 5). */
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
