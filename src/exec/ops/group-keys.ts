// ops/group-keys.ts: dense group ids of key combinations: a single key's id (key-dictionary.ts) is
// its group id; two keys go through a dense id table while it stays small, then, like more keys,
// through a hash of the ids packed into one number while it stays exact, else a string.
import { Float64Index } from '../agg/float64-index.ts'
import type { Vec } from '../vector.ts'
import { KeyDictionary } from './key-dictionary.ts'

/** Per-key ids above this make the combined id a string (products stay below 2^53). */
const RADIX = 2 ** 26
/** Most cells of the two-key table (4 MiB of Int32). */
const GRID_MAX = 2 ** 20

/** The smallest power of two ≥ max(n, floor). */
function nextPow2(n: number, floor: number): number {
  let p = Math.max(1, floor)
  while (p < n) p *= 2
  return p
}

/** Dense ids of key combinations (a single key's id is its group id). */
export class GroupIndex {
  readonly keys: KeyDictionary[]
  /** Combinations whose packed id is exact as a double. */
  readonly #combos = new Float64Index()
  /** Combinations past RADIX, as strings. */
  readonly #wide = new Map<string, number>()
  /** Two keys: the dense (first id, second id) → gid + 1 table, until it would grow too big. */
  #grid: Int32Array | null | 'off' = null
  #gridRows = 0
  #gridCols = 0
  /** Per group, the id of each key: group g's at g × keys.length (flat: no array per group). */
  #ids = new Int32Array(64)
  #count = 0
  /**
   * Reused id buffers of `assign`: one per key, then one for the combined ids (row-sized: allocated
   * once per index, not per batch); an `assign`'s ids are read until the next one.
   */
  readonly #buffers: Int32Array[] = []
  #zeroIds = new Int32Array(0)

  constructor(keyCount: number) {
    this.keys = Array.from({ length: keyCount }, () => new KeyDictionary())
  }

  /** Groups so far. */
  get size(): number {
    return this.#count
  }

  /** The group of a single-key index's key id `id` (made now, after any smaller id, when new). */
  groupOfKey(id: number, onNew: (gid: number) => void): number {
    while (this.#count <= id) this.#newGroup(onNew, this.#count, 0)
    return id
  }

  /**
   * The group of the key-id pair (a, b) of a two-key index (made now when new), through the same
   * tables as `assign`, so pairs looked up here and rows assigned there share their groups.
   */
  groupOfPair(a: number, b: number, onNew: (gid: number) => void): number {
    if (this.#grid !== 'off' && (a >= this.#gridRows || b >= this.#gridCols)) {
      const r = a >= this.#gridRows ? nextPow2(a + 1, 2 * this.#gridRows) : this.#gridRows
      const c = b >= this.#gridCols ? nextPow2(b + 1, 2 * this.#gridCols) : this.#gridCols
      if (r * c > GRID_MAX) this.#leaveGrid()
      else this.#regrid(r, c)
    }
    const grid = this.#grid
    if (grid !== 'off' && grid !== null) {
      const at = a * this.#gridCols + b
      let g = grid[at] - 1
      if (g < 0) {
        g = this.#newGroup(onNew, a, b)
        grid[at] = g + 1
      }
      return g
    }
    if (a < RADIX && b < RADIX) {
      const combos = this.#combos
      combos.key[0] = a * RADIX + b
      let g = combos.find()
      if (g < 0) {
        g = this.#newGroup(onNew, a, b)
        combos.key[0] = a * RADIX + b
        combos.insert(g)
      }
      return g
    }
    const wide = `${a}:${b}`
    let g = this.#wide.get(wide) ?? -1
    if (g < 0) {
      g = this.#newGroup(onNew, a, b)
      this.#wide.set(wide, g)
    }
    return g
  }

  /** Buffer `k` with room for `n` ids (its first `n` entries; contents are the caller's to fill). */
  #idBuffer(k: number, n: number): Int32Array {
    let b = this.#buffers[k]
    if (b === undefined || b.length < n) {
      b = new Int32Array(Math.max(n, 2 * (b?.length ?? 0)))
      this.#buffers[k] = b
    }
    return b.subarray(0, n)
  }

  /** `n` zeros (group ids are read, never written, by their users). */
  #zeros(n: number): Int32Array {
    if (this.#zeroIds.length < n) this.#zeroIds = new Int32Array(Math.max(n, 2 * this.#zeroIds.length))
    return this.#zeroIds.subarray(0, n)
  }

  /**
   * Group ids of `rows` given the key vectors; `onNew(gid)` runs once per new group. The ids are
   * read-only and valid until this index's next `assign` (its reused buffers).
   */
  assign(vecs: readonly Vec[], rows: Uint32Array, onNew: (gid: number) => void): Int32Array {
    const n = rows.length
    if (vecs.length === 0) {
      if (this.#count === 0) this.#newGroup(onNew, 0, 0)
      return this.#zeros(n)
    }
    const perKey = vecs.map((v, k) => {
      const ids = this.#idBuffer(k, n)
      this.keys[k].assign(v, rows, ids)
      return ids
    })
    if (perKey.length === 1) {
      // Key ids are dense and handed out in row order, so the ids new in this batch are the next
      // groups, in the same order: no pass over the rows.
      const seen = this.keys[0].size
      while (this.#count < seen) this.#newGroup(onNew, this.#count, 0)
      return perKey[0]
    }
    if (perKey.length === 2 && this.#grid !== 'off') {
      const viaGrid = this.#assignPairs(perKey[0], perKey[1], onNew)
      if (viaGrid) return viaGrid
    }
    const gids = this.#idBuffer(vecs.length, n)
    const combos = this.#combos
    const first = perKey[0]
    const second = perKey[1]
    // A run of rows with the same combination is looked up once.
    let lastPacked = -1
    let lastGid = -1
    for (let j = 0; j < n; j++) {
      let packed = first[j]
      let wide: string | null = null
      // Two keys (the common case, e.g. a time bin and a field) pack without the general loop.
      const y = second[j]
      if (packed < RADIX && y < RADIX) packed = packed * RADIX + y
      else wide = `${packed}:${y}`
      for (let k = 2; k < perKey.length; k++) {
        const id = perKey[k][j]
        if (wide === null && packed < RADIX && id < RADIX) packed = packed * RADIX + id
        else wide = `${wide ?? packed}:${id}`
      }
      let gid: number
      if (wide === null && packed === lastPacked) gid = lastGid
      else if (wide === null) {
        combos.key[0] = packed
        gid = combos.find()
        if (gid < 0) {
          gid = this.#newGroup(onNew, 0, 0, perKey, j)
          combos.key[0] = packed
          combos.insert(gid)
        }
        lastPacked = packed
        lastGid = gid
      } else {
        gid = this.#wide.get(wide) ?? -1
        if (gid < 0) {
          gid = this.#newGroup(onNew, 0, 0, perKey, j)
          this.#wide.set(wide, gid)
        }
      }
      gids[j] = gid
    }
    return gids
  }

  /**
   * Two keys through a dense table of (first id, second id) → gid + 1, while the ids' product stays
   * small (a time bin by a field: a few thousand cells): one array read per row instead of a hash.
   * Null when the table would grow past GRID_MAX cells: the groups so far move to the hash tables
   * and the caller takes the general path (for this batch and every later one).
   */
  #assignPairs(first: Int32Array, second: Int32Array, onNew: (gid: number) => void): Int32Array | null {
    const n = first.length
    const gids = this.#idBuffer(2, n)
    let grid = this.#grid === null ? new Int32Array(0) : (this.#grid as Int32Array)
    let rowsCap = this.#gridRows
    let colsCap = this.#gridCols
    for (let j = 0; j < n; j++) {
      const a = first[j]
      const b = second[j]
      if (a >= rowsCap || b >= colsCap) {
        const r = a >= rowsCap ? nextPow2(a + 1, 2 * rowsCap) : rowsCap
        const c = b >= colsCap ? nextPow2(b + 1, 2 * colsCap) : colsCap
        if (r * c > GRID_MAX) {
          this.#leaveGrid()
          return null
        }
        grid = this.#regrid(r, c)
        rowsCap = r
        colsCap = c
      }
      const at = a * colsCap + b
      let g = grid[at] - 1
      if (g < 0) {
        g = this.#newGroup(onNew, a, b)
        grid[at] = g + 1
      }
      gids[j] = g
    }
    return gids
  }

  /** A (rows × cols) grid holding every group so far. */
  #regrid(rows: number, cols: number): Int32Array {
    const grid = new Int32Array(rows * cols)
    const ids = this.#ids
    for (let g = 0; g < this.#count; g++) grid[ids[2 * g] * cols + ids[2 * g + 1]] = g + 1
    this.#grid = grid
    this.#gridRows = rows
    this.#gridCols = cols
    return grid
  }

  /** Moves every group so far into the hash tables of the general path, for good. */
  #leaveGrid(): void {
    const ids = this.#ids
    for (let g = 0; g < this.#count; g++) {
      const a = ids[2 * g]
      const b = ids[2 * g + 1]
      if (a < RADIX && b < RADIX) {
        this.#combos.key[0] = a * RADIX + b
        this.#combos.insert(g)
      } else this.#wide.set(`${a}:${b}`, g)
    }
    this.#grid = 'off'
  }

  /** Every group's key ids, as arrays (a copy: for tests and diagnostics, not per-row paths). */
  get members(): number[][] {
    return Array.from({ length: this.#count }, (_, g) => this.keys.map((_, k) => this.memberId(g, k)))
  }

  /** The id of key `k` of group `g`. */
  memberId(g: number, k: number): number {
    return this.#ids[g * this.keys.length + k]
  }

  /** The ids of key `k` of groups `from` … `to` − 1 (default: every group from `from` on), in group order. */
  keyIds(k: number, from = 0, to = this.#count): Uint32Array {
    const n = this.keys.length
    const out = new Uint32Array(Math.max(0, to - from))
    for (let g = from; g < to; g++) out[g - from] = this.#ids[g * n + k]
    return out
  }

  /**
   * A new group: its key ids are `a` (key 0) and `b` (key 1), or with `perKey`, row `j`'s id of each
   * key; `onNew(gid)` runs once it exists.
   */
  #newGroup(
    onNew: (gid: number) => void,
    a: number,
    b: number,
    perKey?: readonly Int32Array[],
    j = 0,
  ): number {
    const gid = this.#count++
    const n = this.keys.length
    if (this.#count * n > this.#ids.length) {
      const grown = new Int32Array(2 * this.#count * n)
      grown.set(this.#ids)
      this.#ids = grown
    }
    const at = gid * n
    if (perKey) for (let k = 0; k < n; k++) this.#ids[at + k] = perKey[k][j]
    else if (n > 0) {
      this.#ids[at] = a
      if (n > 1) this.#ids[at + 1] = b
    }
    onNew(gid)
    return gid
  }
}
