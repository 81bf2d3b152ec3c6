// storage/block/utf8-dictionary.ts: a block string dictionary kept as UTF-8: distinct byte strings
// in first-seen order (Arrow Utf8 layout), found by their FNV-1a hash (the bloom filter's hash,
// kept per entry so zone maps need not hash again). Typed arrays only; entries are never removed.
import { fmix32 } from '../../util/hash32.ts'

const INITIAL_ENTRIES = 64
const INITIAL_BYTES = 1024
const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

/** FNV-1a 32 of bytes [from, to) of `src` (the hash bloom.ts uses over UTF-8). */
export function fnv1aBytes(src: Uint8Array, from: number, to: number): number {
  let h = FNV_OFFSET
  for (let i = from; i < to; i++) h = Math.imul(h ^ src[i], FNV_PRIME)
  return h >>> 0
}

/** Distinct UTF-8 strings with dense codes (see module header). */
export class Utf8Dictionary {
  /** Entry i is bytes [offsets[i], offsets[i + 1]); valid up to `size` entries. */
  #bytes: Uint8Array
  #offsets: Int32Array
  #hashes: Uint32Array
  /** Open addressing: code + 1 per slot, 0 when free; at most half full. */
  #table: Int32Array
  /** Entries so far. */
  size = 0
  /** Some entry holds a character beyond U+FFFF (a 4-byte sequence): byte order ≠ UTF-16 order. */
  supplementary = false

  /** Room for `entries` entries of `bytes` bytes in all (it grows past them as needed). */
  constructor(entries = INITIAL_ENTRIES, bytes = INITIAL_BYTES) {
    const n = Math.max(1, entries)
    this.#bytes = new Uint8Array(Math.max(16, bytes))
    this.#offsets = new Int32Array(n + 2)
    this.#hashes = new Uint32Array(n + 1)
    this.#table = new Int32Array(2 ** Math.ceil(Math.log2(4 * n)))
  }

  /** The code of the UTF-8 string in bytes [from, to) of `src` (which must be valid UTF-8), added if new. */
  intern(src: Uint8Array, from: number, to: number): number {
    const h = fnv1aBytes(src, from, to)
    const table = this.#table
    const mask = table.length - 1
    const len = to - from
    let slot = fmix32(h) & mask
    for (;;) {
      const e = table[slot] - 1
      if (e < 0) break
      if (this.#hashes[e] === h) {
        const start = this.#offsets[e]
        if (this.#offsets[e + 1] - start === len && sameBytes(this.#bytes, start, src, from, len)) return e
      }
      slot = (slot + 1) & mask
    }
    return this.#append(src, from, to, h, slot)
  }

  #append(src: Uint8Array, from: number, to: number, h: number, slot: number): number {
    const code = this.size
    const start = this.#offsets[code]
    const len = to - from
    if (start + len > this.#bytes.length) this.#bytes = grow(this.#bytes, start + len)
    if (code + 1 === this.#hashes.length) {
      this.#hashes = grow(this.#hashes, code + 2)
      this.#offsets = grow(this.#offsets, code + 3)
    }
    const bytes = this.#bytes
    let wide = false
    // Entries are short: a loop beats a subarray (an object) and set.
    for (let i = 0; i < len; i++) {
      const b = src[from + i]
      bytes[start + i] = b
      if (b >= 0xf0) wide = true
    }
    if (wide) this.supplementary = true
    this.#offsets[code + 1] = start + len
    this.#hashes[code] = h
    this.#table[slot] = code + 1
    this.size = code + 1
    if (2 * this.size > this.#table.length) this.#rehash()
    return code
  }

  #rehash(): void {
    const table = new Int32Array(2 * this.#table.length)
    const mask = table.length - 1
    for (let e = 0; e < this.size; e++) {
      let slot = fmix32(this.#hashes[e]) & mask
      while (table[slot] !== 0) slot = (slot + 1) & mask
      table[slot] = e + 1
    }
    this.#table = table
  }

  /** The entries' UTF-8, back to back (a view, valid until the next intern). */
  get bytes(): Uint8Array {
    return this.#bytes.subarray(0, this.#offsets[this.size])
  }

  /** `size + 1` offsets into `bytes` (Arrow Utf8 valueOffsets; a view, valid until the next intern). */
  get offsets(): Int32Array {
    return this.#offsets.subarray(0, this.size + 1)
  }

  /** FNV-1a 32 of each entry's UTF-8 (a view, valid until the next intern). */
  get hashes(): Uint32Array {
    return this.#hashes.subarray(0, this.size)
  }

  /** Compares entries `a` and `b` in JS string order (UTF-16 code units); needs !supplementary. */
  compare(a: number, b: number): number {
    // Without 4-byte sequences, UTF-8 byte order is code point order is UTF-16 order.
    const bytes = this.#bytes
    let i = this.#offsets[a]
    let j = this.#offsets[b]
    const endA = this.#offsets[a + 1]
    const endB = this.#offsets[b + 1]
    while (i < endA && j < endB) {
      const d = bytes[i++] - bytes[j++]
      if (d !== 0) return d
    }
    return endA - i - (endB - j)
  }

  /** Entry `code` as a string. */
  entry(code: number): string {
    const bytes = this.#bytes
    return Buffer.from(
      bytes.buffer,
      bytes.byteOffset + this.#offsets[code],
      this.#offsets[code + 1] - this.#offsets[code],
    ).toString('utf8')
  }
}

function sameBytes(a: Uint8Array, at: number, b: Uint8Array, bt: number, len: number): boolean {
  for (let i = 0; i < len; i++) if (a[at + i] !== b[bt + i]) return false
  return true
}

function grow<T extends Uint8Array | Int32Array | Uint32Array>(a: T, atLeast: number): T {
  const next = new (a.constructor as new (n: number) => T)(Math.max(atLeast, 2 * a.length))
  next.set(a)
  return next
}
