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
import { nextTurn } from '../util/loop-turn.ts'
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
  readonly task: CompileTask
  /** Sent to the worker (a job made while it starts waits here until it is ready). */
  posted: boolean
  readonly resolve: (r: CompileReply) => void
  readonly reject: (e: Error) => void
}

/** What bounds one compile: the query's deadline and its abort signal (issue 28: compile is inside both). */
export interface CompileLimits {
  /** Absolute deadline, performance.now() ms. */
  readonly deadline?: number
  readonly signal?: AbortSignal
}

/** Throws the query's error when `limits` has run out: aborted, or past its deadline. */
export function checkCompileLimits(limits: CompileLimits | undefined): void {
  if (limits?.signal?.aborted) throw new ExecError('aborted', 'query aborted')
  if (limits?.deadline !== undefined && performance.now() > limits.deadline) {
    throw new ExecError('deadline_exceeded', 'query ran past its deadline (while compiling)')
  }
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
      for (const p of pending.values()) post(w, p)
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

/** Sends a job to the worker once (it is kept until the worker has started). */
function post(w: Worker, p: Pending): void {
  if (p.posted) return
  p.posted = true
  w.postMessage(p.task)
}

/**
 * Gives up job `id` (its query was aborted or ran past its deadline): the worker, busy with it, is
 * terminated and the other jobs it held are sent to a fresh one (a compile cannot be interrupted
 * inside the worker; replacing it costs one worker start).
 */
function abandon(id: number): void {
  const w = worker
  const job = pending.get(id)
  if (!w || !job) return
  pending.delete(id)
  // Not sent yet (the worker is still starting): nothing runs it.
  if (!job.posted) return
  worker = undefined
  const others = [...pending.values()]
  pending.clear()
  void w.terminate()
  // The replacement starts now, so the next query finds it ready.
  const next = compileWorker()
  for (const p of others) {
    if (!next) {
      p.resolve({ id: p.task.id, kind: 'not-portable', reason: 'the compile worker could not restart' })
      continue
    }
    p.posted = false
    pending.set(p.task.id, p)
    next.ref()
  }
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
  limits?: CompileLimits,
): Promise<BindResult> {
  checkCompileLimits(limits)
  const here = (): BindResult => {
    const bound = compileApl(text, schema, { capabilities: ENGINE_CAPABILITIES })
    checkCompileLimits(limits)
    if (!bound.plan || optimizeAt === undefined) return bound
    const plan = optimize(bound.plan, { now: optimizeAt })
    checkCompileLimits(limits)
    return { plan, warnings: bound.warnings }
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
  const task: CompileTask = { id, text, datasets, ...(optimizeAt !== undefined ? { optimizeAt } : {}) }
  let timer: NodeJS.Timeout | undefined
  let onAbort: (() => void) | undefined
  const reply = await new Promise<CompileReply>((resolve, reject) => {
    const job: Pending = { task, posted: false, resolve, reject }
    pending.set(id, job)
    w.ref()
    if (ready) post(w, job)
    // The deadline and the abort signal reach into the worker: its job is given up and the worker replaced.
    const stop = () => {
      try {
        checkCompileLimits(limits)
      } catch (e) {
        abandon(id)
        reject(e as Error)
      }
    }
    if (limits?.deadline !== undefined) {
      timer = setTimeout(stop, Math.max(0, limits.deadline - performance.now()) + 1)
    }
    if (limits?.signal) {
      onAbort = stop
      limits.signal.addEventListener('abort', onAbort, { once: true })
    }
  }).finally(() => {
    clearTimeout(timer)
    if (onAbort) limits?.signal?.removeEventListener('abort', onAbort)
  })
  if (reply.kind === 'diagnostics') return { diagnostics: reply.diagnostics }
  if (reply.kind === 'not-portable') return here()
  let plan: LogicalPlan
  try {
    // Rebuilt in slices: a 2,000-stage plan is millions of schema entries.
    plan = await unflattenPlan<LogicalPlan>(reply.plan, () =>
      nextTurn().then(() => {
        checkCompileLimits(limits)
      }),
    )
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
