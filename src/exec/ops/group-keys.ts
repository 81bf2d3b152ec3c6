// ops/group-keys.ts: maps group-key values to dense ids, per key and then per key combination.
// A string key's block dictionary is mapped once per used entry; numbers, times and timespans look
// their value up in typed open-addressing tables (no string building, no boxing per row); a single
// key's id is its group id; several keys combine ids into one number while it stays exact, else a string.
import { Float64Index } from '../agg/float64-index.ts'
import type { Cell } from '../result.ts'
import type { MixedVec, StrVec, Vec } from '../vector.ts'
import { cellAt, stringPart } from '../vector.ts'

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

/** The Map key of a cell from a mixed or dynamic vector that is not a (safe) number. */
function canonicalKey(c: Exclude<Cell, null | number>): unknown {
  if (typeof c === 'string' || typeof c === 'boolean') return c
  if (typeof c === 'bigint') return `b:${c}`
  return `j:${JSON.stringify(c)}`
}

/**
 * Distinct values of one key: value → id, and id → canonical cell. A value's id does not depend on
 * the vector layout it arrives in, because one field can be a StrVec in one block and a MixedVec in
 * another: a string is itself, a number itself (−0 is 0), a bool itself ("200", 200 and true stay
 * apart); times and timespans have tables of their own.
 */
export class KeyDictionary {
  /** Strings, bools, big integers, JSON (tagged strings). */
  readonly #ids = new Map<unknown, number>()
  readonly #nums = new Float64Index()
  /** Times with a whole-millisecond value, by ms (others go to #ids as `t:ms:ns`). */
  readonly #times = new Float64Index()
  readonly #spans = new Float64Index()
  #nullId = -1
  /** Cell of each id, in first-seen order. */
  readonly values: Cell[] = []

  #add(v: Vec, i: number): number {
    const id = this.values.length
    this.values.push(cellAt(v, i))
    return id
  }

  #null(): number {
    if (this.#nullId < 0) {
      this.#nullId = this.values.length
      this.values.push(null)
    }
    return this.#nullId
  }

  /** Id of the Map key `key`; a new key records the cell of row `i` of `v`. */
  #mapped(key: unknown, v: Vec, i: number): number {
    let id = this.#ids.get(key)
    if (id === undefined) {
      id = this.#add(v, i)
      this.#ids.set(key, id)
    }
    return id
  }

  /** Id of the double `x` in `table`; a new key records the cell of row `i` of `v`. */
  #typed(table: Float64Index, x: number, v: Vec, i: number): number {
    table.key[0] = x
    let id = table.find()
    if (id < 0) {
      id = this.#add(v, i)
      table.key[0] = x
      table.insert(id)
    }
    return id
  }

  /** The id of row `i` of `v` (as `assign` gives it). */
  idAt(v: Vec, i: number): number {
    const out = this.#one
    this.#oneRow[0] = i
    this.assign(v, this.#oneRow, out)
    return out[0]
  }

  readonly #one = new Float64Array(1)
  readonly #oneRow = new Uint32Array(1)

  /** The id of dictionary entry `code` of `v` (a new id records row `row`'s cell). */
  entryId(v: StrVec, code: number, row: number): number {
    return this.#mapped(v.dict[code], v, row)
  }

  /** Writes the id of each row in `rows` of `v` into `out[j]`. */
  assign(v: Vec, rows: Uint32Array, out: Float64Array): void {
    switch (v.kind) {
      case 'str': {
        // Once per used dictionary entry, not per row.
        const remap = new Int32Array(v.dict.length).fill(-1)
        for (let j = 0; j < rows.length; j++) {
          const c = v.codes[rows[j]]
          if (c < 0) {
            out[j] = this.#null()
            continue
          }
          let id = remap[c]
          if (id < 0) id = remap[c] = this.#mapped(v.dict[c], v, rows[j])
          out[j] = id
        }
        return
      }
      case 'num':
        this.#assignDoubles(this.#nums, v.values, v.valid, v, rows, out)
        return
      case 'span':
        this.#assignDoubles(this.#spans, v.values, v.valid, v, rows, out)
        return
      case 'time': {
        // Whole-ms times (every bin) by ms; a run of equal values (time-ordered blocks) is looked up once.
        let lastMs = Number.NaN
        let lastId = -1
        for (let j = 0; j < rows.length; j++) {
          const i = rows[j]
          if (v.valid && !v.valid[i]) out[j] = this.#null()
          else if (v.ns[i] !== 0) out[j] = this.#mapped(`t:${v.ms[i]}:${v.ns[i]}`, v, i)
          else if (v.ms[i] === lastMs) out[j] = lastId
          else {
            lastMs = v.ms[i]
            lastId = out[j] = this.#typed(this.#times, lastMs, v, i)
          }
        }
        return
      }
      case 'bool': {
        // Two values: resolved once each per batch, not looked up per row.
        const ids = [-1, -1]
        for (let j = 0; j < rows.length; j++) {
          const i = rows[j]
          if (v.valid && !v.valid[i]) {
            out[j] = this.#null()
            continue
          }
          const b = v.values[i]
          if (ids[b] < 0) ids[b] = this.#mapped(b === 1, v, i)
          out[j] = ids[b]
        }
        return
      }
      case 'mixed':
        if (v.parts) {
          this.#assignSplit(v, v.parts, rows, out)
          return
        }
        this.#assignCells(v, rows, out)
        return
      case 'dyn':
        this.#assignCells(v, rows, out)
        return
      default:
        v satisfies never
    }
  }

  /** A split mixed vector: its string part by dictionary entry, the other rows per cell. */
  #assignSplit(v: MixedVec, parts: readonly Vec[], rows: Uint32Array, out: Float64Array): void {
    const str = stringPart(v)
    if (!str) {
      this.#assignCells(v, rows, out)
      return
    }
    const remap = new Int32Array(str.dict.length).fill(-1)
    // One pass in row order: ids are handed out first-seen, which GroupIndex relies on.
    for (let j = 0; j < rows.length; j++) {
      const i = rows[j]
      const c = str.codes[i]
      if (c >= 0) {
        let id = remap[c]
        if (id < 0) id = remap[c] = this.#mapped(str.dict[c], str, i)
        out[j] = id
      } else out[j] = this.#otherPart(parts, str, i)
    }
  }

  /**
   * Id of row `i` held by a part other than the string part (or null everywhere). Each part records
   * its own cell, so the merged cells are never built; a number part needs no cell at all.
   */
  #otherPart(parts: readonly Vec[], str: Vec, i: number): number {
    for (const p of parts) {
      if (p === str) continue
      if (p.kind === 'num') {
        if (!p.valid || p.valid[i] === 1) return this.#typed(this.#nums, p.values[i], p, i)
        continue
      }
      const c = cellAt(p, i)
      if (c !== null) return this.#cellId(c, p, i)
    }
    return this.#null()
  }

  /** Ids of doubles through `table`; a run of equal values is looked up once. */
  #assignDoubles(
    table: Float64Index,
    values: Float64Array,
    valid: Uint8Array | null,
    v: Vec,
    rows: Uint32Array,
    out: Float64Array,
  ): void {
    let last = Number.NaN
    let lastId = -1
    for (let j = 0; j < rows.length; j++) {
      const i = rows[j]
      if (valid && !valid[i]) out[j] = this.#null()
      else if (values[i] === last)
        out[j] = lastId // −0 and 0 share an id in the table too
      else {
        last = values[i]
        lastId = out[j] = this.#typed(table, last, v, i)
      }
    }
  }

  #assignCells(v: Vec, rows: Uint32Array, out: Float64Array): void {
    for (let j = 0; j < rows.length; j++) out[j] = this.#cellId(cellAt(v, rows[j]), v, rows[j])
  }

  /** Id of a cell of row `i` of the mixed or dynamic `v`. */
  #cellId(c: Cell, v: Vec, i: number): number {
    if (c === null) return this.#null()
    if (typeof c === 'number') return this.#typed(this.#nums, c, v, i)
    if (typeof c === 'bigint' && Number.isSafeInteger(Number(c)))
      return this.#typed(this.#nums, Number(c), v, i)
    return this.#mapped(canonicalKey(c), v, i)
  }
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
  /** Per group, the id of each key. */
  readonly members: number[][] = []
  #count = 0

  constructor(keyCount: number) {
    this.keys = Array.from({ length: keyCount }, () => new KeyDictionary())
  }

  /** Groups so far. */
  get size(): number {
    return this.#count
  }

  /** The group of a single-key index's key id `id` (made now, after any smaller id, when new). */
  groupOfKey(id: number, onNew: (gid: number) => void): number {
    while (this.#count <= id) this.#newGroup([this.#count], onNew)
    return id
  }

  /** Group ids of `rows` given the key vectors; `onNew(gid)` runs once per new group. */
  assign(vecs: readonly Vec[], rows: Uint32Array, onNew: (gid: number) => void): Float64Array {
    const n = rows.length
    if (vecs.length === 0) {
      if (this.#count === 0) this.#newGroup([], onNew)
      return new Float64Array(n)
    }
    const perKey = vecs.map((v, k) => {
      const ids = new Float64Array(n)
      this.keys[k].assign(v, rows, ids)
      return ids
    })
    if (perKey.length === 1) {
      // Key ids are dense and first-seen, so a new id is the next group.
      const ids = perKey[0]
      for (let j = 0; j < n; j++) if (ids[j] >= this.#count) this.#newGroup([ids[j]], onNew)
      return ids
    }
    if (perKey.length === 2 && this.#grid !== 'off') {
      const viaGrid = this.#assignPairs(perKey[0], perKey[1], onNew)
      if (viaGrid) return viaGrid
    }
    const gids = new Float64Array(n)
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
          gid = this.#newGroup(this.#memberOf(perKey, j), onNew)
          combos.key[0] = packed
          combos.insert(gid)
        }
        lastPacked = packed
        lastGid = gid
      } else {
        gid = this.#wide.get(wide) ?? -1
        if (gid < 0) {
          gid = this.#newGroup(this.#memberOf(perKey, j), onNew)
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
  #assignPairs(first: Float64Array, second: Float64Array, onNew: (gid: number) => void): Float64Array | null {
    const n = first.length
    const gids = new Float64Array(n)
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
        g = this.#newGroup([a, b], onNew)
        grid[at] = g + 1
      }
      gids[j] = g
    }
    return gids
  }

  /** A (rows × cols) grid holding every group so far. */
  #regrid(rows: number, cols: number): Int32Array {
    const grid = new Int32Array(rows * cols)
    this.members.forEach(([a, b], g) => {
      grid[a * cols + b] = g + 1
    })
    this.#grid = grid
    this.#gridRows = rows
    this.#gridCols = cols
    return grid
  }

  /** Moves every group so far into the hash tables of the general path, for good. */
  #leaveGrid(): void {
    this.members.forEach(([a, b], g) => {
      if (a < RADIX && b < RADIX) {
        this.#combos.key[0] = a * RADIX + b
        this.#combos.insert(g)
      } else this.#wide.set(`${a}:${b}`, g)
    })
    this.#grid = 'off'
  }

  #memberOf(perKey: readonly Float64Array[], j: number): number[] {
    return perKey.map((ids) => ids[j])
  }

  #newGroup(member: number[], onNew: (gid: number) => void): number {
    const gid = this.#count++
    this.members.push(member)
    onNew(gid)
    return gid
  }
}
