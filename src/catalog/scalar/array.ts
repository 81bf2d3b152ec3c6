// catalog/scalar/array.ts: functions over dynamic arrays (slicing, sorting, set algebra, range).
// Negative indices count from the end where noted; Axiom's array_slice end is exclusive (§7).

import { q } from '../example.ts'
import { fixed, opt, param, sig, variadic } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('array')

const segments = "split(uri, '/')"

/** `name(array) → dynamic`. */
function arrayOf<N extends string>(name: N, description: string) {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'))],
    returns: fixed('dynamic'),
    description,
    example: q(`extend result = ${name}(${segments})`),
  })
}

/** `name(array, n: long) → dynamic`. */
function shifted<N extends string>(
  name: N,
  description: string,
  count: 'required' | 'optional' = 'required',
) {
  const n = count === 'required' ? param('positions', 'long') : opt('positions', 'long')
  const fill = name.startsWith('array_shift') ? [opt('fill_value', 'any')] : []
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'), n, ...fill)],
    returns: fixed('dynamic'),
    description,
    example: q(`extend result = ${name}(${segments}, 1)`),
  })
}

/** `name(array1, array2) → dynamic` set operations. */
function setOp<N extends string>(name: N, description: string) {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('array1', 'dynamic'), param('array2', 'dynamic'))],
    returns: fixed('dynamic'),
    description,
    example: q(`extend result = ${name}(${segments}, dynamic(['api', 'v1']))`),
  })
}

/** Array rows. */
export const arrayFunctions = [
  fn({
    name: 'array_concat',
    tier: 'T3',
    signatures: [variadic([], [param('array', 'dynamic')], 1, 64)],
    returns: fixed('dynamic'),
    description: 'Concatenates dynamic arrays.',
    example: q(`extend all_parts = array_concat(${segments}, dynamic(['end']))`),
  }),
  fn({
    name: 'array_extract',
    tier: 'T3',
    signatures: [sig(param('sourceArray', 'dynamic'), param('jsonPath', 'string', { constant: true }))],
    returns: fixed('dynamic'),
    description: 'Values selected by a JSONPath from each element of an array.',
    example: q("extend methods = array_extract(pack_array(bag_pack('m', method)), '$.m')"),
  }),
  fn({
    name: 'array_iff',
    tier: 'T3',
    signatures: [sig(param('condition_array', 'dynamic'), param('array1', 'any'), param('array2', 'any'))],
    returns: fixed('dynamic'),
    description:
      'Element-wise choice: array1[i] where condition_array[i] is true, else array2[i] (a scalar repeats).',
    example: q('extend chosen = array_iff(dynamic([true, false]), dynamic([1, 2]), dynamic([3, 4]))'),
  }),
  fn({
    name: 'array_index_of',
    tier: 'T3',
    signatures: [
      sig(
        param('array', 'dynamic'),
        param('lookup_value', 'any'),
        opt('start', 'long'),
        opt('length', 'long'),
        opt('occurrence', 'long'),
      ),
    ],
    returns: fixed('long'),
    description: '0-based index of the n-th element equal to lookup_value, or -1.',
    example: q(`extend api_at = array_index_of(${segments}, 'api')`),
  }),
  arrayOf('array_reverse', 'The elements in reverse order.'),
  arrayOf(
    'array_sort_asc',
    'The elements sorted ascending (numbers, strings, booleans, then containers; nulls last).',
  ),
  arrayOf(
    'array_sort_desc',
    'The elements sorted descending (nulls last); a non-array gives an empty array.',
  ),
  shifted('array_rotate_left', 'Rotates elements left by `positions`, wrapping around.'),
  shifted('array_rotate_right', 'Rotates elements right by `positions`, wrapping around.'),
  shifted(
    'array_shift_left',
    'Shifts elements left by `positions`; vacated slots take `fill_value` (default null).',
  ),
  shifted(
    'array_shift_right',
    'Shifts elements right by `positions` (default 1); vacated slots take `fill_value` (default null).',
    'optional',
  ),
  fn({
    name: 'array_select_dict',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'), param('key', 'string'), param('value', 'any'))],
    returns: fixed('dynamic'),
    description: 'The first property bag in the array whose `key` equals `value`, or null.',
    example: q("extend hit = array_select_dict(pack_array(bag_pack('m', method)), 'm', 'GET')"),
  }),
  fn({
    name: 'array_slice',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'), param('start', 'long'), param('end', 'long'))],
    returns: fixed('dynamic'),
    description:
      'Elements from `start` (inclusive) to `end` (exclusive, Axiom); negative indices count from the end.',
    example: q(`extend head = array_slice(${segments}, 0, 3)`),
  }),
  fn({
    name: 'array_split',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'), param('index', ['long', 'dynamic']))],
    returns: fixed('dynamic'),
    description:
      'Splits an array before the given index (or each index of an array) into an array of arrays.',
    example: q(`extend halves = array_split(${segments}, 2)`),
  }),
  fn({
    name: 'array_sum',
    tier: 'T3',
    signatures: [sig(param('array_expression', 'dynamic'))],
    returns: fixed('real'),
    description: 'Sum of the numeric elements of an array.',
    example: q('extend total = array_sum(pack_array(resp_header_size_bytes, resp_body_size_bytes))'),
  }),
  fn({
    name: 'strcat_array',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'), opt('delimiter', 'string'))],
    returns: fixed('string'),
    description: 'Joins the elements of an array into one string with a delimiter.',
    example: q(`extend path = strcat_array(${segments}, '.')`),
  }),
  setOp('set_union', 'Distinct elements present in either array.'),
  setOp('set_intersect', 'Distinct elements present in both arrays.'),
  setOp('set_difference', 'Distinct elements of array1 not in array2.'),
  fn({
    name: 'set_has_element',
    tier: 'T3',
    signatures: [sig(param('set', 'dynamic'), param('value', 'any'))],
    returns: fixed('bool'),
    description: 'True when the array contains the value.',
    example: q("where set_has_element(dynamic(['GET', 'POST']), method)"),
  }),
  fn({
    name: 'range',
    tier: 'T3',
    signatures: [
      sig(param('start', 'numeric'), param('stop', 'numeric'), opt('step', 'numeric')),
      sig(param('start', 'datetime'), param('stop', 'datetime'), param('step', 'timespan')),
      sig(param('start', 'timespan'), param('stop', 'timespan'), param('step', 'timespan')),
    ],
    returns: fixed('dynamic'),
    description:
      'A dynamic array from start to stop (inclusive) by step (default 1); at most 1,048,576 elements.',
    example: q('extend steps = range(1, resp_header_size_bytes, 10)'),
  }),
]
