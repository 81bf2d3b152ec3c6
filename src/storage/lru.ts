// storage/lru.ts: a byte-budgeted LRU map for decoded columns. Eviction drops the least recently
// used entries until the total is within budget (its own, and the room a shared memory pool leaves
// it); an entry larger than the budget is not kept.

/** Byte-budgeted least-recently-used cache. */
export class LruCache<K, V> {
  readonly #map = new Map<K, { value: V; bytes: number }>()
  readonly #budget: number
  readonly #room: () => number
  #bytes = 0

  /** `room`: bytes the cache may hold at most right now besides its budget (a shared pool's free room). */
  constructor(budgetBytes: number, room: () => number = () => Number.POSITIVE_INFINITY) {
    this.#budget = budgetBytes
    this.#room = room
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
    const budget = Math.min(this.#budget, this.#room())
    if (bytes > budget) return
    this.#map.set(key, { value, bytes })
    this.#bytes += bytes
    this.shrinkTo(budget)
  }

  /** Drop least recently used entries until at most `bytes` are held. */
  shrinkTo(bytes: number): void {
    for (const [k, e] of this.#map) {
      if (this.#bytes <= bytes) break
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
