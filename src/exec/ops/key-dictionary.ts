// ops/key-dictionary.ts: one group key's distinct values → dense ids in first-seen order. A string
// key's block dictionary is mapped once per used entry; strings (string-key-ids.ts), numbers, times
// and timespans look their value up in typed open-addressing tables (no string building, no boxing
// per row, no Map); bools and tagged keys (big integers, JSON, sub-ms times) in Maps.
import { type CodeDictionary, codeDictionary } from '../agg/code-dictionary.ts'
import { Float64Index } from '../agg/float64-index.ts'
import { leafCall } from '../leaf-call.ts'
import type { Cell } from '../result.ts'
import type { MixedVec, NumVec, StrVec, Vec } from '../vector.ts'
import { cellAt, stringPart } from '../vector.ts'
import { CellChunks } from './cell-chunks.ts'
import { ShardedIds } from './sharded-ids.ts'
import { StringKeyIds } from './string-key-ids.ts'

/** The Map key of a cell from a mixed or dynamic vector that is not a (safe) number or a string. */
function canonicalKey(c: Exclude<Cell, null | number | string>): unknown {
  if (typeof c === 'boolean') return c
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
  out: Int32Array,
  from: number,
): number {
  for (let j = from; j < rows.length; j++) {
    const id = ids[codes[rows[j]] + 1]
    if (id < 0) return j
    out[j] = id
  }
  return rows.length
}

/** Stops of a known-ids loop per batch that resume it through leafCall (exec/leaf-call.ts). */
const LEAF_STOPS = 64

/**
 * Ids of the rows of a strings-and-numbers column from row `from` on, while they are known: a string
 * by `ids[code + 1]`, a null by `ids[0]`, a number equal to `last[0]` by `last[1]`. Returns the first
 * row that needs more (a new entry, another number), or `rows.length`. A leaf loop.
 */
function knownSplit(
  codes: Int32Array,
  ids: Int32Array,
  nums: Float64Array,
  valid: Uint8Array,
  last: Float64Array,
  rows: Uint32Array,
  out: Int32Array,
  from: number,
): number {
  for (let j = from; j < rows.length; j++) {
    const i = rows[j]
    const c = codes[i]
    let id: number
    if (c >= 0 || valid[i] !== 1) id = ids[c < 0 ? 0 : c + 1]
    else id = nums[i] === last[0] ? last[1] : -1
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
  readonly #strings = new StringKeyIds()
  /** Bools, big integers, JSON, sub-millisecond times (tagged strings: apart from every string). */
  readonly #ids = new ShardedIds()
  readonly #nums = new Float64Index()
  /** Times with a whole-millisecond value, by ms (others go to #ids as `t:ms:ns`). */
  readonly #times = new Float64Index()
  readonly #spans = new Float64Index()
  #nullId = -1
  #ones = new Uint8Array(0)
  /** Cell of each id, in first-seen order. */
  readonly #cells = new CellChunks()

  /** Distinct values so far (ids 0 … size − 1). */
  get size(): number {
    return this.#cells.size
  }

  /** The cell of id `id`. */
  at(id: number): Cell {
    return this.#cells.at(id)
  }

  /** The cell of each id, in one array (for a reader of all of them: made once per size, read-only). */
  get values(): readonly Cell[] {
    return this.#cells.flat()
  }

  #add(v: Vec, i: number): number {
    const id = this.#cells.size
    this.#cells.push(cellAt(v, i))
    return id
  }

  #null(): number {
    if (this.#nullId < 0) {
      this.#nullId = this.#cells.size
      this.#cells.push(null)
    }
    return this.#nullId
  }

  /** Id of the Map key `key`; a new key records the cell of row `i` of `v`. */
  #mapped(key: unknown, v: Vec, i: number): number {
    const next = this.#cells.size
    const id = this.#ids.idOrAdd(key, next)
    if (id === next) this.#add(v, i)
    return id
  }

  /** Id of the string `s`, row `i` of `v` (whose cell is `s`); a new string records it. */
  #string(s: string, v: Vec, i: number): number {
    const next = this.#cells.size
    const id = this.#strings.idOrAdd(s, next, this.#cells)
    if (id === next) this.#add(v, i)
    return id
  }

  /** The CodeDictionary of the block dictionary read last (the entries' hashes, computed once per block). */
  #codes: CodeDictionary | undefined

  #codesOf(dict: readonly string[]): CodeDictionary {
    let c = this.#codes
    if (c === undefined || c.values !== dict) c = this.#codes = codeDictionary(dict)
    return c
  }

  /** Id of entry `code` of the dictionary vector `v`, row `i`; a new string records it. */
  #entry(v: StrVec, code: number, i: number): number {
    const h = this.#codesOf(v.dict).hashLow(code)
    const next = this.#cells.size
    const id = this.#strings.idOrAddHashed(v.dict[code], h, next, this.#cells)
    if (id === next) this.#add(v, i)
    return id
  }

  /**
   * Id of the double in `table.key[0]` (the caller writes it there: a double passed to a call V8
   * does not inline is boxed, one allocation per row); a new key records the cell of row `i` of `v`.
   */
  #typed(table: Float64Index, v: Vec, i: number): number {
    let id = table.find()
    if (id < 0) {
      const x = table.key[0]
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

  readonly #one = new Int32Array(1)
  readonly #oneRow = new Uint32Array(1)

  /** The id of dictionary entry `code` of `v` (a new id records row `row`'s cell). */
  entryId(v: StrVec, code: number, row: number): number {
    return this.#entry(v, code, row)
  }

  /** The id of row `row` of the number vector `v`, a non-null number (as `assign` gives it). */
  numberId(v: NumVec, row: number): number {
    this.#nums.key[0] = v.values[row]
    return this.#typed(this.#nums, v, row)
  }

  /** The id of the whole-millisecond time `ms` (ns 0), as `assign` gives a time vector's row. */
  timeMsId(ms: number): number {
    const times = this.#times
    times.key[0] = ms
    let id = times.find()
    if (id < 0) {
      id = this.#cells.size
      this.#cells.push(BigInt(ms) * 1_000_000n)
      times.key[0] = ms
      times.insert(id)
    }
    return id
  }

  /** A validity array of at least `n` ones (read-only; grown as needed). */
  #allValid(n: number): Uint8Array {
    if (this.#ones.length < n) this.#ones = new Uint8Array(Math.max(n, 2 * this.#ones.length)).fill(1)
    return this.#ones
  }

  /**
   * The id of every entry of `v`'s dictionary, by code, when each has one already; else undefined.
   * Looks up, never adds: ids stay first-seen in row order.
   */
  entryIds(v: StrVec): Int32Array | undefined {
    const ids = new Int32Array(v.dict.length)
    const codes = this.#codesOf(v.dict)
    for (let c = 0; c < v.dict.length; c++) {
      const id = this.#strings.getHashed(v.dict[c], codes.hashLow(c), this.#cells)
      if (id < 0) return undefined
      ids[c] = id
    }
    return ids
  }

  /** Writes the id of each row in `rows` of `v` into `out[j]`. */
  assign(v: Vec, rows: Uint32Array, out: Int32Array): void {
    switch (v.kind) {
      case 'str': {
        // Once per used dictionary entry, not per row: ids by code + 1 (slot 0 is null). A leaf loop
        // copies known ids and stops at the first row whose entry has none yet; that entry gets
        // its id here, in row order (ids are first-seen), and the loop goes on.
        const remap = new Int32Array(v.dict.length + 1).fill(-1)
        if (this.#nullId >= 0) remap[0] = this.#nullId
        const codes = v.codes
        let stops = 0
        for (let j = leafCall(knownIds, codes, rows, remap, out, 0); j < rows.length; ) {
          const c = codes[rows[j]]
          const id = c < 0 ? this.#null() : this.#entry(v, c, rows[j])
          remap[c + 1] = id
          out[j] = id
          // The first stops through leafCall (a loop Maglev would inline runs 3× slower); past them
          // (many entries in the batch: short runs) a direct call, so no array per new entry.
          j =
            ++stops < LEAF_STOPS
              ? leafCall(knownIds, codes, rows, remap, out, j + 1)
              : knownIds(codes, rows, remap, out, j + 1)
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
            this.#times.key[0] = lastMs
            lastId = out[j] = this.#typed(this.#times, v, i)
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
  #assignSplit(v: MixedVec, parts: readonly Vec[], rows: Uint32Array, out: Int32Array): void {
    const str = stringPart(v)
    if (!str) {
      this.#assignCells(v, rows, out)
      return
    }
    const num = parts.length === 2 ? parts.find((p) => p !== str) : undefined
    if (num?.kind === 'num') {
      this.#assignStrNum(str, num, rows, out)
      return
    }
    const remap = new Int32Array(str.dict.length).fill(-1)
    // One pass in row order: ids are handed out first-seen, which GroupIndex relies on.
    for (let j = 0; j < rows.length; j++) {
      const i = rows[j]
      const c = str.codes[i]
      if (c >= 0) {
        let id = remap[c]
        if (id < 0) id = remap[c] = this.#entry(str, c, i)
        out[j] = id
      } else out[j] = this.#otherPart(parts, str, i)
    }
  }

  /**
   * A split column of strings and numbers (the common multi-typed field): a leaf loop copies known
   * ids (string entries by code, a number equal to the last one, null) and stops at a row that needs
   * a new id or a table lookup; that row is resolved here, in row order (ids are first-seen).
   */
  #assignStrNum(str: StrVec, num: NumVec, rows: Uint32Array, out: Int32Array): void {
    // Ids by code + 1 (slot 0: null); the last number looked up and its id.
    const ids = new Int32Array(str.dict.length + 1).fill(-1)
    if (this.#nullId >= 0) ids[0] = this.#nullId
    const last = Float64Array.of(Number.NaN, -1)
    const valid = num.valid ?? this.#allValid(num.values.length)
    const codes = str.codes
    let stops = 0
    for (let j = leafCall(knownSplit, codes, ids, num.values, valid, last, rows, out, 0); j < rows.length; ) {
      const i = rows[j]
      const c = codes[i]
      if (c >= 0) ids[c + 1] = out[j] = this.#entry(str, c, i)
      else if (valid[i] === 1) {
        this.#nums.key[0] = num.values[i]
        const id = this.#typed(this.#nums, num, i)
        last[0] = num.values[i]
        last[1] = id
        out[j] = id
      } else ids[0] = out[j] = this.#null()
      // As in `assign`: leafCall for the first stops only.
      j =
        ++stops < LEAF_STOPS
          ? leafCall(knownSplit, codes, ids, num.values, valid, last, rows, out, j + 1)
          : knownSplit(codes, ids, num.values, valid, last, rows, out, j + 1)
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
        if (!p.valid || p.valid[i] === 1) {
          this.#nums.key[0] = p.values[i]
          return this.#typed(this.#nums, p, i)
        }
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
    out: Int32Array,
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
        table.key[0] = last
        lastId = out[j] = this.#typed(table, v, i)
      }
    }
  }

  #assignCells(v: Vec, rows: Uint32Array, out: Int32Array): void {
    for (let j = 0; j < rows.length; j++) out[j] = this.#cellId(cellAt(v, rows[j]), v, rows[j])
  }

  /** Id of a cell of row `i` of the mixed or dynamic `v`. */
  #cellId(c: Cell, v: Vec, i: number): number {
    if (c === null) return this.#null()
    if (typeof c === 'number') {
      this.#nums.key[0] = c
      return this.#typed(this.#nums, v, i)
    }
    if (typeof c === 'bigint' && Number.isSafeInteger(Number(c))) {
      this.#nums.key[0] = Number(c)
      return this.#typed(this.#nums, v, i)
    }
    if (typeof c === 'string') return this.#string(c, v, i)
    return this.#mapped(canonicalKey(c), v, i)
  }
}
