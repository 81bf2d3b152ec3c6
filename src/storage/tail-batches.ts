// storage/tail-batches.ts: the columns of a dataset's unsealed tail as queries see it, built from
// its events on demand and cached per tail (the last prefix asked for). A tail holds up to a block
// of events, and any append makes the next query rebuild it: the build runs in pieces of TURN_MS
// with a turn of the event loop between them (a 65,536-event tail took 130–360 ms in one piece,
// with health requests waiting), and readers of the same prefix share one build.
import { StepClock } from '../util/loop-turn.ts'
import { runStepsPaused } from '../util/steps.ts'
import { type BlockBatch, buildBatchSteps } from './block/build.ts'
import type { TailView } from './snapshot.ts'

/** Tail prefixes' batches (see module header). */
export class TailBatches {
  readonly #cache = new WeakMap<readonly unknown[], { length: number; batch: Promise<BlockBatch> }>()
  readonly #clock: () => StepClock

  /** `clock`: one build's step clock (tests pass a shorter piece than TURN_MS). */
  constructor(clock: () => StepClock = () => new StepClock()) {
    this.#clock = clock
  }

  /** The batch of `tail`'s prefix. */
  get(tail: TailView): Promise<BlockBatch> {
    const hit = this.#cache.get(tail.events)
    if (hit && hit.length === tail.length) return hit.batch
    // The events array is only ever appended to (a seal replaces it), so its prefix stays put.
    const batch = runStepsPaused(buildBatchSteps(tail.events, this.#clock(), tail.length))
    this.#cache.set(tail.events, { length: tail.length, batch })
    return batch
  }
}
