// storage/tail-batches.ts: the columns of a dataset's unsealed tail as queries see it, assembled from
// the WAL records that hold its events (storage/block/assemble.ts: typed values copied in bulk, no
// object per event) on demand, and cached per tail (the last range asked for over one list of
// records). Any append makes the next query assemble it again: the work runs in pieces of TURN_MS
// with a turn of the event loop between them, and readers of the same range share one assembly.
import { StepClock } from '../util/loop-turn.ts'
import { runStepsPaused } from '../util/steps.ts'
import { assembleBatchSteps } from './block/assemble.ts'
import type { BlockBatch } from './block/build.ts'
import { type TailChunk, type TailView, tailRanges } from './tail-chunks.ts'

/** Tail ranges' batches (see module header). */
export class TailBatches {
  readonly #cache = new WeakMap<
    readonly TailChunk[],
    { firstSeq: number; length: number; batch: Promise<BlockBatch> }
  >()
  readonly #clock: () => StepClock

  /** `clock`: one assembly's step clock (tests pass a shorter piece than TURN_MS). */
  constructor(clock: () => StepClock = () => new StepClock()) {
    this.#clock = clock
  }

  /** The batch of `tail`'s events. */
  get(tail: TailView): Promise<BlockBatch> {
    const hit = this.#cache.get(tail.chunks)
    if (hit && hit.length === tail.length && hit.firstSeq === tail.firstSeq) return hit.batch
    // The list of records is only ever appended to (a seal replaces it), so a range of it stays put.
    const batch = runStepsPaused(assembleBatchSteps(tailRanges(tail), this.#clock()))
    this.#cache.set(tail.chunks, { firstSeq: tail.firstSeq, length: tail.length, batch })
    return batch
  }
}
