// exec/parallel/run-fragment.ts: runs the units of one fragment (home worker by unit index, two in
// flight per worker, idle ones steal; the residual unit on the main thread) and hands the partials
// to a sink in scan order as soon as their prefix is complete. A top-N fragment's counters are
// summed apart and reconciled with the in-process bound (top-reconcile.ts) before they join the
// query's. See DESIGN.md (scheduling, failures).

import type { BlockHandle, DatasetView, Snapshot } from '../../storage/snapshot.ts'
import { nextTurn } from '../../util/loop-turn.ts'
import {
  checkInterrupt,
  type ExecContext,
  ExecError,
  type ExecErrorCode,
  type ExecStats,
  newStats,
} from '../context.ts'
import type { PhysicalOperator } from '../operator.ts'
import { placeBase } from '../ops/top-n-heap.ts'
import type { Fragment } from './fragment.ts'
import { decodeOutput } from './partial-wire.ts'
import type { EncodedPlan } from './plan-codec.ts'
import { type Partial, runUnit, type UnitOutput, type UnitParams, type UnitTop } from './run-unit.ts'
import { slimHandle } from './slim-handle.ts'
import { type Entry, entryOrder, mergeBest, reconcileTop, type UnitTrace, unitBest } from './top-reconcile.ts'
import { EMPTY_TAIL, storeSource, unitSnapshot } from './unit-snapshot.ts'
import type { ScanSplit, Unit } from './units.ts'
import { WarmBlocks } from './warm-blocks.ts'
import { UnitFailed, type WorkerPool } from './worker-pool.ts'

/** Units in flight per worker: one running, the next already queued at the worker. */
export const WORKER_PREFETCH = 2

/** Everything needed to run one fragment. */
export interface FragmentJob {
  readonly fragment: Fragment
  readonly params: UnitParams
  /** The query's pinned store snapshot (main-thread reads). */
  readonly store: Snapshot
  readonly split: ScanSplit
  readonly units: readonly Unit[]
  readonly pool: WorkerPool
  /** The main thread takes a home share of the units. */
  readonly mainShare: boolean
  /** `fragment.partial` for workers: zone tests dropped (pruning is done; blocks travel without zone maps). */
  readonly workerPlan: EncodedPlan
  /** A field whose zone statistics the blocks keep for workers (a top-N bound's key), or ''. */
  readonly zoneField: string
  /**
   * A bounded top-N whose units are runs of the in-process visiting order (not scan order): each
   * unit starts from the bound of the units before it, and rows carry their places (ties).
   */
  readonly ranked: boolean
}

/** `parallel: 9 units on 2 workers + main` (explain text). */
export function describeJob(job: FragmentJob): string {
  return `parallel: ${job.units.length} units on ${job.pool.size} workers${job.mainShare ? ' + main' : ''}`
}

function addStats(into: ExecStats, s: ExecStats): void {
  into.scan.blocksTotal += s.scan.blocksTotal
  into.scan.blocksPruned += s.scan.blocksPruned
  into.scan.blocksScanned += s.scan.blocksScanned
  into.scan.rowsScanned += s.scan.rowsScanned
  into.scan.blocksFromStats += s.scan.blocksFromStats
  into.rowsExamined += s.rowsExamined
  if (s.minBlockTime !== undefined && (into.minBlockTime === undefined || s.minBlockTime < into.minBlockTime))
    into.minBlockTime = s.minBlockTime
  if (s.maxBlockTime !== undefined && (into.maxBlockTime === undefined || s.maxBlockTime > into.maxBlockTime))
    into.maxBlockTime = s.maxBlockTime
}

function addMetrics(display: readonly PhysicalOperator[], out: UnitOutput): void {
  out.metrics.forEach((m, i) => {
    const d = display[i]?.metrics
    if (!d) return
    d.rowsIn += m.rowsIn
    d.rowsOut += m.rowsOut
    d.blocksPruned += m.blocksPruned
    d.timeMs += m.timeMs
  })
}

/** One run of a job (see module header). */
class FragmentRun {
  readonly #job: FragmentJob
  readonly #ctx: ExecContext
  readonly #display: readonly PhysicalOperator[]
  readonly #sink: (p: Partial) => void
  readonly #view: DatasetView
  /** Partials not yet handed to the sink, by unit index (the residual unit is last). */
  readonly #results: (Partial | undefined)[]
  readonly #queues: Unit[][]
  readonly #keysOf = new Map<Unit, string[]>()
  readonly #inflight = new Map<number, { readonly worker: number; readonly id: number }>()
  readonly #done = Promise.withResolvers<void>()
  /** Aborts the main thread's own units when the run fails. */
  readonly #stop = new AbortController()
  /** Seen by the workers' interrupt checks directly, without waiting for a cancel message. */
  readonly #stopFlag = new Int32Array(new SharedArrayBuffer(4))
  readonly #signal: AbortSignal
  /** A top-N fragment's counters until they are reconciled (undefined: straight into the query's). */
  readonly #topStats: ExecStats | undefined
  readonly #traces: UnitTrace[] = []
  /** Whole-list index of each block of the dataset (places and seeds of a ranked top-N). */
  readonly #index: ReadonlyMap<BlockHandle, number>
  /** A ranked top-N: each finished unit's best rows, by unit index (seeds of later units). */
  readonly #best: (Entry[] | undefined)[] = []
  #next = 0
  #left: number
  #failure: unknown

  constructor(
    job: FragmentJob,
    ctx: ExecContext,
    display: readonly PhysicalOperator[],
    sink: (p: Partial) => void,
  ) {
    const view = job.store.dataset(job.fragment.scan.dataset)
    if (!view) throw new Error(`dataset ${job.fragment.scan.dataset} is not in the pinned snapshot`)
    this.#job = job
    this.#ctx = ctx
    this.#display = display
    this.#sink = sink
    this.#view = view
    this.#results = new Array(job.units.length + 1)
    this.#left = job.units.length + 1
    this.#signal = ctx.signal ? AbortSignal.any([ctx.signal, this.#stop.signal]) : this.#stop.signal
    this.#topStats = job.fragment.kind === 'top' ? newStats() : undefined
    this.#index = new Map(job.ranked ? view.blocks.map((b, i) => [b, i]) : [])
    // Home queues: workers 0 … size-1, then the main thread when it takes a share. A unit goes to the
    // one worker whose cache has run all its blocks, if there is one (else by index): a warm unit sent
    // by index to a cold worker would be decoded again, which costs more than a slightly uneven share.
    this.#queues = Array.from({ length: this.#participants }, () => [])
    for (const u of job.units) {
      const warm = job.pool.warmBlocks.warmAt(this.#warmKeys(u), job.pool.size)
      this.#queues[warm ?? u.index % this.#participants].push(u)
    }
  }

  get #participants(): number {
    return this.#job.pool.size + (this.#job.mainShare ? 1 : 0)
  }

  async run(): Promise<void> {
    const ctx = this.#ctx
    const timer =
      ctx.deadline === undefined
        ? undefined
        : setTimeout(
            () => this.#fail(new ExecError('deadline_exceeded', 'query ran past its deadline')),
            Math.max(0, ctx.deadline - performance.now()),
          )
    const onAbort = () => this.#fail(new ExecError('aborted', 'query aborted'))
    ctx.signal?.addEventListener('abort', onAbort)
    const fail = (e: unknown) => this.#fail(e)
    this.#mainLoop().catch(fail)
    for (let w = 0; w < this.#job.pool.size; w++) this.#workerLoop(w).catch(fail)
    try {
      await this.#done.promise
    } finally {
      clearTimeout(timer)
      ctx.signal?.removeEventListener('abort', onAbort)
    }
  }

  #fail(e: unknown): void {
    if (this.#failure !== undefined) return
    this.#failure = e
    Atomics.store(this.#stopFlag, 0, 1)
    this.#stop.abort()
    for (const t of this.#inflight.values()) this.#job.pool.cancel(t.worker, t.id)
    this.#done.reject(e)
  }

  #finish(index: number, out: UnitOutput): void {
    if (this.#failure !== undefined) return
    this.#ctx.stats.parallel.units++
    addStats(this.#topStats ?? this.#ctx.stats, out.stats)
    addMetrics(this.#display, out)
    const unit = this.#job.units[index]
    let partial = out.partial
    if (partial.kind === 'top') {
      if (unit && partial.trace) {
        this.#traces.push({ unit, trace: partial.trace })
        if (this.#job.ranked) this.#best[index] = unitBest({ unit, trace: partial.trace }, this.#index)
      }
      if (this.#job.ranked && partial.places)
        partial = {
          ...partial,
          places: this.#globalPlaces(partial.places, unit?.blocks ?? this.#job.split.pruned),
        }
    }
    const results = this.#results
    results[index] = partial
    // Hand over the longest complete prefix (partials arrive about in order: units go out in order).
    for (let p = results[this.#next]; p !== undefined; p = results[this.#next]) {
      results[this.#next++] = undefined
      this.#sink(p)
    }
    if (--this.#left > 0) return
    if (this.#topStats) {
      reconcileTop(this.#traces, this.#view, this.#topStats, this.#display)
      addStats(this.#ctx.stats, this.#topStats)
    }
    this.#done.resolve()
  }

  /** Unit-local places (block index in `blocks` × 2^32 + row; past them: the tail) as whole-list ones. */
  #globalPlaces(local: Float64Array, blocks: readonly BlockHandle[]): Float64Array {
    const base = placeBase(1)
    return local.map((p) => {
      const at = Math.floor(p / base)
      const whole = at < blocks.length ? (this.#index.get(blocks[at]) ?? at) : this.#view.blocks.length
      return placeBase(whole) + (p - at * base)
    })
  }

  /**
   * A ranked top-N unit's share of the bound: its blocks' whole-list indices, and the N-th best row
   * of the finished units before it (all visited in-process before any block of this one).
   */
  #unitTop(u: Unit | undefined): UnitTop | undefined {
    if (!this.#job.ranked || !u) return undefined
    const positions = u.blocks.map((b) => this.#index.get(b) ?? -1)
    const head = this.#traces[0]?.trace
    if (!head) return { positions }
    const order = entryOrder(head)
    let best: Entry[] = []
    for (let i = 0; i < u.index; i++) {
      const rows = this.#best[i]
      if (rows) best = mergeBest(best, rows, head.count, order)
    }
    const root = best.length >= head.count ? best[head.count - 1] : undefined
    if (!root) return { positions }
    const seed = { isNull: root.isNull, a: root.a, b: root.b, block: Math.floor(root.place / placeBase(1)) }
    return { positions, seed }
  }

  /**
   * The next unit of participant `p`: its own, else (with `steal`) the last one of the longest queue
   * it may take. A worker takes only units warm for it, or cold for every worker (warm-blocks.ts);
   * the main thread and a worker that cannot start take any.
   */
  #take(p: number, steal = true, warmOnly = false): Unit | undefined {
    if (this.#failure !== undefined) return undefined
    const own = this.#queues[p]?.shift()
    if (own || !steal) return own
    const queues = this.#queues.filter((q) => q.length > 0).sort((a, b) => b.length - a.length)
    for (const q of queues) {
      const u = q[q.length - 1]
      if (warmOnly && !this.#job.pool.warmBlocks.stealable(p, this.#warmKeys(u))) continue
      return q.pop()
    }
    return undefined
  }

  /** The warm-record keys of a unit's blocks (read for this fragment's scan fields), made once per unit. */
  #warmKeys(u: Unit): string[] {
    let keys = this.#keysOf.get(u)
    if (keys === undefined) {
      const fields = this.#job.fragment.scan.fields.join('\u0001')
      keys = u.blocks.map((b) => WarmBlocks.key(b.file, fields))
      this.#keysOf.set(u, keys)
    }
    return keys
  }

  /** Runs blocks (and the tail) on this thread, reading through the store. */
  async #local(blocks: Unit['blocks'], withTail: boolean, top?: UnitTop): Promise<UnitOutput> {
    // A turn of the event loop between units: timers (an abort), worker replies and `ready`
    // messages are handled while the main thread works through several units in a row.
    await nextTurn()
    const { store, fragment, params } = this.#job
    const dataset = fragment.scan.dataset
    const source = await storeSource(store, dataset, withTail)
    const snap = unitSnapshot(
      dataset,
      this.#view.meta,
      blocks,
      withTail ? this.#view.tail : EMPTY_TAIL,
      source,
    )
    return runUnit(fragment.partial, params, snap, this.#ctx.deadline, this.#signal, undefined, top)
  }

  async #mainLoop(): Promise<void> {
    const { pool, mainShare, split, units } = this.#job
    this.#finish(units.length, await this.#local(split.pruned, true))
    const me = mainShare ? pool.size : this.#participants
    const anyWorkerReady = () => Array.from({ length: pool.size }, (_, i) => pool.isReady(i)).some(Boolean)
    for (;;) {
      if (!mainShare && anyWorkerReady()) return
      const u = this.#take(me)
      if (!u) return
      this.#finish(u.index, await this.#local(u.blocks, false, this.#unitTop(u)))
    }
  }

  async #workerLoop(w: number): Promise<void> {
    try {
      await this.#job.pool.ready(w)
    } catch {
      // This worker cannot start: whatever is still queued for it runs here instead.
      for (let u = this.#take(w); u; u = this.#take(w))
        this.#finish(u.index, await this.#local(u.blocks, false, this.#unitTop(u)))
      return
    }
    // Only the first lane steals: a prefetch lane taking another worker's unit would leave it idle.
    const lane = async (_: unknown, i: number) => {
      for (let u = this.#take(w, i === 0, true); u; u = this.#take(w, i === 0, true)) {
        this.#finish(u.index, await this.#onWorker(w, u))
        this.#job.pool.warmBlocks.mark(w, this.#warmKeys(u))
      }
    }
    await Promise.all(Array.from({ length: WORKER_PREFETCH }, lane))
  }

  async #onWorker(w: number, u: Unit): Promise<UnitOutput> {
    const { pool, workerPlan, params, fragment } = this.#job
    const ctx = this.#ctx
    let task: ReturnType<WorkerPool['run']>
    try {
      task = pool.run(w, {
        plan: workerPlan,
        params,
        dataset: fragment.scan.dataset,
        meta: this.#view.meta,
        blocks: u.blocks.map((b) => slimHandle(b, this.#job.zoneField)),
        remainingMs: ctx.deadline === undefined ? undefined : ctx.deadline - performance.now(),
        stop: this.#stopFlag.buffer as SharedArrayBuffer,
        top: this.#unitTop(u),
      })
    } catch {
      return this.#local(u.blocks, false, this.#unitTop(u))
    }
    this.#inflight.set(u.index, { worker: w, id: task.id })
    try {
      const out = decodeOutput(await task.output)
      this.#ctx.stats.parallel.workerUnits++
      return out
    } catch (e) {
      if (e instanceof UnitFailed && e.info.name === 'ExecError')
        throw new ExecError(e.info.code as ExecErrorCode, e.info.message)
      if (this.#failure !== undefined) throw this.#failure
      // Not the query's fault: read the unit through the store, whose own checks answer for it.
      return this.#local(u.blocks, false, this.#unitTop(u))
    } finally {
      this.#inflight.delete(u.index)
    }
  }
}

/**
 * Runs the job (see module header): `sink` gets every partial in scan order; `display` receives the
 * units' metrics (pre-order, aligned). Resolves once the last partial went to the sink.
 */
export function runFragment(
  job: FragmentJob,
  ctx: ExecContext,
  display: readonly PhysicalOperator[],
  sink: (p: Partial) => void,
): Promise<void> {
  checkInterrupt(ctx)
  return new FragmentRun(job, ctx, display, sink).run()
}
