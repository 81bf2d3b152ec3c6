// catalog/scalar/type-check.ts: predicates on a value's presence and runtime type (isnull, isempty,
// gettype, is<type>). `""` is empty but not null (apl-reference §7). Rows only.

import { q } from '../example.ts'
import { fixed, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('type-check')

/** `name(value) → bool` over any value. */
function check<N extends string, T extends 'T2' | 'T3'>(name: N, tier: T, description: string, arg: string) {
  return fn({
    name,
    tier,
    signatures: [sig(param('value', 'any'))],
    returns: fixed('bool'),
    description,
    example: q(`where ${name}(${arg})`),
  })
}

/** Presence and type-check rows. */
export const typeCheckFunctions = [
  check('isnull', 'T2', 'True when the value is null ("" is not null).', "['geo.city']"),
  check('isnotnull', 'T2', 'True when the value is not null ("" counts as not null).', "['geo.city']"),
  check('isempty', 'T2', 'True when the value is null or an empty string.', "['geo.city']"),
  check('isnotempty', 'T2', 'True when the value is neither null nor an empty string.', "['geo.city']"),
  check('isascii', 'T3', 'True when the string holds only ASCII characters.', "['geo.city']"),
  check('isbool', 'T3', 'True when the value is a bool.', 'is_tls'),
  check('isarray', 'T3', 'True when the value is a dynamic array.', "split(uri, '/')"),
  check('ismap', 'T3', 'True when the value is a dynamic property bag.', "bag_pack('uri', uri)"),
  check('isreal', 'T3', 'True when the value is a real number.', 'req_duration_ms'),
  check('isstring', 'T3', 'True when the value is a string.', 'status'),
  check('isutf8', 'T3', 'True when the string is valid UTF-8.', 'user_agent'),
  check('iscc', 'T3', 'True when the string is a plausible credit-card number (Luhn check).', 'id'),
  check('isimei', 'T3', 'True when the string is a plausible IMEI number (Luhn check).', 'id'),
  fn({
    name: 'gettype',
    tier: 'T3',
    signatures: [sig(param('expression', 'any'))],
    returns: fixed('string'),
    description:
      'The runtime type name of the value: string, int, long, real, bool, datetime, timespan, array, dictionary or null.',
    example: q('summarize count() by gettype(status)'),
  }),
]
