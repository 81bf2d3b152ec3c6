// exec/parallel/worker-entry.ts: the query worker thread: runs units one at a time in arrival order
// over block files it reads itself (own cache); a cancel drops a queued unit or aborts the running
// one at its next interrupt check. Never touches the store.
import { parentPort, workerData } from 'node:worker_threads'
import { ExecError } from '../context.ts'
import { BlockFiles } from './block-files.ts'
import { encodeOutput } from './partial-wire.ts'
import { decodePlan } from './plan-codec.ts'
import type { ErrorInfo, FromWorker, ToWorker, UnitTask, WorkerConfig } from './protocol.ts'
import { runUnit } from './run-unit.ts'
import { EMPTY_TAIL, unitSnapshot } from './unit-snapshot.ts'

const config = workerData as WorkerConfig
const files = new BlockFiles(config.cacheBytes)
const running = new Map<number, AbortController>()
const queue: UnitTask[] = []
let busy = false
const port = parentPort

function post(msg: FromWorker, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(msg, transfer)
}

function errorInfo(e: unknown): ErrorInfo {
  if (e instanceof ExecError) return { name: e.name, message: e.message, code: e.code }
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code
    return { name: e.name, message: e.message, ...(typeof code === 'string' ? { code } : {}) }
  }
  return { name: 'Error', message: String(e) }
}

async function run(task: UnitTask): Promise<void> {
  const abort = new AbortController()
  running.set(task.id, abort)
  try {
    const snapshot = unitSnapshot(task.dataset, task.meta, task.blocks, EMPTY_TAIL, {
      loadColumns: (block, fields) => files.loadColumns(block, fields),
      tailBatch: async () => ({ rowCount: 0, columns: [] }),
    })
    const deadline = task.remainingMs === undefined ? undefined : performance.now() + task.remainingMs
    const stop = new Int32Array(task.stop)
    const plan = decodePlan(task.plan)
    const out = await runUnit(plan, task.params, snapshot, deadline, abort.signal, stop, task.top)
    const { wire, transfer } = encodeOutput(out)
    post({ type: 'done', id: task.id, output: wire }, transfer)
  } catch (e) {
    post({ type: 'failed', id: task.id, error: errorInfo(e) })
  } finally {
    running.delete(task.id)
  }
}

async function drain(): Promise<void> {
  if (busy) return
  busy = true
  try {
    for (let t = queue.shift(); t; t = queue.shift()) await run(t)
  } finally {
    busy = false
  }
}

function cancel(id: number): void {
  const at = queue.findIndex((t) => t.id === id)
  if (at < 0) running.get(id)?.abort()
  else {
    queue.splice(at, 1)
    post({ type: 'failed', id, error: { name: 'ExecError', message: 'query aborted', code: 'aborted' } })
  }
}

port?.on('message', (msg: ToWorker) => {
  if (msg.type === 'cancel') cancel(msg.id)
  else {
    queue.push(msg)
    void drain()
  }
})
post({ type: 'ready' })
