// catalog/scalar/pair.ts: key/value pair functions (pair, parse_pair, find_pair): a pair is a dynamic
// object with `key`, `value` and `separator` (Axiom's pair-functions pages). Rows only; kernels live in
// the executor.

import { q } from '../example.ts'
import { fixed, opt, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('pair')

/** pair rows. */
export const pairFunctions = [
  fn({
    name: 'pair',
    tier: 'T3',
    signatures: [sig(param('key', 'string'), param('value', 'string'), opt('separator', 'string'))],
    returns: fixed('dynamic'),
    description: 'A pair object `{key, value, separator}` from its parts; the separator defaults to `:`.',
    example: q("extend method_pair = pair('method', method)"),
  }),
  fn({
    name: 'parse_pair',
    tier: 'T3',
    signatures: [sig(param('pair_string', 'string'), opt('separator', 'string'))],
    returns: fixed('dynamic'),
    description:
      'Splits `key<separator>value` at the first separator (default `:`) into a pair object; without one, the key is empty and the value is the whole text.',
    example: q("extend parsed = parse_pair(strcat('method:', method))"),
  }),
  fn({
    name: 'find_pair',
    tier: 'T3',
    signatures: [
      sig(
        param('array', 'dynamic'),
        param('key_pattern', 'string'),
        param('value_pattern', 'string'),
        opt('separator', 'string'),
      ),
    ],
    returns: fixed('dynamic'),
    description:
      'The first string of the array whose key and value (split as `parse_pair`) match the `*` wildcard patterns, as a pair object; null when none does.',
    example: q("extend server_tag = find_pair(dynamic(['server:web01', 'env:production']), 'server', '*')"),
  }),
]
