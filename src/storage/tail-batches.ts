// storage/tail-batches.ts: the columns of a dataset's unsealed tail as queries see it, built from
// its events on demand and cached per tail (the last prefix asked for). A tail holds up to a block
// of events, and any append makes the next query rebuild it: the build runs in steps of
// TAIL_STEP_ROWS events with a turn of the event loop between them (a 65,536-event tail took
// 130–360 ms in one piece, with health requests waiting), and readers of the same prefix share one build.
import { runStepsPaused } from '../util/steps.ts'
import { type BlockBatch, buildBatchSteps } from './block/build.ts'
import type { TailView } from './snapshot.ts'

/** Events built between two turns of the event loop. */
export const TAIL_STEP_ROWS = 8192

/** Tail prefixes' batches (see module header). */
export class TailBatches {
  readonly #cache = new WeakMap<readonly unknown[], { length: number; batch: Promise<BlockBatch> }>()

  /** The batch of `tail`'s prefix. */
  get(tail: TailView): Promise<BlockBatch> {
    const hit = this.#cache.get(tail.events)
    if (hit && hit.length === tail.length) return hit.batch
    const batch = runStepsPaused(buildBatchSteps(tail.events.slice(0, tail.length), TAIL_STEP_ROWS))
    this.#cache.set(tail.events, { length: tail.length, batch })
    return batch
  }
}
