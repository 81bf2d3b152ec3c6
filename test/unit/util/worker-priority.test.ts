// A worker thread lowers its own scheduling priority and only its own: the thread that serves
// requests keeps its nice value (util/worker-priority.ts). Linux only (elsewhere the call is a no-op).
import { getPriority } from 'node:os'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { WORKER_NICE_STEPS } from '../../../src/util/worker-priority.ts'

describe.runIf(process.platform === 'linux')('worker priority', () => {
  it('a worker runs WORKER_NICE_STEPS below its process; the main thread is unchanged', async () => {
    const main = getPriority()
    const w = new Worker(new URL('./worker-priority-thread.ts', import.meta.url))
    const seen = await new Promise<{ before: number; after: number }>((resolve, reject) => {
      w.once('message', resolve)
      w.once('error', reject)
    })
    await w.terminate()
    expect(seen.before).toBe(main)
    expect(seen.after).toBe(Math.min(19, main + WORKER_NICE_STEPS))
    expect(getPriority()).toBe(main)
  })
})
