// exec/kernels/hash/hash-functions.ts: hash_md5/sha1/sha256/sha512 (node:crypto's one-shot hash, lower-case hex of the
// value's UTF-8 `tostring` text) and hash(source [, salt]) (XXH64 of that text, the salt as its seed,
// an exact signed 64-bit result), on the kernel helper: a dictionary column is hashed once per entry.
import { hash } from 'node:crypto'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'
import { xxhash64 } from './xxhash64.ts'

const utf8 = new TextEncoder()

/** The hex digest of `algorithm` over a string's UTF-8 bytes. */
export function hexDigest(algorithm: 'md5' | 'sha1' | 'sha256' | 'sha512', s: string): string {
  return hash(algorithm, s, 'hex')
}

/**
 * hash(source [, salt]) of a string: XXH64 seeded with the salt (0 without one), an exact signed
 * 64-bit integer (a number when safe, else a bigint).
 */
export function hashText(s: string, salt: number | undefined): number | bigint {
  const h = xxhash64(utf8.encode(s), BigInt(salt ?? 0))
  const x = Number(h)
  return Number.isSafeInteger(x) ? x : h
}

const digest = (algorithm: 'md5' | 'sha1' | 'sha256' | 'sha512'): Kernel =>
  scalarKernel({ args: ['string'], returns: 'string', fn: (s) => hexDigest(algorithm, s) })

/** The hash kernels. */
export const HASH_FUNCTION_KERNELS = {
  hash: scalarKernel({ args: ['string', 'long?'], returns: 'long64', fn: hashText }),
  hash_md5: digest('md5'),
  hash_sha1: digest('sha1'),
  hash_sha256: digest('sha256'),
  hash_sha512: digest('sha512'),
}
