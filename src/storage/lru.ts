// storage/lru.ts: a byte-budgeted LRU map for decoded columns. Eviction drops the least recently
// used entries until the total is within budget; an entry larger than the budget is not kept.

/** Byte-budgeted least-recently-used cache. */
export class LruCache<K, V> {
  readonly #map = new Map<K, { value: V; bytes: number }>()
  readonly #budget: number
  #bytes = 0

  constructor(budgetBytes: number) {
    this.#budget = budgetBytes
  }

  /** The cached value, marking it most recently used. */
  get(key: K): V | undefined {
    const e = this.#map.get(key)
    if (!e) return undefined
    this.#map.delete(key)
    this.#map.set(key, e)
    return e.value
  }

  /** Insert `value` costing `bytes`, evicting as needed. */
  set(key: K, value: V, bytes: number): void {
    const old = this.#map.get(key)
    if (old) {
      this.#bytes -= old.bytes
      this.#map.delete(key)
    }
    if (bytes > this.#budget) return
    this.#map.set(key, { value, bytes })
    this.#bytes += bytes
    for (const [k, e] of this.#map) {
      if (this.#bytes <= this.#budget) break
      this.#map.delete(k)
      this.#bytes -= e.bytes
    }
  }

  /** Drop every key matching `pred`. */
  deleteWhere(pred: (key: K) => boolean): void {
    for (const [k, e] of this.#map) {
      if (pred(k)) {
        this.#map.delete(k)
        this.#bytes -= e.bytes
      }
    }
  }

  /** Bytes held. */
  get bytes(): number {
    return this.#bytes
  }

  /** Entries held. */
  get size(): number {
    return this.#map.size
  }
}
