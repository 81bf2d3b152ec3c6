// exec/agg/string-index.ts: string key → slot over typed arrays (open addressing on a caller-supplied
// 32-bit hash, backward-shift delete), for Space-Saving, whose counters are replaced constantly on
// high-cardinality columns: a JS Map would rebuild its table every few hundred replacements.
// The caller owns the strings (`keys[slot]`); the index stores only slot numbers and hashes.

/** Maps strings to slots of a caller's `keys` array. */
export class StringIndex {
  /** slot + 1 per table entry; 0 = empty. */
  private table = new Int32Array(32)
  /** The hash of each table entry's key (probe start and shift decisions without rehashing). */
  private hashes = new Int32Array(32)
  private mask = 31
  /** Entries held. */
  size = 0

  /** The slot of `s` (hash `h`) in `keys`, or −1. */
  get(s: string, h: number, keys: readonly unknown[]): number {
    const table = this.table
    let i = h & this.mask
    for (;;) {
      const e = table[i]
      if (e === 0) return -1
      if (this.hashes[i] === h && keys[e - 1] === s) return e - 1
      i = (i + 1) & this.mask
    }
  }

  /** Adds `slot` under hash `h` (the key must be absent). */
  set(h: number, slot: number): void {
    if (2 * (this.size + 1) > this.mask) this.grow()
    let i = h & this.mask
    while (this.table[i] !== 0) i = (i + 1) & this.mask
    this.table[i] = slot + 1
    this.hashes[i] = h
    this.size++
  }

  /** Removes the entry for `slot` (hash `h`) if present. */
  delete(h: number, slot: number): void {
    const mask = this.mask
    let i = h & mask
    while (this.table[i] !== 0 && this.table[i] !== slot + 1) i = (i + 1) & mask
    if (this.table[i] === 0) return
    // Backward shift: pull later entries of the probe run into the hole when their home allows.
    let j = i
    for (;;) {
      j = (j + 1) & mask
      if (this.table[j] === 0) break
      const home = this.hashes[j] & mask
      const stays = i <= j ? i < home && home <= j : i < home || home <= j
      if (stays) continue
      this.table[i] = this.table[j]
      this.hashes[i] = this.hashes[j]
      i = j
    }
    this.table[i] = 0
    this.size--
  }

  /** Removes every entry. */
  clear(): void {
    this.table = new Int32Array(32)
    this.hashes = new Int32Array(32)
    this.mask = 31
    this.size = 0
  }

  private grow(): void {
    const { table, hashes } = this
    const cap = 2 * (this.mask + 1)
    this.table = new Int32Array(cap)
    this.hashes = new Int32Array(cap)
    this.mask = cap - 1
    this.size = 0
    for (let i = 0; i < table.length; i++) if (table[i] !== 0) this.set(hashes[i], table[i] - 1)
  }
}
