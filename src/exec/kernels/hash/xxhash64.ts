// exec/kernels/hash/xxhash64.ts: XXH64 (Yann Collet's xxHash, 64-bit) of UTF-8 bytes with a 64-bit
// seed, as a signed 64-bit bigint: the algorithm Kusto's hash() documents. BigInt arithmetic mod 2^64;
// hash() runs it once per dictionary entry, not per row.

const M = (1n << 64n) - 1n
const P1 = 11400714785074694791n
const P2 = 14029467366897019727n
const P3 = 1609587929392839161n
const P4 = 9650029242287828579n
const P5 = 2870177450012600261n

const rotl = (x: bigint, r: bigint): bigint => ((x << r) | (x >> (64n - r))) & M

function round(acc: bigint, lane: bigint): bigint {
  return (rotl((acc + lane * P2) & M, 31n) * P1) & M
}

function merge(acc: bigint, v: bigint): bigint {
  return ((((acc ^ round(0n, v)) * P1) & M) + P4) & M
}

/** The little-endian u64 at byte `i`. */
function u64(b: Uint8Array, i: number): bigint {
  return (BigInt(u32(b, i + 4)) << 32n) | BigInt(u32(b, i))
}

function u32(b: Uint8Array, i: number): number {
  return (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0
}

/** XXH64 of `bytes` with `seed` (taken mod 2^64), as a signed 64-bit value. */
export function xxhash64(bytes: Uint8Array, seed: bigint): bigint {
  const s = seed & M
  const len = bytes.length
  let i = 0
  let h: bigint
  if (len >= 32) {
    let v1 = (s + P1 + P2) & M
    let v2 = (s + P2) & M
    let v3 = s
    let v4 = (s - P1) & M
    for (; i + 32 <= len; i += 32) {
      v1 = round(v1, u64(bytes, i))
      v2 = round(v2, u64(bytes, i + 8))
      v3 = round(v3, u64(bytes, i + 16))
      v4 = round(v4, u64(bytes, i + 24))
    }
    h = (rotl(v1, 1n) + rotl(v2, 7n) + rotl(v3, 12n) + rotl(v4, 18n)) & M
    h = merge(h, v1)
    h = merge(h, v2)
    h = merge(h, v3)
    h = merge(h, v4)
  } else h = (s + P5) & M
  h = (h + BigInt(len)) & M
  for (; i + 8 <= len; i += 8) h = (((rotl(h ^ round(0n, u64(bytes, i)), 27n) * P1) & M) + P4) & M
  if (i + 4 <= len) {
    h = (((rotl(h ^ ((BigInt(u32(bytes, i)) * P1) & M), 23n) * P2) & M) + P3) & M
    i += 4
  }
  for (; i < len; i++) h = (rotl(h ^ ((BigInt(bytes[i]) * P5) & M), 11n) * P1) & M
  h ^= h >> 33n
  h = (h * P2) & M
  h ^= h >> 29n
  h = (h * P3) & M
  h ^= h >> 32n
  return BigInt.asIntN(64, h)
}
