// exec/agg/float64-index.ts: an open-addressing map from double keys to int32 values over typed
// arrays (linear probing, backward-shift delete), so make_set and topk look numbers up without
// boxing them into a JS Map. Keys compare as values: −0 equals 0, every NaN equals NaN.
// The key goes through the `key` register (key[0] = x, then find/insert/remove): a double passed as
// an argument to a call V8 does not inline is boxed, and topk calls these once per evicted row.

const f64 = new Float64Array(1)
const words = new Int32Array(f64.buffer)

/** Table slot of the double in `f64[0]`. */
function home(mask: number): number {
  let h = Math.imul(words[0] ^ Math.imul(words[1], 0x9e3779b1), 0x85ebca6b)
  h ^= h >>> 15
  h = Math.imul(h, 0xc2b2ae35)
  return (h ^ (h >>> 16)) & mask
}

/** Double → int32 (≥ 0) map. */
export class Float64Index {
  /** The key operand of find / insert / remove. */
  readonly key = new Float64Array(1)
  private keys = new Float64Array(16)
  private vals = new Int32Array(16)
  private used = new Uint8Array(16)
  private mask = 15
  /** Entries stored (NaN included). */
  size = 0
  private nanVal = -1

  /** The value of `key[0]`, or −1 when absent. */
  find(): number {
    const x = this.key[0] + 0 // −0 → 0
    if (Number.isNaN(x)) return this.nanVal
    f64[0] = x
    let i = home(this.mask)
    while (this.used[i] === 1) {
      if (this.keys[i] === x) return this.vals[i]
      i = (i + 1) & this.mask
    }
    return -1
  }

  /** Sets `key[0]` to `v` (≥ 0). May overwrite `key[0]` (a rehash reuses the register). */
  insert(v: number): void {
    const x = this.key[0] + 0
    if (Number.isNaN(x)) {
      if (this.nanVal < 0) this.size++
      this.nanVal = v
      return
    }
    f64[0] = x
    let i = home(this.mask)
    while (this.used[i] === 1) {
      if (this.keys[i] === x) {
        this.vals[i] = v
        return
      }
      i = (i + 1) & this.mask
    }
    this.used[i] = 1
    this.keys[i] = x
    this.vals[i] = v
    this.size++
    // Load factor ≤ 1/2 keeps probe runs short.
    if (2 * this.size > this.mask) this.rehash(2 * (this.mask + 1))
  }

  /** Removes `key[0]` if present. */
  remove(): void {
    const x = this.key[0] + 0
    if (Number.isNaN(x)) {
      if (this.nanVal >= 0) this.size--
      this.nanVal = -1
      return
    }
    const mask = this.mask
    f64[0] = x
    let i = home(mask)
    while (this.used[i] === 1 && this.keys[i] !== x) i = (i + 1) & mask
    if (this.used[i] === 0) return
    // Backward-shift deletion: pull later entries of the run into the hole when their home allows.
    let j = i
    for (;;) {
      j = (j + 1) & mask
      if (this.used[j] === 0) break
      f64[0] = this.keys[j]
      const h = home(mask)
      const stays = i <= j ? i < h && h <= j : i < h || h <= j
      if (stays) continue
      this.keys[i] = this.keys[j]
      this.vals[i] = this.vals[j]
      i = j
    }
    this.used[i] = 0
    this.size--
  }

  /** Removes every entry (and shrinks back to the initial size). */
  clear(): void {
    this.keys = new Float64Array(16)
    this.vals = new Int32Array(16)
    this.used = new Uint8Array(16)
    this.mask = 15
    this.size = 0
    this.nanVal = -1
  }

  private rehash(cap: number): void {
    const { keys, vals, used } = this
    this.keys = new Float64Array(cap)
    this.vals = new Int32Array(cap)
    this.used = new Uint8Array(cap)
    this.mask = cap - 1
    const nan = this.nanVal
    this.size = 0
    this.nanVal = -1
    for (let i = 0; i < used.length; i++) {
      if (used[i] === 0) continue
      this.key[0] = keys[i]
      this.insert(vals[i])
    }
    if (nan >= 0) {
      this.key[0] = Number.NaN
      this.insert(nan)
    }
  }
}
