// test/reference/scalar/hash.ts: the reference's hash functions, row at a time: the digests of a
// value's `tostring` text (node:crypto, written from Axiom's pages), and hash(), which calls the
// kernel's per-value definition (issue #20 allows it for helper kernels; pinned by the examples).

import { createHash } from 'node:crypto'
import { hashText } from '../../../src/exec/kernels/hash/hash-functions.ts'
import { type FamilyImpls, int, type ScalarImpl, strict, text } from './define.ts'

const digest = (algorithm: string): ScalarImpl =>
  strict(([v]) =>
    createHash(algorithm)
      .update(Buffer.from(text(v), 'utf8'))
      .digest('hex'),
  )

/** The hash family. */
export const HASH: FamilyImpls<'hash'> = {
  // Exact: a long source's text has every digit, and the 64-bit result is a long (bigint) as is.
  hash: strict(([v, salt]) => BigInt(hashText(text(v), salt === undefined ? undefined : int(salt)))),
  hash_md5: digest('md5'),
  hash_sha1: digest('sha1'),
  hash_sha256: digest('sha256'),
  hash_sha512: digest('sha512'),
}
