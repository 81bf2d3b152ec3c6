// ops/sharded-ids.ts: value → id for a group key's distinct values, in many small Maps once there are
// many. A Map grows by rehashing all its entries in one step: 40–60 ms for one `set` at 262k
// strings, work no piece boundary can cut while other requests wait for the event loop. Past
// SPLIT_AT entries the ids move into SHARDS Maps chosen by a cheap mix of a string's length and three
// of its characters, so each later rehash copies about 1/SHARDS of them. Other values (bools) and
// strings too short to mix stay in the first Map. Below SPLIT_AT it is one plain Map.

/** Entries at which the one Map is split into shards. */
const SPLIT_AT = 1 << 12

/** Maps once split (a power of two). */
const SHARDS = 64

/** Shard of a key: a mix of a string's length, last, middle and first characters; 0 for other values. */
function shardOf(key: unknown): number {
  if (typeof key !== 'string' || key.length < 2) return 0
  const n = key.length
  let h = Math.imul(n, 0x9e3779b1) ^ key.charCodeAt(n - 1)
  h = Math.imul(h, 31) ^ key.charCodeAt(n >> 1)
  h = Math.imul(h, 31) ^ key.charCodeAt(0)
  h ^= h >>> 15
  h = Math.imul(h, 0x85ebca6b)
  return (h ^ (h >>> 13)) & (SHARDS - 1)
}

/** Value → id (see module header). */
export class ShardedIds {
  #one: Map<unknown, number> | undefined = new Map()
  #shards: Map<unknown, number>[] = []

  get(key: unknown): number | undefined {
    return (this.#one ?? this.#shards[shardOf(key)]).get(key)
  }

  /** The id of `key`; a new key gets `next`. */
  idOrAdd(key: unknown, next: number): number {
    const one = this.#one
    const map = one ?? this.#shards[shardOf(key)]
    const id = map.get(key)
    if (id !== undefined) return id
    map.set(key, next)
    if (one !== undefined && one.size >= SPLIT_AT) this.#split(one)
    return next
  }

  #split(one: Map<unknown, number>): void {
    const shards = Array.from({ length: SHARDS }, () => new Map<unknown, number>())
    for (const [k, id] of one) shards[shardOf(k)].set(k, id)
    this.#shards = shards
    this.#one = undefined
  }
}
