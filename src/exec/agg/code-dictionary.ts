// exec/agg/code-dictionary.ts: one block's string dictionary as states see it (code → string), with a
// lazily filled cache of each code's 64-bit hash shared by every state reading that column, so a
// dcount over dictionary codes hashes each distinct string once per block, not once per row.

import { hashOut, hashString } from './hash64.ts'
import { hllRank } from './hyperloglog.ts'

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

  /** HyperLogLog precision of `slots` / `ranks` (-1: none yet). */
  private hllP = -1
  private slots: Uint32Array | null = null
  /** Rank per code; 0 where not derived yet (a rank is at least 1). */
  private ranks: Uint8Array | null = null

  /**
   * Each code's HyperLogLog register (`slot`) and rank at precision `p` (HyperLogLog.add's), derived
   * from the cached hash for every code of `rows[from, to)` that has none yet; shared by every dcount
   * reading this block column, so a row costs one table step, not a hash.
   */
  hllSlots(
    p: number,
    codes: Int32Array,
    rows: Uint32Array | null,
    from: number,
    to: number,
  ): { slot: Uint32Array; rank: Uint8Array } {
    if (this.hllP !== p || this.slots === null || this.ranks === null) {
      this.slots = new Uint32Array(this.values.length)
      this.ranks = new Uint8Array(this.values.length)
      this.hllP = p
    }
    const slot = this.slots
    const rank = this.ranks
    for (
      let i = firstUnranked(rank, codes, rows, from, to);
      i < to;
      i = firstUnranked(rank, codes, rows, i + 1, to)
    ) {
      const c = codes[rows === null ? i : rows[i]]
      this.hash(c)
      slot[c] = hashOut[0] >>> (32 - p)
      rank[c] = hllRank(p, hashOut[0], hashOut[1])
    }
    return { slot, rank }
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

/** The first row of `rows[from, to)` whose code has no rank yet, or `to` (a leaf loop). */
function firstUnranked(
  rank: Uint8Array,
  codes: Int32Array,
  rows: Uint32Array | null,
  from: number,
  to: number,
): number {
  if (rows === null) {
    for (let i = from; i < to; i++) if (rank[codes[i]] === 0) return i
  } else for (let i = from; i < to; i++) if (rank[codes[rows[i]]] === 0) return i
  return to
}
