// catalog/scalar/conversion.ts: to<type>() conversions. Failure semantics are Go-flavoured
// (apl-reference §7 "Conversion", decision §10.7): a failed conversion is null, tostring(null) is "".

import { q } from '../example.ts'
import { computed, fixed, opt, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('conversion')

/** Conversion rows. */
export const conversionFunctions = [
  fn({
    name: 'todouble',
    aliases: ['toreal'],
    tier: 'T1',
    signatures: [sig(param('value', 'any'))],
    returns: fixed('real'),
    description:
      'Converts to real: numbers as is, strings by Go float syntax (`1e3`), bool to 1/0, datetime/timespan to ns; null on failure.',
    example: q('extend status_code = todouble(status)'),
  }),
  fn({
    name: 'toint',
    aliases: ['tolong'],
    tier: 'T2',
    signatures: [sig(param('value', 'any'))],
    returns: fixed('long'),
    description:
      'Converts to long: reals truncate, strings must be [+-]digits, datetime/timespan to ns; null on failure.',
    example: q('where toint(status) >= 500'),
  }),
  fn({
    name: 'tostring',
    tier: 'T2',
    signatures: [sig(param('value', 'any'))],
    returns: fixed('string'),
    description:
      'Converts to string: null to "", reals in shortest round-trip form, timespans as Go durations (`1m20s`), datetimes as RFC3339Nano.',
    example: q('extend size_text = tostring(resp_body_size_bytes)'),
  }),
  fn({
    name: 'todatetime',
    tier: 'T2',
    signatures: [sig(param('value', 'any'))],
    returns: fixed('datetime'),
    description:
      'Converts to datetime: numbers are ns since the epoch, strings use a permissive date parser; null on failure.',
    example: q("where _time > todatetime('2024-01-01')"),
  }),
  fn({
    name: 'totimespan',
    tier: 'T3',
    signatures: [sig(param('value', 'any'))],
    returns: fixed('timespan'),
    description:
      'Converts to timespan: numbers are ns, strings use Go duration syntax (`300ms`, `2h45m`); null on failure.',
    example: q("where totimespan(strcat(tostring(req_duration_ms), 'ms')) > 1ms"),
  }),
  fn({
    name: 'tobool',
    tier: 'T3',
    signatures: [sig(param('value', 'any'))],
    returns: fixed('bool'),
    description:
      'Converts to bool: "1"/"t"/"true" (any case form) → true, "0"/"f"/"false" → false, numbers ≠ 0 → true; other strings → null.',
    example: q('where tobool(tostring(is_tls)) == true'),
  }),
  fn({
    name: 'tohex',
    tier: 'T3',
    signatures: [sig(param('value', 'long'), opt('minLength', 'long'))],
    returns: fixed('string'),
    description: 'Lower-case hexadecimal text of an integer, left-padded with zeros to `minLength`.',
    example: q('extend hex_size = tohex(resp_body_size_bytes)'),
  }),
  fn({
    name: 'toarray',
    tier: 'T3',
    signatures: [sig(param('value', 'any'))],
    returns: fixed('dynamic'),
    description:
      'A dynamic array: arrays as is, a property bag as its values, any other value wrapped in a one-element array, null as `[]`.',
    example: q('extend methods = toarray(method)'),
  }),
  fn({
    name: 'dynamic_to_json',
    tier: 'T3',
    signatures: [sig(param('dynamic', 'any'))],
    returns: fixed('string'),
    description:
      'Canonical JSON text of a dynamic value (object keys sorted); a scalar gives its `tostring` text.',
    example: q("extend json = dynamic_to_json(bag_pack('method', method, 'status', status))"),
  }),
  fn({
    name: 'ensure_field',
    tier: 'T3',
    signatures: [sig(param('field_name', 'string', { constant: true }), param('field_type', 'any'))],
    returns: computed('the type `field_type` names', () => 'dynamic'),
    description:
      'The field named `field_name` when the input has it (converted to `field_type` when its type differs), else a null of `field_type` (written `typeof(string)`); the result has that type.',
    example: q("extend user_agent = ensure_field('user_agent', typeof(string))"),
  }),
]
