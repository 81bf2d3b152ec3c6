// util/loop-turn.ts: the event loop's turns, for work that yields it midway (queries between
// batches and slices, scans between blocks, plans rebuilt in pieces). `nextTurn()` resumes its
// caller in a later iteration of the loop, and at most one caller resumes per iteration, first come
// first served. With a bare `setImmediate`, N queries that yield together all resume in the same
// check phase, one after another, and I/O (a health request, a new connection) waits N slices;
// here it waits one. The queue is this thread's, as the event loop is.
//
// A new connection is slower than that: libuv accepts ONE pending connection per iteration of the
// loop (one per poll of the listening socket), so a health check arriving behind a burst of 16
// query connections waited 16 iterations, each one query's piece: 170–240 ms on a cold server while
// no piece held the loop more than 40 ms. The server calls `noteConnection()` as it accepts one;
// while connections keep arriving, the loop iterates without resuming a waiter (the next pending
// connection is accepted on the next iteration, within microseconds), up to IO_PASSES iterations in
// a row, so a steady stream of connections cannot starve the queries.
//
// TURN_MS is the one budget for how long a piece of work holds the loop before it takes a turn.
// A request on a new connection needs two or three iterations of the loop (accept, read, write),
// and each may come after one such piece: pieces of TURN_MS keep a health check within ~100 ms
// with room for a garbage collection (scavenges and mark-compacts of 20–50 ms were measured under
// the hostile load on 2 vCPUs). `StepClock` counts a piece's time for loops that pause.

/** Longest synchronous stretch one piece of work holds the event loop before a turn, ms (see header). */
export const TURN_MS = 10

/** Rows (or values) between two clock reads of `StepClock.due`. */
const CLOCK_EVERY = 256

/**
 * The time of one piece of work since its last pause: `due()` answers true once `ms` passed (it
 * reads the clock every `every` calls, CLOCK_EVERY by default, so a per-row call costs a counter;
 * a loop over large items passes 1), `restart()` after the pause.
 */
export class StepClock {
  readonly #ms: number
  readonly #every: number
  #end: number
  #calls = 0

  constructor(ms: number = TURN_MS, every: number = CLOCK_EVERY) {
    this.#ms = ms
    this.#every = every
    this.#end = performance.now() + ms
  }

  /** Whether this piece has run its time (checked every `every` calls). */
  due(): boolean {
    if (++this.#calls < this.#every) return false
    this.#calls = 0
    return performance.now() >= this.#end
  }

  /** Whether this piece has run its time, read now (for items each worth many calls of `due`). */
  dueNow(): boolean {
    this.#calls = 0
    return performance.now() >= this.#end
  }

  /** Starts the next piece (after a pause). */
  restart(): void {
    this.#calls = 0
    this.#end = performance.now() + this.#ms
  }

  /** A turn of the event loop, then the next piece (for async loops; generators `yield`, then `restart`). */
  async pause(): Promise<void> {
    await nextTurn()
    this.restart()
  }
}

/** Callers waiting for a turn, oldest first from `head`. */
const waiting: ((() => void) | undefined)[] = []
let head = 0
let armed = false

/** Iterations in a row the pump lets pass without resuming a waiter while connections arrive. */
export const IO_PASSES = 64
/** A connection was accepted since the pump last ran. */
let connected = false
/** Iterations passed in a row for arriving connections. */
let passed = 0

/** The server accepted a connection: more may be pending, one accepted per iteration (see header). */
export function noteConnection(): void {
  connected = true
}

/** Resumes the oldest waiter; re-arms for the next iteration when others wait. */
function pump(): void {
  armed = false
  if (connected && passed < IO_PASSES) {
    connected = false
    passed++
    arm()
    return
  }
  connected = false
  passed = 0
  const next = waiting[head]
  waiting[head++] = undefined
  if (head === waiting.length) {
    waiting.length = 0
    head = 0
  } else if (head > 1024 && head * 2 > waiting.length) {
    waiting.splice(0, head)
    head = 0
  }
  if (head < waiting.length) arm()
  next?.()
}

function arm(): void {
  armed = true
  setImmediate(pump)
}

/** Resolves in a later iteration of the event loop, after I/O was polled (see module header). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    if (!armed) arm()
  })
}

/** Callers waiting for a turn now (for tests and diagnostics). */
export function waitingTurns(): number {
  return waiting.length - head
}
