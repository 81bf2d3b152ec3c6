// ops/string-key-ids.ts: string → id for a group key's distinct strings, in typed arrays instead of
// a JS Map. A Map holding a near-unique key's 2M strings allocated ~150 MB of hash tables as it grew
// (each growth a new table in V8's old generation, the old one garbage); four such summarizes at
// once made major collections that held the event loop 50–90 ms, and one growth past 1M entries
// rehashes all of them in one step. Here a string's 32-bit hash (agg/hash64.ts; a block dictionary
// entry's is computed once per block and kept, agg/code-dictionary.ts) picks one of SHARDS
// open-addressing tables of Int32Arrays (outside the JS heap); the first SPLIT_AT strings share one
// table (a key of a few values allocates just that), then move into the shards. A table doubles
// from the hashes it stores (no string is hashed again) at a load of its own between 3/8 and 3/4,
// so the shards, filled evenly by the hash, grow at different times: never all in one batch. The
// strings are the caller's (the key's cells, cell-chunks.ts): `cells.at(id)` is the string of `id`.
import { hashOut, hashString } from '../agg/hash64.ts'
import { type CellChunks, CHUNK_BITS } from './cell-chunks.ts'

/** log2 of the tables, chosen by a hash's top bits. */
const SHARD_BITS = 6
const SHARDS = 1 << SHARD_BITS
const CHUNK_MASK = (1 << CHUNK_BITS) - 1
/** Slots of a new table. */
const FIRST_SLOTS = 16

/** One open-addressing table: id + 1 per slot (0 empty) and the hash of each slot's string. */
interface Shard {
  ids: Int32Array
  hashes: Int32Array
  size: number
  /** Entries at which it doubles. */
  limit: number
}

/** The load at which shard `k` doubles: 3/8 … 3/4, spread evenly over the shards. */
function loadOf(k: number): number {
  return 0.375 * (1 + k / SHARDS)
}

function newShard(slots: number, k: number): Shard {
  return {
    ids: new Int32Array(slots),
    hashes: new Int32Array(slots),
    size: 0,
    limit: Math.max(1, Math.floor(slots * loadOf(k))),
  }
}

/** Puts id + 1 `e` with hash `h` into the first free slot of its probe run. */
function place(t: Shard, e: number, h: number): void {
  const mask = t.ids.length - 1
  let i = h & mask
  while (t.ids[i] !== 0) i = (i + 1) & mask
  t.ids[i] = e
  t.hashes[i] = h
  t.size++
}

/** Strings at which the one first table is split into the shards. */
const SPLIT_AT = 4096

/** String → id (see module header). */
export class StringKeyIds {
  /** The one table of the first SPLIT_AT strings (a key of few values needs no more), then undefined. */
  #one: Shard | undefined = newShard(FIRST_SLOTS, SHARDS - 1)
  readonly #shards: (Shard | undefined)[] = []

  /** Slots of all tables (for tests: how much a run of adds grew them). */
  get slots(): number {
    let n = this.#one?.ids.length ?? 0
    for (const t of this.#shards) n += t?.ids.length ?? 0
    return n
  }

  /** The id of `s`, or −1. */
  get(s: string, cells: CellChunks): number {
    hashString(s)
    return this.getHashed(s, hashOut[1], cells)
  }

  /** The id of `s`, whose hash (`hashString`'s low word: `hashOut[1]`) is `h`, or −1. */
  getHashed(s: string, h: number, cells: CellChunks): number {
    const t = this.#one ?? this.#shards[h >>> (32 - SHARD_BITS)]
    return t === undefined ? -1 : find(t, s, h, cells)
  }

  /** The id of `s`; a new string gets `next` (the caller then pushes it as cell `next`). */
  idOrAdd(s: string, next: number, cells: CellChunks): number {
    hashString(s)
    return this.idOrAddHashed(s, hashOut[1], next, cells)
  }

  /** `idOrAdd` of `s` whose hash is `h` (as `getHashed`). */
  idOrAddHashed(s: string, h: number, next: number, cells: CellChunks): number {
    const one = this.#one
    if (one !== undefined) {
      const id = find(one, s, h, cells)
      if (id >= 0) return id
      if (one.size < SPLIT_AT) {
        if (one.size >= one.limit) this.#one = grown(one, SHARDS - 1)
        place(this.#one as Shard, next + 1, h)
        return next
      }
      this.#split(one)
    }
    const k = h >>> (32 - SHARD_BITS)
    let t = this.#shards[k]
    if (t === undefined) t = this.#shards[k] = newShard(FIRST_SLOTS, k)
    else {
      const id = find(t, s, h, cells)
      if (id >= 0) return id
      if (t.size >= t.limit) t = this.#shards[k] = grown(t, k)
    }
    place(t, next + 1, h)
    return next
  }

  /** Moves the first table's entries into the shards (each sized for twice its share). */
  #split(one: Shard): void {
    const slots = Math.max(FIRST_SLOTS, (4 * SPLIT_AT) / SHARDS)
    for (let k = 0; k < SHARDS; k++) this.#shards.push(newShard(slots, k))
    for (let i = 0; i < one.ids.length; i++)
      if (one.ids[i] !== 0)
        place(this.#shards[one.hashes[i] >>> (32 - SHARD_BITS)] as Shard, one.ids[i], one.hashes[i])
    this.#one = undefined
  }
}

/** The id of `s` (hash `h`) in `t`, or −1. */
function find(t: Shard, s: string, h: number, cells: CellChunks): number {
  const { ids, hashes } = t
  const mask = ids.length - 1
  const chunks = cells.chunks
  for (let i = h & mask; ; i = (i + 1) & mask) {
    const e = ids[i]
    if (e === 0) return -1
    const id = e - 1
    if (hashes[i] === h && chunks[id >>> CHUNK_BITS][id & CHUNK_MASK] === s) return id
  }
}

/** `t` at twice the slots, its entries placed again from their stored hashes. */
function grown(t: Shard, k: number): Shard {
  const out = newShard(2 * t.ids.length, k)
  for (let i = 0; i < t.ids.length; i++) if (t.ids[i] !== 0) place(out, t.ids[i], t.hashes[i])
  return out
}
