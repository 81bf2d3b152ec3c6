// util/loop-turn.ts: the event loop's turns, for work that yields it midway (queries between
// batches and slices, scans between blocks, plans rebuilt in pieces). `nextTurn()` resumes its
// caller in a later iteration of the loop, and at most one caller resumes per iteration, first come
// first served. With a bare `setImmediate`, N queries that yield together all resume in the same
// check phase, one after another, and I/O (a health request, a new connection) waits N slices;
// here it waits one. The queue is this thread's, as the event loop is.

/** Callers waiting for a turn, oldest first from `head`. */
const waiting: ((() => void) | undefined)[] = []
let head = 0
let armed = false

/** Resumes the oldest waiter; re-arms for the next iteration when others wait. */
function pump(): void {
  armed = false
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
