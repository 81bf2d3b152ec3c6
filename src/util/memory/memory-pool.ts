// util/memory/memory-pool.ts: the process-wide memory budget that queries and caches draw from.
// Queries reserve before they allocate and release when done; caches (the decoded-column cache)
// hold what queries leave free and shrink when a query needs the room. Never allocates itself.

/** A cache that lives inside the pool: it reports its size and can shrink on demand. */
export interface PoolCache {
  /** Bytes held now. */
  readonly bytes: number
  /** Drop entries until at most `bytes` are held. */
  shrinkTo(bytes: number): void
}

/** Process-wide memory budget (see module header). */
export class MemoryPool {
  /** Bytes queries and caches may hold together. */
  readonly limit: number
  /** Bytes one query may use unless it asks for another budget. */
  readonly defaultQueryBytes: number
  /** Largest budget one query may ask for. */
  readonly maxQueryBytes: number
  readonly #caches: PoolCache[] = []
  #reserved = 0
  #peak = 0

  constructor(limit: number, defaultQueryBytes: number, maxQueryBytes = limit) {
    if (!(limit > 0)) throw new RangeError('memory limit must be positive')
    this.limit = limit
    this.maxQueryBytes = Math.min(maxQueryBytes, limit)
    this.defaultQueryBytes = Math.min(defaultQueryBytes, this.maxQueryBytes)
  }

  /** Bytes reserved by queries now. */
  get reserved(): number {
    return this.#reserved
  }

  /** Most bytes queries held at once since the pool was made. */
  get peak(): number {
    return this.#peak
  }

  /** Bytes caches hold now. */
  get cached(): number {
    let n = 0
    for (const c of this.#caches) n += c.bytes
    return n
  }

  /** What a cache may hold while queries hold what they hold. */
  cacheRoom(): number {
    return Math.max(0, this.limit - this.#reserved)
  }

  /** Registers a cache whose bytes count against the pool. */
  addCache(cache: PoolCache): void {
    this.#caches.push(cache)
  }

  /** Takes `bytes` for a query when the pool has them (shrinking caches first); false otherwise. */
  reserve(bytes: number): boolean {
    if (bytes <= 0) return true
    if (this.#reserved + bytes > this.limit) return false
    this.#reserved += bytes
    if (this.#reserved > this.#peak) this.#peak = this.#reserved
    let over = this.#reserved + this.cached - this.limit
    for (const c of this.#caches) {
      if (over <= 0) break
      const before = c.bytes
      c.shrinkTo(Math.max(0, before - over))
      over -= before - c.bytes
    }
    return true
  }

  /** Gives back bytes a query reserved. */
  release(bytes: number): void {
    if (bytes > 0) this.#reserved = Math.max(0, this.#reserved - bytes)
  }
}
