// exec/agg/hash-set64.ts: a set of 64-bit hashes in one Int32Array (open addressing, linear probing),
// dcount's exact mode. The hash (0, 0) marks empty slots, so it is tracked by a flag instead.

/** Set of (hi, lo) hash pairs. */
export class HashSet64 {
  /** [hi, lo] per slot; (0, 0) = empty. */
  private slots = new Int32Array(32)
  private mask = 15
  private hasZero = false
  /** Distinct hashes held. */
  size = 0

  /** Adds the hash (hi, lo); returns true when it was new. */
  add(hi: number, lo: number): boolean {
    if ((hi | lo) === 0) {
      if (this.hasZero) return false
      this.hasZero = true
      this.size++
      return true
    }
    const slots = this.slots
    const mask = this.mask
    // The low word picks the slot: HyperLogLog uses the high bits, so the two stay independent.
    let i = lo & mask
    for (;;) {
      const h = slots[2 * i]
      const l = slots[2 * i + 1]
      if ((h | l) === 0) break
      if (h === hi && l === lo) return false
      i = (i + 1) & mask
    }
    slots[2 * i] = hi
    slots[2 * i + 1] = lo
    this.size++
    // Load factor ≤ 1/2.
    if (2 * this.size > mask) this.grow()
    return true
  }

  private grow(): void {
    const old = this.slots
    const cap = 2 * (this.mask + 1)
    this.slots = new Int32Array(2 * cap)
    this.mask = cap - 1
    const zero = this.hasZero
    this.size = zero ? 1 : 0
    for (let i = 0; i < old.length; i += 2) if ((old[i] | old[i + 1]) !== 0) this.add(old[i], old[i + 1])
  }

  /** Every hash as a packed [hi, lo, hi, lo, …] array, in slot order. */
  entries(): Int32Array {
    const out = new Int32Array(2 * this.size)
    let k = 0
    if (this.hasZero) k = 2
    const s = this.slots
    for (let i = 0; i < s.length; i += 2) {
      if ((s[i] | s[i + 1]) === 0) continue
      out[k++] = s[i]
      out[k++] = s[i + 1]
    }
    return out
  }
}
