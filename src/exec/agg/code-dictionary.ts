// exec/agg/code-dictionary.ts: one block's string dictionary as states see it (code → string), with a
// lazily filled cache of each code's 64-bit hash shared by every state reading that column, so a
// dcount over dictionary codes hashes each distinct string once per block, not once per row.

import { hashOut, hashString } from './hash64.ts'

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
