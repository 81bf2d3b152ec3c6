// catalog/scalar/encoding.ts: encode/decode and parse/format functions for base64, URLs, CSV,
// paths and code points. Rows only.

import { q } from '../example.ts'
import { fixed, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('encoding')

/** Encoding and structured-string parsing rows. */
export const encodingFunctions = [
  fn({
    name: 'base64_encode_tostring',
    tier: 'T3',
    signatures: [sig(param('value', 'string'))],
    returns: fixed('string'),
    description: 'Base64 encoding of the UTF-8 bytes of a string.',
    example: q('extend encoded = base64_encode_tostring(uri)'),
  }),
  fn({
    name: 'base64_decode_tostring',
    tier: 'T3',
    signatures: [sig(param('value', 'string'))],
    returns: fixed('string'),
    description: 'Decodes base64 into a UTF-8 string; null when not valid base64 or not UTF-8.',
    example: q('extend decoded = base64_decode_tostring(base64_encode_tostring(uri))'),
  }),
  fn({
    name: 'base64_encode_fromarray',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'))],
    returns: fixed('string'),
    description: 'Base64 encoding of a dynamic array of byte values (0–255).',
    example: q('extend encoded = base64_encode_fromarray(dynamic([104, 105]))'),
  }),
  fn({
    name: 'base64_decode_toarray',
    tier: 'T3',
    signatures: [sig(param('base64_input', 'string'))],
    returns: fixed('dynamic'),
    description: 'Decodes base64 into a dynamic array of byte values.',
    example: q('extend bytes = base64_decode_toarray(base64_encode_tostring(method))'),
  }),
  fn({
    name: 'url_encode',
    tier: 'T3',
    signatures: [sig(param('url', 'string'))],
    returns: fixed('string'),
    description: 'Percent-encodes a string for use in a URL.',
    example: q('extend encoded_uri = url_encode(uri)'),
  }),
  fn({
    name: 'url_decode',
    tier: 'T3',
    signatures: [sig(param('encoded_url', 'string'))],
    returns: fixed('string'),
    description: 'Decodes percent-encoding; null when the input is malformed.',
    example: q('extend decoded_uri = url_decode(uri)'),
  }),
  fn({
    name: 'parse_url',
    tier: 'T3',
    signatures: [sig(param('url', 'string'))],
    returns: fixed('dynamic'),
    description:
      'Splits an absolute URL into a dynamic object: scheme, host, port, path, username, password, query, fragment.',
    example: q("extend parts = parse_url(strcat('https://example.com', uri))"),
  }),
  fn({
    name: 'parse_urlquery',
    tier: 'T3',
    signatures: [sig(param('query_string', 'string'))],
    returns: fixed('dynamic'),
    description: 'Parses `a=1&b=2` into a dynamic object of parameters.',
    example: q("extend params = parse_urlquery('duration=200&status=200')"),
  }),
  fn({
    name: 'format_url',
    tier: 'T3',
    signatures: [sig(param('url_parts', 'dynamic'))],
    returns: fixed('string'),
    description: 'Builds a URL from a dynamic object shaped like the output of parse_url.',
    example: q("extend url = format_url(bag_pack('scheme', 'https', 'host', 'example.com', 'path', uri))"),
  }),
  fn({
    name: 'parse_csv',
    tier: 'T3',
    signatures: [sig(param('csv_text', 'string'))],
    returns: fixed('dynamic'),
    description: 'Splits one CSV record into a dynamic array of strings (quotes honoured).',
    example: q("extend fields = parse_csv(strcat_delim(',', method, status, uri))"),
  }),
  fn({
    name: 'parse_path',
    tier: 'T3',
    signatures: [sig(param('source', 'string'))],
    returns: fixed('dynamic'),
    description:
      'Splits a file path into a dynamic object: Scheme, RootPath, DirectoryPath, DirectoryName, Filename, Extension.',
    example: q('extend path_parts = parse_path(uri)'),
  }),
  fn({
    name: 'unicode_codepoints_from_string',
    tier: 'T3',
    signatures: [sig(param('source', 'string'))],
    returns: fixed('dynamic'),
    description: 'The Unicode code points of a string as a dynamic array of longs.',
    example: q('extend points = unicode_codepoints_from_string(method)'),
  }),
  fn({
    name: 'unicode_codepoints_to_string',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'))],
    returns: fixed('string'),
    description: 'Builds a string from a dynamic array of Unicode code points.',
    example: q('extend word = unicode_codepoints_to_string(dynamic([71, 69, 84]))'),
  }),
]
