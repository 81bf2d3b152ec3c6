// ops/group-keys.ts: maps group-key values to dense ids, per key and then per key combination.
// A string key's block dictionary is mapped once per entry; numbers, times and bools hash their
// value; several keys combine ids into one number while it stays exact, else a string.
import type { Cell } from '../result.ts'
import type { Vec } from '../vector.ts'
import { cellAt } from '../vector.ts'

const NULL_KEY = Symbol('null')
/** Per-key ids above this make the combined id a string (products stay below 2^53). */
const RADIX = 2 ** 26

/** The Map key of a cell from a mixed or dynamic vector (see `assign`). */
function canonicalKey(c: Cell): unknown {
  if (c === null) return NULL_KEY
  if (typeof c === 'string' || typeof c === 'number' || typeof c === 'boolean') return c
  if (typeof c === 'bigint') return Number.isSafeInteger(Number(c)) ? Number(c) : `b:${c}`
  return `j:${JSON.stringify(c)}`
}

/** Distinct values of one key: value → id, and id → canonical cell. */
export class KeyDictionary {
  readonly #ids = new Map<unknown, number>()
  /** Cell of each id, in first-seen order. */
  readonly values: Cell[] = []

  /** The id of `key`; a new key records the cell of row `i` of `v` (null when `v` is null). */
  #id(key: unknown, v: Vec | null, i: number): number {
    let id = this.#ids.get(key)
    if (id === undefined) {
      id = this.values.length
      this.#ids.set(key, id)
      this.values.push(v === null ? null : cellAt(v, i))
    }
    return id
  }

  /** Writes the id of each row in `rows` of `v` into `out[j]`. */
  assign(v: Vec, rows: Uint32Array, out: Float64Array): void {
    if (v.kind === 'str') {
      // Once per dictionary entry, not per row.
      const remap = new Int32Array(v.dict.length).fill(-1)
      for (let j = 0; j < rows.length; j++) {
        const c = v.codes[rows[j]]
        if (c < 0) {
          out[j] = this.#id(NULL_KEY, null, 0)
          continue
        }
        let id = remap[c]
        if (id < 0) {
          id = remap[c] = this.#id(v.dict[c], v, rows[j])
        }
        out[j] = id
      }
      return
    }
    // Keys are canonical whatever the vector's layout, because one field can arrive as a StrVec in
    // one block and as a MixedVec in another: a string is itself, a number itself, a bool itself
    // (Map keys keep "200", 200 and true apart); times, spans and JSON get tagged strings.
    if (v.kind === 'num') {
      for (let j = 0; j < rows.length; j++) {
        const i = rows[j]
        out[j] = v.valid && !v.valid[i] ? this.#id(NULL_KEY, null, 0) : this.#id(v.values[i], v, i)
      }
      return
    }
    if (v.kind === 'bool') {
      for (let j = 0; j < rows.length; j++) {
        const i = rows[j]
        out[j] = v.valid && !v.valid[i] ? this.#id(NULL_KEY, null, 0) : this.#id(v.values[i] === 1, v, i)
      }
      return
    }
    if (v.kind === 'span') {
      for (let j = 0; j < rows.length; j++) {
        const i = rows[j]
        out[j] = v.valid && !v.valid[i] ? this.#id(NULL_KEY, null, 0) : this.#id(`s:${v.values[i]}`, v, i)
      }
      return
    }
    if (v.kind === 'time') {
      for (let j = 0; j < rows.length; j++) {
        const i = rows[j]
        if (v.valid && !v.valid[i]) out[j] = this.#id(NULL_KEY, null, 0)
        else out[j] = this.#id(`t:${v.ms[i]}:${v.ns[i]}`, v, i)
      }
      return
    }
    for (let j = 0; j < rows.length; j++) {
      const c = cellAt(v, rows[j])
      out[j] = this.#id(canonicalKey(c), c === null ? null : v, rows[j])
    }
  }
}

/** Dense ids of key combinations (a single key's id is used as is). */
export class GroupIndex {
  readonly keys: KeyDictionary[]
  readonly #combos = new Map<number | string, number>()
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
    const gids = new Float64Array(n)
    for (let j = 0; j < n; j++) {
      let combo: number | string = perKey[0][j]
      for (let k = 1; k < perKey.length; k++) {
        const id = perKey[k][j]
        combo =
          typeof combo === 'number' && combo < RADIX && id < RADIX ? combo * RADIX + id : `${combo}:${id}`
      }
      let gid = this.#combos.get(combo)
      if (gid === undefined) {
        gid = this.#newGroup(
          perKey.map((ids) => ids[j]),
          onNew,
        )
        this.#combos.set(combo, gid)
      }
      gids[j] = gid
    }
    return gids
  }

  #newGroup(member: number[], onNew: (gid: number) => void): number {
    const gid = this.#count++
    this.members.push(member)
    onNew(gid)
    return gid
  }
}
