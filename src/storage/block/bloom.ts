// storage/block/bloom.ts: the string-column bloom filter of zone maps. The hash is fixed forever
// (stored filters depend on it): FNV-1a 32 over UTF-8, murmur3 fmix32, Kirsch–Mitzenmacher double hashing.
import { fmix32, fnv1aUtf8 } from '../../util/hash32.ts'

/** Target false-positive rate at the block's distinct count. */
export const BLOOM_FALSE_POSITIVE_RATE = 0.01
const MIN_BITS = 64

/**
 * A serialized filter is base64 of `[k, ...bits]`: byte 0 is the hash count k, then m = 8 × (bytes − 1)
 * bits, bit j at byte 1 + (j >> 3), mask 1 << (j & 7).
 */
export function bloomCreate(values: readonly string[]): string {
  const bytes = emptyFilter(values.length)
  for (const v of values) bloomAdd(bytes, fnv1aUtf8(v))
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64')
}

/**
 * `bloomCreate` over `n` values given as UTF-8: value i is `utf8[offsets[i], offsets[i + 1])`
 * (Arrow Utf8 layout). Hashing bytes skips the UTF-16 → UTF-8 step; the filter is the same.
 */
export function bloomCreateUtf8(utf8: Uint8Array, offsets: Int32Array, n: number): string {
  const bytes = emptyFilter(n)
  for (let i = 0; i < n; i++) {
    let h = 0x811c9dc5
    for (let j = offsets[i]; j < offsets[i + 1]; j++) h = Math.imul(h ^ utf8[j], 0x01000193)
    bloomAdd(bytes, h >>> 0)
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64')
}

/** `bloomCreateUtf8` from the values' FNV-1a hashes, already computed (one per value). */
export function bloomCreateFromHashes(hashes: Uint32Array): string {
  const bytes = emptyFilter(hashes.length)
  for (let i = 0; i < hashes.length; i++) bloomAdd(bytes, hashes[i])
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64')
}

/** A zeroed filter sized for `count` values, its hash count in byte 0. */
function emptyFilter(count: number): Uint8Array {
  const n = Math.max(1, count)
  const wantBits = Math.ceil((-n * Math.log(BLOOM_FALSE_POSITIVE_RATE)) / (Math.LN2 * Math.LN2))
  const bytes = new Uint8Array(1 + Math.ceil(Math.max(MIN_BITS, wantBits) / 8))
  const m = (bytes.length - 1) * 8
  bytes[0] = Math.min(16, Math.max(1, Math.round((m / n) * Math.LN2)))
  return bytes
}

/**
 * About how many distinct values the serialized filter `base64` was sized for (emptyFilter's sizing
 * inverted: within a few values, or at most MIN_BITS' worth for tiny filters). A block's distinct count
 * of a string column, told without decoding the block (exec/parallel/merge-bound.ts).
 */
export function bloomSizedFor(base64: string): number {
  const pad = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  const bits = ((base64.length * 3) / 4 - pad - 1) * 8
  return Math.max(0, Math.floor((bits * Math.LN2 * Math.LN2) / -Math.log(BLOOM_FALSE_POSITIVE_RATE)))
}

/** Sets the k bits of a value whose FNV-1a hash is `h`. */
function bloomAdd(bytes: Uint8Array, h: number): void {
  const k = bytes[0]
  const m = (bytes.length - 1) * 8
  const a = fmix32(h)
  const b = fmix32(h ^ 0x9e3779b9) | 1
  for (let i = 0; i < k; i++) {
    const bit = ((a + Math.imul(i, b)) >>> 0) % m
    bytes[1 + (bit >> 3)] |= 1 << (bit & 7)
  }
}

/** Decodes a serialized filter; `undefined` when it is malformed (callers then cannot prune). */
export function bloomDecode(base64: string): Uint8Array | undefined {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'))
  return bytes.length >= 2 && bytes[0] >= 1 ? bytes : undefined
}

/** False only when `s` was certainly not added to the filter. */
export function bloomMayContain(bytes: Uint8Array, s: string): boolean {
  const k = bytes[0]
  const m = (bytes.length - 1) * 8
  const h = fnv1aUtf8(s)
  const a = fmix32(h)
  const b = fmix32(h ^ 0x9e3779b9) | 1
  for (let i = 0; i < k; i++) {
    const bit = ((a + Math.imul(i, b)) >>> 0) % m
    if ((bytes[1 + (bit >> 3)] & (1 << (bit & 7))) === 0) return false
  }
  return true
}
