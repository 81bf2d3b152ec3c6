// test/unit/util/worker-priority-thread.ts: a worker thread for worker-priority.test.ts: lowers its
// priority as every worker entry does and reports its own and its siblings' view. Not a test.
import { getPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { lowerWorkerPriority } from '../../../src/util/worker-priority.ts'

const before = getPriority()
lowerWorkerPriority()
parentPort?.postMessage({ before, after: getPriority() })
