// exec/agg/exact-budget.ts: how many values the quantile sketches of one aggregation may keep exactly
// past each sketch's own exact limit, shared by all its groups. One budget per operator run (never
// module-level): a sketch takes room as it grows its exact buffer and gives it back when it turns into
// a t-digest; when the budget refuses, the sketch turns into a t-digest (its answers are then flagged
// as estimates). So a summarize answers exactly while its values fit, within a bounded memory.

/** Values one aggregation's sketches may keep exactly past their own limits: 16,777,216 (128 MiB). */
export const DEFAULT_EXACT_VALUES = 1 << 24

/** The budget for a query that may hold `memoryBytes`: the default, or a quarter of that memory if less. */
export function exactValuesWithin(memoryBytes: number): number {
  return Math.min(DEFAULT_EXACT_VALUES, Math.floor(memoryBytes / 4 / Float64Array.BYTES_PER_ELEMENT))
}

/** Where a budget charges the room it gives (a query's memory account: exec/query-memory.ts). */
export interface ExactMemory {
  /** Holds `bytes` more if it can (true), else nothing more (false). */
  tryGrow(bytes: number): boolean
  /** Holds `bytes` less. */
  shrink(bytes: number): void
}

/** A query's memory as a budget sees it (exec/query-memory.ts QueryMemory). */
export interface ExactQueryMemory {
  readonly limit: number
  account(what: string): ExactMemory
}

/** The budget of one operator run of a query: `exactValuesWithin` its limit, charged to an account named `what`. */
export function exactBudget(memory: ExactQueryMemory, what: string): ExactBudget {
  return new ExactBudget(exactValuesWithin(memory.limit), memory.account(`${what} (exact values)`))
}

/** A count of values shared by the sketches of one aggregation (see module header). */
export class ExactBudget {
  /** Values this budget gives out, at most. */
  readonly limit: number
  readonly #memory: ExactMemory | null
  #left: number

  constructor(limit = DEFAULT_EXACT_VALUES, memory: ExactMemory | null = null) {
    this.limit = Math.max(0, Math.floor(limit))
    this.#memory = memory
    this.#left = this.limit
  }

  /** Takes `n` values' room, or nothing (false) when fewer are left or the memory refuses them. */
  take(n: number): boolean {
    if (n > this.#left) return false
    if (this.#memory !== null && !this.#memory.tryGrow(n * Float64Array.BYTES_PER_ELEMENT)) return false
    this.#left -= n
    return true
  }

  /** Gives back `n` values' room taken earlier. */
  give(n: number): void {
    const back = Math.min(n, this.limit - this.#left)
    this.#left += back
    this.#memory?.shrink(back * Float64Array.BYTES_PER_ELEMENT)
  }

  /** Values taken now. */
  get used(): number {
    return this.limit - this.#left
  }
}
