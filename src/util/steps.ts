// util/steps.ts: work written as a generator that pauses (`yield`) wherever its caller may let the
// event loop run (a plan built operator by operator, a tail built 8,192 events at a time, an ingest
// call prepared 10 ms at a time, a long result converted column by column). Synchronous callers run
// it to its end; callers on the event loop await a pause at each step.
import { nextTurn } from './loop-turn.ts'

/** Runs `steps` to its end without pausing; its result. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next()
    if (r.done) return r.value
  }
}

/** Runs `steps`, awaiting `pause` (default: a turn of the event loop) wherever it pauses; its result. */
export async function runStepsPaused<T>(
  steps: Generator<void, T>,
  pause: () => Promise<void> = nextTurn,
): Promise<T> {
  for (;;) {
    const r = steps.next()
    if (r.done) return r.value
    await pause()
  }
}
