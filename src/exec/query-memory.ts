// exec/query-memory.ts: one query's memory budget: operators charge what they are about to hold
// (build sides, group tables, sort and top buffers, series grids, result rows, computed strings)
// BEFORE allocating it, and the charge fails with `query_memory_exceeded` naming the operator and
// the budget. Every charge also reserves from the process-wide pool; `close` gives all of it back.
import { formatBytes, type MemoryPool } from '../util/memory/index.ts'
import { ExecError } from './exec-error.ts'

/** One query's memory accounting (see module header). */
export class QueryMemory {
  /** Bytes this query may hold. */
  readonly limit: number
  readonly #pool: MemoryPool | undefined
  #used = 0
  #peak = 0

  constructor(limit: number, pool?: MemoryPool) {
    this.limit = limit
    this.#pool = pool
  }

  /** Bytes charged now. */
  get used(): number {
    return this.#used
  }

  /** Most bytes charged at once. */
  get peak(): number {
    return this.#peak
  }

  /** Charges `bytes` for `what` (an operator or function name), or throws before anything is allocated. */
  charge(bytes: number, what: string): void {
    const refused = this.#take(bytes)
    if (refused === 'query') {
      throw new ExecError(
        'query_memory_exceeded',
        `${what} needs ${formatBytes(bytes)} more memory, past this query's budget of ${formatBytes(this.limit)} (${formatBytes(this.#used)} in use); narrow the query (filter, summarize, take) or ask for a larger budget (memoryBytes)`,
        'query',
      )
    }
    if (refused === 'process') {
      throw new ExecError(
        'query_memory_exceeded',
        `${what} needs ${formatBytes(bytes)} more memory, but the server's memory for queries (${formatBytes(this.#pool?.limit ?? 0)}) is taken by other queries; retry shortly`,
        'process',
      )
    }
  }

  /** Charges `bytes` if this query's budget and the process pool have them (true), else nothing (false). */
  tryCharge(bytes: number): boolean {
    return this.#take(bytes) === null
  }

  /** Takes `bytes`, or names what refused them (nothing taken then). */
  #take(bytes: number): 'query' | 'process' | null {
    if (!(bytes > 0)) return null
    if (this.#used + bytes > this.limit) return 'query'
    if (this.#pool && !this.#pool.reserve(bytes)) return 'process'
    this.#used += bytes
    if (this.#used > this.#peak) this.#peak = this.#used
    return null
  }

  /** Gives back bytes charged earlier. */
  release(bytes: number): void {
    const n = Math.min(bytes, this.#used)
    if (!(n > 0)) return
    this.#used -= n
    this.#pool?.release(n)
  }

  /** A named account whose size an operator sets or grows as it holds more (or less). */
  account(what: string): MemoryAccount {
    return new MemoryAccount(this, what)
  }

  /** Gives everything back (the query ended). */
  close(): void {
    this.release(this.#used)
  }
}

/** Memory one operator holds, charged to its query as it changes. */
export class MemoryAccount {
  readonly #memory: QueryMemory
  readonly #what: string
  #bytes = 0

  constructor(memory: QueryMemory, what: string) {
    this.#memory = memory
    this.#what = what
  }

  /** Bytes held. */
  get bytes(): number {
    return this.#bytes
  }

  /** Holds `bytes` more (throws, holding nothing more, when the budget cannot take it); `what` names the taker. */
  grow(bytes: number, what = this.#what): void {
    if (!(bytes > 0)) return
    this.#memory.charge(bytes, what)
    this.#bytes += bytes
  }

  /** Holds `bytes` more if the budget can take them (true), else holds nothing more (false). */
  tryGrow(bytes: number): boolean {
    if (!(bytes > 0)) return true
    if (!this.#memory.tryCharge(bytes)) return false
    this.#bytes += bytes
    return true
  }

  /** Holds exactly `bytes` now. */
  set(bytes: number): void {
    if (bytes > this.#bytes) this.grow(bytes - this.#bytes)
    else this.shrink(this.#bytes - bytes)
  }

  /** Holds `bytes` less. */
  shrink(bytes: number): void {
    const n = Math.min(bytes, this.#bytes)
    if (!(n > 0)) return
    this.#bytes -= n
    this.#memory.release(n)
  }

  /** Holds nothing. */
  free(): void {
    this.shrink(this.#bytes)
  }
}
