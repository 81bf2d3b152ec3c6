// exec/agg/exact-budget.ts: how many values the quantile sketches of one aggregation may keep exactly
// past each sketch's own exact limit, shared by all its groups. One budget per operator run (never
// module-level): a sketch takes room as it grows its exact buffer and gives it back when it turns into
// a t-digest; when the budget refuses, the sketch turns into a t-digest (its answers are then flagged
// as estimates). So a summarize answers exactly while its values fit, within a bounded memory.

/** Values one aggregation's sketches may keep exactly past their own limits: 16,777,216 (128 MiB). */
export const DEFAULT_EXACT_VALUES = 1 << 24

/** The budget for a query that may hold `memoryBytes`: the default, or half of that memory if less. */
export function exactValuesWithin(memoryBytes: number): number {
  return Math.min(DEFAULT_EXACT_VALUES, Math.floor(memoryBytes / 2 / Float64Array.BYTES_PER_ELEMENT))
}

/** A count of values shared by the sketches of one aggregation (see module header). */
export class ExactBudget {
  /** Values this budget gives out, at most. */
  readonly limit: number
  #left: number

  constructor(limit = DEFAULT_EXACT_VALUES) {
    this.limit = Math.max(0, Math.floor(limit))
    this.#left = this.limit
  }

  /** Takes `n` values' room, or nothing (false) when fewer are left. */
  take(n: number): boolean {
    if (n > this.#left) return false
    this.#left -= n
    return true
  }

  /** Gives back `n` values' room taken earlier. */
  give(n: number): void {
    this.#left = Math.min(this.limit, this.#left + n)
  }

  /** Values taken now. */
  get used(): number {
    return this.limit - this.#left
  }
}
