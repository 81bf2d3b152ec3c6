// catalog/scalar/dynamic.ts: building and inspecting dynamic values (JSON parsing, property bags,
// packing arrays, lengths). Array transformations live in array.ts.

import { q } from '../example.ts'
import { fixed, param, sig, variadic } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('dynamic')

const keyValuePairs = [param('key', 'string'), param('value', 'any')]

/** Dynamic-value rows. */
export const dynamicFunctions = [
  fn({
    name: 'parse_json',
    tier: 'T2',
    signatures: [sig(param('json_string', 'any'))],
    returns: fixed('dynamic'),
    description:
      'Parses JSON text into a dynamic value; invalid JSON yields the input string (decision §10.7).',
    example: q('extend tags = parse_json(\'{"team": "web"}\')'),
  }),
  fn({
    name: 'todynamic',
    tier: 'T3',
    signatures: [sig(param('value', 'any'))],
    returns: fixed('dynamic'),
    description: 'Parses JSON text into a dynamic value (like parse_json); null for invalid JSON.',
    example: q("extend tags = todynamic('[1, 2, 3]')"),
  }),
  fn({
    name: 'array_length',
    tier: 'T2',
    signatures: [sig(param('array_expression', 'dynamic'))],
    returns: fixed('long'),
    description: 'Number of elements of a dynamic array; null when the value is not an array.',
    example: q("extend depth = array_length(split(uri, '/'))"),
  }),
  fn({
    name: 'bag_pack',
    aliases: ['pack'],
    tier: 'T2',
    signatures: [variadic([], keyValuePairs, 1, Infinity)],
    returns: fixed('dynamic'),
    description: 'A property bag from alternating keys and values: bag_pack(k1, v1, k2, v2, …).',
    example: q("extend request = bag_pack('method', method, 'uri', uri)"),
  }),
  fn({
    name: 'pack_dictionary',
    tier: 'T3',
    signatures: [variadic([], keyValuePairs, 1, Infinity)],
    returns: fixed('dynamic'),
    description: 'Same as bag_pack.',
    example: q("extend request = pack_dictionary('method', method, 'uri', uri)"),
  }),
  fn({
    name: 'pack_array',
    tier: 'T2',
    signatures: [variadic([], [param('value', 'any')], 1, Infinity)],
    returns: fixed('dynamic'),
    description: 'A dynamic array of the arguments.',
    example: q('extend sizes = pack_array(resp_header_size_bytes, resp_body_size_bytes)'),
  }),
  fn({
    name: 'bag_has_key',
    tier: 'T3',
    signatures: [sig(param('bag', 'dynamic'), param('key', 'string'))],
    returns: fixed('bool'),
    description: 'True when the property bag has the key (a JSONPath-like `$.a.b` reaches nested keys).',
    example: q("where bag_has_key(bag_pack('method', method), 'method')"),
  }),
  fn({
    name: 'bag_keys',
    tier: 'T3',
    signatures: [sig(param('bag', 'dynamic'))],
    returns: fixed('dynamic'),
    description: 'The top-level keys of a property bag as a dynamic array of strings.',
    example: q("extend keys = bag_keys(bag_pack('method', method, 'uri', uri))"),
  }),
  fn({
    name: 'bag_zip',
    tier: 'T3',
    signatures: [sig(param('keys', 'dynamic'), param('values', 'dynamic'))],
    returns: fixed('dynamic'),
    description:
      'A property bag pairing an array of string keys with an array of values, up to the shorter length.',
    example: q("extend request = bag_zip(dynamic(['method', 'uri']), pack_array(method, uri))"),
  }),
  fn({
    name: 'len',
    tier: 'T3',
    signatures: [sig(param('value', 'any'))],
    returns: fixed('long'),
    description: 'Length of a string (characters) or dynamic array (elements).',
    example: q('extend uri_len = len(uri)'),
  }),
]
