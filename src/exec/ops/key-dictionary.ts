// ops/key-dictionary.ts: one group key's distinct values → dense ids in first-seen order. A string
// key's block dictionary is mapped once per used entry; numbers, times and timespans look their value
// up in typed open-addressing tables (no string building, no boxing per row).
import { Float64Index } from '../agg/float64-index.ts'
import type { Cell } from '../result.ts'
import type { MixedVec, StrVec, Vec } from '../vector.ts'
import { cellAt, stringPart } from '../vector.ts'

/** The Map key of a cell from a mixed or dynamic vector that is not a (safe) number. */
function canonicalKey(c: Exclude<Cell, null | number>): unknown {
  if (typeof c === 'string' || typeof c === 'boolean') return c
  if (typeof c === 'bigint') return `b:${c}`
  return `j:${JSON.stringify(c)}`
}

/**
 * `out[j] = ids[codes[rows[j]] + 1]` from row `from` on, up to the first row whose id is not known
 * yet (negative); returns that row's index, or `rows.length`. A leaf loop: it stays optimized.
 */
function knownIds(
  codes: Int32Array,
  rows: Uint32Array,
  ids: Int32Array,
  out: Float64Array,
  from: number,
): number {
  for (let j = from; j < rows.length; j++) {
    const id = ids[codes[rows[j]] + 1]
    if (id < 0) return j
    out[j] = id
  }
  return rows.length
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
        // Once per used dictionary entry, not per row: ids by code + 1 (slot 0 is null). A leaf loop
        // copies known ids and stops at the first row whose entry has none yet; that entry gets
        // its id here, in row order (ids are first-seen), and the loop goes on.
        const remap = new Int32Array(v.dict.length + 1).fill(-1)
        if (this.#nullId >= 0) remap[0] = this.#nullId
        const codes = v.codes
        for (
          let j = knownIds(codes, rows, remap, out, 0);
          j < rows.length;
          j = knownIds(codes, rows, remap, out, j + 1)
        ) {
          const c = codes[rows[j]]
          const id = c < 0 ? this.#null() : this.#mapped(v.dict[c], v, rows[j])
          remap[c + 1] = id
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
