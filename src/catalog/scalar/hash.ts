// catalog/scalar/hash.ts: hash functions over a value's string form. Digest output is lower-case hex.

import { q } from '../example.ts'
import { fixed, opt, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('hash')

/** `name(source) → hex string`. */
function digest<N extends string>(name: N, algorithm: string) {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('source', 'any'))],
    returns: fixed('string'),
    description: `${algorithm} digest of the value's UTF-8 text (its tostring form), as lower-case hex; null for null.`,
    example: q(`extend digest = ${name}(id)`),
  })
}

/** Hash rows. */
export const hashFunctions = [
  fn({
    name: 'hash',
    tier: 'T3',
    signatures: [
      sig(
        param('source', ['bool', 'long', 'string', 'datetime', 'timespan', 'dynamic']),
        opt('salt', 'long'),
      ),
    ],
    returns: fixed('long'),
    description:
      "A signed 64-bit hash (XXH64) of the value's text, the salt as its seed; any scalar but a real. Exact: a long source hashes by all its digits, and the result is an exact 64-bit long.",
    example: q('where hash(id) % 10 == 0'),
  }),
  digest('hash_md5', 'MD5'),
  digest('hash_sha1', 'SHA-1'),
  digest('hash_sha256', 'SHA-256'),
  digest('hash_sha512', 'SHA-512'),
]
