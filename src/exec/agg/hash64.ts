// exec/agg/hash64.ts: THE 64-bit value hash of dcount, fixed so every worker (and every merge of
// serialized states) agrees. Two 32-bit MurmurHash3-style lanes with different constants over the
// value's canonical words; never changes without bumping the state layout version in bytes.ts.
//
// Canonical words, by value type (each type has its own seeds, so 5 and "5" differ):
//   integers in int64 range (number, bigint, int64 words)  → the int64 as [lo, hi]   (5 and 5.0 agree)
//   other doubles                                           → float64 bits [lo, hi], NaN canonical
//   strings                                                 → UTF-16 code units, two per word
//   booleans                                                → one word 0/1
//   dynamic (arrays, objects)                               → canonical JSON text, hashed as a string

import { fmix32 } from '../../util/hash32.ts'
import { bigintToWords, isInt64Number, wordsOut } from './int64-words.ts'
import { canonicalJson } from './value-order.ts'

/** Output of every hash function: [hi, lo]. Read right after the call; no allocation per hash. */
export const hashOut = new Int32Array(2)

// Seeds as int32 constants (| 0), so they pass as small integers: a seed above 2^31 would be a
// heap number, boxed on every call that is not inlined.
const SEED_INT_1 = 0x9747b28c | 0
const SEED_INT_2 = 0x1b873593 | 0
const SEED_FLOAT_1 = 0x5bd1e995 | 0
const SEED_FLOAT_2 = 0x2545f491 | 0
const SEED_STRING_1 = 0x85ebca6b | 0
const SEED_STRING_2 = 0xc2b2ae35 | 0
const SEED_BOOL_1 = 0x27d4eb2f | 0
const SEED_BOOL_2 = 0x165667b1 | 0
const SEED_DYNAMIC_1 = 0x61c88647 | 0
const SEED_DYNAMIC_2 = 0x7ed55d16 | 0

const f64 = new Float64Array(1)
const f64Words = new Int32Array(f64.buffer)

// Lane mixing is inlined into each hasher on purpose: these run once per row in dcount's add path.

/** Hashes the two-word message [lo, hi] with the given seeds into `hashOut`. */
function hashWords(hi: number, lo: number, s1: number, s2: number): void {
  let h1 = s1
  let h2 = s2
  let k = Math.imul(lo, 0xcc9e2d51)
  k = Math.imul((k << 15) | (k >>> 17), 0x1b873593)
  h1 ^= k
  h1 = (Math.imul((h1 << 13) | (h1 >>> 19), 5) + 0xe6546b64) | 0
  k = Math.imul(lo, 0x38b34ae5)
  k = Math.imul((k << 16) | (k >>> 16), 0xa1e38b93)
  h2 ^= k
  h2 = (Math.imul((h2 << 17) | (h2 >>> 15), 5) + 0x38495ab5) | 0
  k = Math.imul(hi, 0xcc9e2d51)
  k = Math.imul((k << 15) | (k >>> 17), 0x1b873593)
  h1 ^= k
  h1 = (Math.imul((h1 << 13) | (h1 >>> 19), 5) + 0xe6546b64) | 0
  k = Math.imul(hi, 0x38b34ae5)
  k = Math.imul((k << 16) | (k >>> 16), 0xa1e38b93)
  h2 ^= k
  h2 = (Math.imul((h2 << 17) | (h2 >>> 15), 5) + 0x38495ab5) | 0
  finish(h1, h2, 8)
}

/** Murmur3-128-style finalization: length, cross-add, fmix both lanes, cross-add. */
function finish(h1: number, h2: number, len: number): void {
  h1 ^= len
  h2 ^= len
  h1 = (h1 + h2) | 0
  h2 = (h2 + h1) | 0
  h1 = fmix32(h1)
  h2 = fmix32(h2)
  h1 = (h1 + h2) | 0
  h2 = (h2 + h1) | 0
  hashOut[0] = h1
  hashOut[1] = h2
}

/** Hashes an int64 given as words. */
export function hashInt64(hi: number, lo: number): void {
  hashWords(hi, lo, SEED_INT_1, SEED_INT_2)
}

/** Hashes a number: integers in int64 range as the int64, others by their float64 bits (NaN canonical). */
export function hashNumber(x: number): void {
  if (isInt64Number(x)) {
    // Inline of integerToWords, kept allocation-free for the hot path.
    const hi = Math.floor(x / 4294967296)
    hashWords(hi, (x - hi * 4294967296) | 0, SEED_INT_1, SEED_INT_2)
    return
  }
  f64[0] = Number.isNaN(x) ? Number.NaN : x
  hashWords(f64Words[1], f64Words[0], SEED_FLOAT_1, SEED_FLOAT_2)
}

/** Hashes a string by its UTF-16 code units. */
export function hashString(s: string): void {
  hashUnits(s, SEED_STRING_1, SEED_STRING_2)
}

function hashUnits(s: string, s1: number, s2: number): void {
  let h1 = s1
  let h2 = s2
  const n = s.length
  let i = 0
  for (; i + 1 < n; i += 2) {
    const w = s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16)
    let k = Math.imul(w, 0xcc9e2d51)
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593)
    h1 ^= k
    h1 = (Math.imul((h1 << 13) | (h1 >>> 19), 5) + 0xe6546b64) | 0
    k = Math.imul(w, 0x38b34ae5)
    k = Math.imul((k << 16) | (k >>> 16), 0xa1e38b93)
    h2 ^= k
    h2 = (Math.imul((h2 << 17) | (h2 >>> 15), 5) + 0x38495ab5) | 0
  }
  if (i < n) {
    // Tail unit: mixed without the rotate-multiply-add step, as Murmur3 treats tail bytes.
    const w = s.charCodeAt(i)
    let k = Math.imul(w, 0xcc9e2d51)
    h1 ^= Math.imul((k << 15) | (k >>> 17), 0x1b873593)
    k = Math.imul(w, 0x38b34ae5)
    h2 ^= Math.imul((k << 16) | (k >>> 16), 0xa1e38b93)
  }
  finish(h1, h2, 2 * n)
}

/** Hashes any non-null value by the canonical words above; returns false (no hash) for null/undefined. */
export function hashValue(v: unknown): boolean {
  switch (typeof v) {
    case 'number':
      hashNumber(v)
      return true
    case 'string':
      hashString(v)
      return true
    case 'boolean':
      hashWords(0, v ? 1 : 0, SEED_BOOL_1, SEED_BOOL_2)
      return true
    case 'bigint':
      if (v >= -9223372036854775808n && v < 9223372036854775808n) {
        bigintToWords(v)
        hashInt64(wordsOut[0], wordsOut[1])
      } else hashUnits(v.toString(), SEED_DYNAMIC_1, SEED_DYNAMIC_2)
      return true
    case 'object':
      if (v === null) return false
      hashUnits(canonicalJson(v), SEED_DYNAMIC_1, SEED_DYNAMIC_2)
      return true
  }
  return false
}
