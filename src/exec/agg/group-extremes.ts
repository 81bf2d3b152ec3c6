// exec/agg/group-extremes.ts: min(x) or max(x) over numbers of every group in one typed array: the
// group's first smallest / largest non-NaN value in row order (NaN: none yet), fed a batch's rows in
// one pass. Integral values (long, timespan) past ±2^53 come back as bigints, as MinMaxState gives
// them from int64 words; a real's as the double.

import { leafCall } from '../leaf-call.ts'
import type { AggState } from './agg-state.ts'
import { integerToWords, wordsOut } from './int64-words.ts'
import { MinMaxState } from './min-max.ts'

/** The min / max states of every group of one aggregation over one number layout. */
export class GroupExtremes {
  readonly kind: 'min' | 'max'
  /** Whether the values are integers (long, timespan) rather than reals. */
  readonly integral: boolean
  #best = new Float64Array(0)
  /** Per slot, the extreme of a batch fed by slots (NaN: none). */
  #slotBest = new Float64Array(0)

  constructor(kind: 'min' | 'max', integral: boolean) {
    this.kind = kind
    this.integral = integral
  }

  /** Room for groups 0 … n − 1 (new groups empty). */
  grow(n: number): void {
    const cap = this.#best.length
    if (n <= cap) return
    const best = new Float64Array(Math.max(n, 2 * cap, 64)).fill(Number.NaN)
    best.set(this.#best)
    this.#best = best
  }

  /**
   * Offers `values[j]` to group `gids[j]` for every j (dense: every value non-null); with `slots`,
   * `gids[j]` is a slot (a dictionary code) and `slots[s]` its group.
   */
  addValues(values: Float64Array, gids: Int32Array, slots: Int32Array | null = null): void {
    const loop = this.kind === 'max' ? maxByGroup : minByGroup
    if (slots === null) {
      leafCall(loop, values, gids, this.#best)
      return
    }
    if (this.#slotBest.length < slots.length) this.#slotBest = new Float64Array(slots.length)
    const best = this.#slotBest.subarray(0, slots.length).fill(Number.NaN)
    leafCall(loop, values, gids, best)
    // Each slot's extreme offered to its group: the first in row order wins a tie, as row by row.
    leafCall(loop, best, slots, this.#best)
  }

  /** The lane itself, for a pass that offers the same values while it sums them (group-sums.ts). */
  get lane(): Float64Array {
    return this.#best
  }

  /** Group g's result, as MinMaxState gives it. */
  result(g: number): number | bigint | null {
    const x = this.#best[g]
    if (Number.isNaN(x)) return null
    return this.integral && !Number.isSafeInteger(x) ? BigInt(x) : x
  }

  /** Group g's state (for a merge or the wire). */
  state(g: number): AggState {
    const s = new MinMaxState(this.kind)
    const x = this.#best[g]
    if (Number.isNaN(x)) return s
    if (this.integral && !Number.isSafeInteger(x)) {
      integerToWords(x)
      s.addInt64(wordsOut[0], wordsOut[1])
    } else s.addNumber(x)
    return s
  }
}

// Leaf loops. `x > m` is false for a NaN x, and a NaN m (nothing yet) takes the next value: a NaN
// value then leaves it NaN, and the first number replaces it.

function maxByGroup(values: Float64Array, gids: Int32Array, best: Float64Array): void {
  for (let j = 0; j < values.length; j++) {
    const x = values[j]
    const g = gids[j]
    const m = best[g]
    if (x > m || Number.isNaN(m)) best[g] = x
  }
}

function minByGroup(values: Float64Array, gids: Int32Array, best: Float64Array): void {
  for (let j = 0; j < values.length; j++) {
    const x = values[j]
    const g = gids[j]
    const m = best[g]
    if (x < m || Number.isNaN(m)) best[g] = x
  }
}
