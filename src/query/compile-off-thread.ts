// query/compile-off-thread.ts: compiles a large query text (parse, bind, optimize) on a worker thread
// (compile-worker.ts) so the event loop keeps answering other requests (issue 28: health answers
// while any query runs); small texts, and every text when the worker cannot start, compile here.
import { Worker } from 'node:worker_threads'
import { ENGINE_CAPABILITIES } from '../exec/capabilities.ts'
import { ExecError } from '../exec/exec-error.ts'
import { PlanNotPortable, unflattenPlan } from '../exec/parallel/plan-codec.ts'
import { optimize } from '../optimize/index.ts'
import {
  type BindResult,
  compileApl,
  type LogicalPlan,
  type SchemaField,
  type SchemaSource,
} from '../plan/index.ts'
import { workerEntry } from '../util/worker-entry.ts'
import { reportWorkerFault } from '../util/worker-faults.ts'
import type { CompileReply, CompileTask } from './compile-protocol.ts'

/**
 * Query texts at least this long (UTF-16 units) compile on the worker. Below it parse and bind take
 * a few ms; a 50 KB text of 2,000 `extend`s takes over a second on the calling thread.
 */
export const OFF_THREAD_CHARS = 8 * 1024

/** Old-space limit of the compile worker, MiB: a query past it fails alone (query_memory_exceeded). */
const COMPILE_HEAP_MB = 1024

interface Pending {
  readonly resolve: (r: CompileReply) => void
  readonly reject: (e: Error) => void
}

let worker: Worker | undefined
let ready = false
let unavailable = false
let nextId = 1
const pending = new Map<number, Pending>()

/** The worker, started on first use; undefined when it cannot start (callers compile themselves). */
function compileWorker(): Worker | undefined {
  if (unavailable) return undefined
  if (worker) return worker
  const entry = workerEntry(new URL('./compile-worker.js', import.meta.url), import.meta.url)
  let w: Worker
  try {
    w = new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: COMPILE_HEAP_MB } })
  } catch (e) {
    lostBeforeReady(`${e instanceof Error ? e.message : String(e)}`)
    return undefined
  }
  worker = w
  ready = false
  w.unref()
  w.on('message', (m: CompileReply | 'ready') => {
    if (m === 'ready') {
      ready = true
      return
    }
    const p = pending.get(m.id)
    pending.delete(m.id)
    if (pending.size === 0) w.unref()
    p?.resolve(m)
  })
  const lost = (why: string, oom: boolean) => {
    if (worker !== w) return
    worker = undefined
    if (!ready) {
      lostBeforeReady(why)
      return
    }
    const e = oom
      ? new ExecError(
          'query_memory_exceeded',
          `compiling this query needs more than the compile worker's ${COMPILE_HEAP_MB} MiB: make the query smaller`,
          'query',
        )
      : new Error(`the compile worker stopped: ${why}`)
    for (const p of pending.values()) p.reject(e)
    pending.clear()
  }
  w.on('error', (e) => lost(e.message, (e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'))
  w.on('exit', (code) => lost(`exited with code ${code}`, false))
  return w
}

/** The worker could not start: compile on the calling thread from now on (jobs sent are redone here). */
function lostBeforeReady(why: string): void {
  unavailable = true
  worker = undefined
  reportWorkerFault(
    'compile',
    `the compile worker could not start (${why}); queries compile on the main thread`,
  )
  for (const [id, p] of pending) p.resolve({ id, kind: 'not-portable', reason: why })
  pending.clear()
}

/** How `compileAplOffThread` chooses: by text length (default), or always on the worker (tests). */
export type OffThreadMode = 'auto' | 'always'

/**
 * Parses and binds `text` against `schema` (the engine's capabilities), like `compileApl`, and
 * optimizes the plan when `optimizeAt` (the query clock) is given; on the worker when the text is
 * long (OFF_THREAD_CHARS) or `mode` is 'always'. The schema is copied when the call is made. A plan
 * the worker cannot send back is compiled here.
 */
export async function compileAplOffThread(
  text: string,
  schema: SchemaSource,
  optimizeAt?: bigint,
  mode: OffThreadMode = 'auto',
): Promise<BindResult> {
  const here = (): BindResult => {
    const bound = compileApl(text, schema, { capabilities: ENGINE_CAPABILITIES })
    if (!bound.plan || optimizeAt === undefined) return bound
    return { plan: optimize(bound.plan, { now: optimizeAt }), warnings: bound.warnings }
  }
  if (mode === 'auto' && text.length < OFF_THREAD_CHARS) return here()
  const w = compileWorker()
  if (!w) return here()
  const datasets: [string, SchemaField[]][] = []
  for (const name of schema.datasetNames()) {
    const fields = schema.fields(name)
    if (fields) datasets.push([name, fields.map((f) => ({ name: f.name, types: [...f.types] }))])
  }
  const id = nextId++
  const reply = await new Promise<CompileReply>((resolve, reject) => {
    pending.set(id, { resolve, reject })
    w.ref()
    w.postMessage({
      id,
      text,
      datasets,
      ...(optimizeAt !== undefined ? { optimizeAt } : {}),
    } satisfies CompileTask)
  })
  if (reply.kind === 'diagnostics') return { diagnostics: reply.diagnostics }
  if (reply.kind === 'not-portable') return here()
  let plan: LogicalPlan
  try {
    // Rebuilt in slices: a 2,000-stage plan is millions of schema entries.
    plan = await unflattenPlan<LogicalPlan>(reply.plan, () => new Promise((r) => setImmediate(r)))
  } catch (e) {
    if (e instanceof PlanNotPortable) return here()
    throw e
  }
  return { plan, warnings: reply.warnings }
}

/** Stops the compile worker (tests; it never holds the process open while idle). */
export async function closeCompileWorker(): Promise<void> {
  const w = worker
  worker = undefined
  for (const p of pending.values()) p.reject(new Error('the compile worker was closed'))
  pending.clear()
  await w?.terminate()
}
