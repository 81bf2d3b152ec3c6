// exec/agg/code-dictionary.ts: one block's string dictionary as states see it (code → string), with a
// lazily filled cache of each code's 64-bit hash shared by every state reading that column, so a
// dcount over dictionary codes hashes each distinct string once per block, not once per row (and a
// summarize's string key finds each entry's group by it: ops/key-dictionary.ts).

import { hashOut, hashString } from './hash64.ts'
import { hllRank, packCell } from './hyperloglog.ts'

/** A dictionary-coded string column's dictionary for one block. The executor makes one per block column. */
export class CodeDictionary {
  /** Code → string. */
  readonly values: readonly string[]
  /** [hi, lo] per code, valid where `hashed[code]` is 1; allocated on first use. */
  private hashes: Int32Array | null = null
  private hashed: Uint8Array | null = null

  constructor(values: readonly string[]) {
    this.values = values
  }

  /** HyperLogLog precision of `cells` (-1: none yet). */
  private hllP = -1
  /** Per code, its register and rank packed by packCell (hyperloglog.ts); 0 where not derived yet. */
  private cells: Uint32Array | null = null

  /**
   * Each code's HyperLogLog register and rank at precision `p` (HyperLogLog.add's), packed in one
   * cell (`packCell`: one table read per row, not two); 0 means not derived yet (`deriveSlot`).
   * Shared by every dcount reading this block column, so a row costs one table step, not a hash.
   */
  hllCells(p: number): Uint32Array {
    if (this.hllP !== p || this.cells === null) {
      this.cells = new Uint32Array(this.values.length)
      this.hllP = p
    }
    return this.cells
  }

  /** Derives the register and rank of `code` at precision `p` from its hash (after `hllCells(p)`). */
  deriveSlot(p: number, code: number): void {
    this.hash(code)
    ;(this.cells as Uint32Array)[code] = packCell(hashOut[0] >>> (32 - p), hllRank(p, hashOut[0], hashOut[1]))
  }

  /** The low word of `values[code]`'s hash (`hashOut[1]` after `hash(code)`), read from the cache when there. */
  hashLow(code: number): number {
    const hs = this.hashes
    const done = this.hashed
    if (hs !== null && done !== null && done[code] === 1) return hs[2 * code + 1]
    this.hash(code)
    return hashOut[1]
  }

  /** Writes the hash of `values[code]` into `hashOut` (same as `hashString(values[code])`). */
  hash(code: number): void {
    let hs = this.hashes
    let done = this.hashed
    if (hs === null || done === null) {
      hs = this.hashes = new Int32Array(2 * this.values.length)
      done = this.hashed = new Uint8Array(this.values.length)
    }
    if (done[code] === 1) {
      hashOut[0] = hs[2 * code]
      hashOut[1] = hs[2 * code + 1]
      return
    }
    hashString(this.values[code])
    hs[2 * code] = hashOut[0]
    hs[2 * code + 1] = hashOut[1]
    done[code] = 1
  }
}

const dictionaries = new WeakMap<readonly string[], CodeDictionary>()

/** The CodeDictionary of a block dictionary (one per dictionary array, shared across queries). */
export function codeDictionary(dict: readonly string[]): CodeDictionary {
  let d = dictionaries.get(dict)
  if (!d) {
    d = new CodeDictionary(dict)
    dictionaries.set(dict, d)
  }
  return d
}
