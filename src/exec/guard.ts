// exec/guard.ts: one query's limits as kernels and operators meet them: the deadline and abort
// signal (checked between batches, and every TICK_UNITS units of work inside long loops) and the
// memory budget. Kernels reach it through `activeGuard()`: the evaluation driver makes its query's
// guard active around each synchronous evaluation (kernels never await, so no other query can run
// meanwhile), which lets shared builders (the string interner, array builders) check without every
// kernel signature carrying it. What one evaluation builds (computed strings and arrays) is charged
// to it while it runs; operators that keep results charge them to their own accounts.
import { nextTurn, TURN_MS } from '../util/loop-turn.ts'
import { ExecError } from './exec-error.ts'
import { type MemoryAccount, QueryMemory } from './query-memory.ts'

/** Units of work (rows, values, bytes/1 KiB) between two clock reads in `tick`. */
export const TICK_UNITS = 4096

/**
 * Longest stretch of synchronous work a query does before the event loop gets a turn, ms: `pace`
 * yields between batches past it, and an evaluation run as a slice stops past it (to be redone in
 * smaller pieces after a turn). The process-wide TURN_MS (util/loop-turn.ts).
 */
export const SLICE_MS = TURN_MS

/** Thrown inside an evaluation run with `slice` when it outlasts its slice (never escapes `slice` callers). */
export class SliceExpired extends Error {
  constructor() {
    super('evaluation slice expired')
    this.name = 'SliceExpired'
  }
}

/** Deadline, abort signal and memory of one query (see module header). */
export class QueryGuard {
  /** Wall-clock deadline (`performance.now()` ms), or undefined for none. */
  readonly deadline: number | undefined
  readonly signal: AbortSignal | undefined
  readonly memory: QueryMemory
  readonly #stopped: (() => boolean) | undefined
  #units = 0
  /** End of the running evaluation slice (`performance.now()` ms), when one runs. */
  #sliceEnd: number | undefined = undefined
  #lastTurn = performance.now()

  /** `stopped`: true once another thread cancelled the work (read as a passed deadline). */
  constructor(opts: {
    deadline?: number
    signal?: AbortSignal
    memory?: QueryMemory
    stopped?: () => boolean
  }) {
    this.deadline = opts.deadline
    this.signal = opts.signal
    this.memory = opts.memory ?? new QueryMemory(Number.POSITIVE_INFINITY)
    this.#stopped = opts.stopped
  }

  /**
   * The kernels' interrupt check (KernelSite.interrupt: every KERNEL_CHECK_ROWS rows of a kernel
   * built with the executor helper, and in hand-written long loops): `check`, bound to this guard.
   */
  readonly interrupt = (): void => this.check()

  /** Throws when the query was aborted or ran past its deadline (or its evaluation slice ended). */
  check(): void {
    if (this.signal?.aborted) throw new ExecError('aborted', 'query aborted')
    const now = performance.now()
    if ((this.deadline !== undefined && now > this.deadline) || this.#stopped?.()) {
      throw new ExecError('deadline_exceeded', 'query ran past its deadline')
    }
    if (this.#sliceEnd !== undefined && now > this.#sliceEnd) throw new SliceExpired()
  }

  /** Checks, and lets the event loop run when this query has held it for SLICE_MS (call between batches). */
  async pace(): Promise<void> {
    this.check()
    if (performance.now() - this.#lastTurn < SLICE_MS) return
    await nextTurn()
    this.#lastTurn = performance.now()
  }

  /** Checks, then lets the event loop run once (after a slice expired). */
  async turn(): Promise<void> {
    this.check()
    await nextTurn()
    this.#lastTurn = performance.now()
  }

  /**
   * Runs the synchronous `f` as one slice: past SLICE_MS from now, the next check inside it throws
   * SliceExpired (its caller redoes the work in smaller pieces after a turn of the event loop).
   */
  slice<T>(f: () => T): T {
    const outer = this.#sliceEnd
    this.#sliceEnd = performance.now() + SLICE_MS
    try {
      return f()
    } finally {
      this.#sliceEnd = outer
    }
  }

  /** Counts `units` of work; checks every TICK_UNITS of them (cheap enough for per-row loops). */
  tick(units = 1): void {
    this.#units += units
    if (this.#units >= TICK_UNITS) {
      this.#units = 0
      this.check()
    }
  }
}

let active: QueryGuard | undefined
/** What the running evaluation has built so far (freed when it returns). */
let built: MemoryAccount | undefined

/** The guard of the query whose evaluation is running now, if any. */
export function activeGuard(): QueryGuard | undefined {
  return active
}

/** Runs the synchronous evaluation `f` with `guard` active (restoring the previous one after). */
export function withGuard<T>(guard: QueryGuard | undefined, f: () => T): T {
  if (guard === undefined || guard === active) return f()
  const prev = active
  const prevBuilt = built
  active = guard
  built = guard.memory.account('expression evaluation')
  try {
    return f()
  } finally {
    built.free()
    active = prev
    built = prevBuilt
  }
}

/**
 * Charges `bytes` a function is about to build (`what`: its name) to the running evaluation, and
 * counts the work; throws `query_memory_exceeded` or a deadline/abort error instead of building.
 * A no-op outside a guarded evaluation.
 */
export function chargeBuilt(bytes: number, what: string): void {
  if (active === undefined || built === undefined) return
  active.tick(1 + (bytes >> 10))
  built.grow(bytes, what)
}

/** Longest string a function may build, UTF-16 code units (the ingest limit of a field value, 1 MiB). */
export const MAX_STRING_CHARS = 1 << 20
/** Most elements of an array a function may build (as `range` documents). */
export const MAX_ARRAY_ELEMENTS = 1 << 20
/** Bytes charged per element of an array a function builds (a JS array slot and a boxed number). */
export const ARRAY_SLOT_BYTES = 16

/** Throws `value_too_large` when `fn` would build a string of `chars` code units (call before building). */
export function checkStringSize(chars: number, fn: string): void {
  if (chars > MAX_STRING_CHARS)
    throw new ExecError(
      'value_too_large',
      `${fn}: the result would be ${chars} characters; strings built by functions are at most ${MAX_STRING_CHARS}`,
    )
}

/** Throws `value_too_large` when `fn` would build an array of `n` elements (call before building). */
export function checkArraySize(n: number, fn: string): void {
  if (n > MAX_ARRAY_ELEMENTS)
    throw new ExecError(
      'value_too_large',
      `${fn}: the result would have ${n} elements; arrays built by functions have at most ${MAX_ARRAY_ELEMENTS}`,
    )
}
