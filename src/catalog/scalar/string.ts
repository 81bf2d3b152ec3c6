// catalog/scalar/string.ts: string functions that need no regex (apl-reference §7 "String").
// Rows only; kernels live in the executor.

import { q } from '../example.ts'
import { fixed, opt, param, sig, variadic } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('string')

/** String function rows (no regex, no encodings). */
export const stringFunctions = [
  fn({
    name: 'strlen',
    tier: 'T2',
    signatures: [sig(param('source', 'string'))],
    returns: fixed('long'),
    description: 'Number of characters (Unicode code points, not bytes) in a string.',
    example: q('extend uri_length = strlen(uri)'),
  }),
  fn({
    name: 'substring',
    tier: 'T2',
    signatures: [sig(param('source', 'string'), param('startingIndex', 'long'), opt('length', 'long'))],
    returns: fixed('string'),
    description: 'Part of a string from a 0-based character index, to the end or for `length` characters.',
    example: q('extend api_version = substring(uri, 5, 2)'),
  }),
  fn({
    name: 'tolower',
    tier: 'T2',
    signatures: [sig(param('value', 'string'))],
    returns: fixed('string'),
    description: 'The string in lower case.',
    example: q("where tolower(method) == 'get'"),
  }),
  fn({
    name: 'toupper',
    tier: 'T2',
    signatures: [sig(param('value', 'string'))],
    returns: fixed('string'),
    description: 'The string in upper case.',
    example: q("extend country = toupper(['geo.country'])"),
  }),
  fn({
    name: 'strcat',
    tier: 'T2',
    signatures: [variadic([], [param('arg', 'any')], 1, 64)],
    returns: fixed('string'),
    description: 'Concatenates 1 to 64 arguments; non-strings are converted with tostring.',
    example: q("extend request = strcat(method, ' ', uri)"),
  }),
  fn({
    name: 'strcat_delim',
    tier: 'T2',
    signatures: [variadic([param('delimiter', 'string')], [param('arg', 'any')], 1, 63)],
    returns: fixed('string'),
    description:
      'Concatenates the arguments with `delimiter` between them; non-strings are converted with tostring.',
    example: q("extend location = strcat_delim(', ', ['geo.city'], ['geo.country'])"),
  }),
  fn({
    name: 'split',
    tier: 'T2',
    signatures: [sig(param('source', 'string'), param('delimiter', 'string'))],
    returns: fixed('dynamic'),
    description: 'Splits a string at every `delimiter`; returns a dynamic array of strings.',
    example: q("extend segments = split(uri, '/')"),
  }),
  fn({
    name: 'indexof',
    tier: 'T2',
    signatures: [
      sig(
        param('source', 'string'),
        param('lookup', 'string'),
        opt('start_index', 'long'),
        opt('length', 'long'),
        opt('occurrence', 'long'),
      ),
    ],
    returns: fixed('long'),
    description:
      '0-based index of the n-th `occurrence` of `lookup` in `source`, searching from `start_index` for `length` characters (-1 = to the end); -1 when absent.',
    example: q("extend version_at = indexof(uri, 'v1')"),
  }),
  fn({
    name: 'countof',
    tier: 'T3',
    signatures: [sig(param('search', 'string'), param('text', 'string'))],
    returns: fixed('long'),
    description: 'Number of non-overlapping occurrences of `search` in `text`.',
    example: q("extend slashes = countof('/', uri)"),
  }),
  fn({
    name: 'reverse',
    tier: 'T3',
    signatures: [sig(param('value', 'string'))],
    returns: fixed('string'),
    description: 'The characters of a string in reverse order.',
    example: q('extend reversed_id = reverse(id)'),
  }),
  fn({
    name: 'strcmp',
    tier: 'T3',
    signatures: [sig(param('string1', 'string'), param('string2', 'string'))],
    returns: fixed('long'),
    description: 'Compares two strings: -1 if the first sorts first, 0 if equal, 1 otherwise.',
    example: q("extend cmp = strcmp(method, 'GET')"),
  }),
  fn({
    name: 'string_size',
    tier: 'T3',
    signatures: [sig(param('source', 'string'))],
    returns: fixed('long'),
    description: 'Size of a string in bytes (UTF-8).',
    example: q("extend city_bytes = string_size(['geo.city'])"),
  }),
  fn({
    name: 'strrep',
    tier: 'T3',
    signatures: [sig(param('value', 'any'), param('multiplier', 'long'), opt('delimiter', 'string'))],
    returns: fixed('string'),
    description: 'Repeats a value `multiplier` times, with an optional delimiter between copies.',
    example: q("extend doubled = strrep(method, 2, '-')"),
  }),
  fn({
    name: 'totitle',
    tier: 'T3',
    signatures: [sig(param('value', 'string'))],
    returns: fixed('string'),
    description: 'The string with its first character in upper case (the rest unchanged).',
    example: q("extend city = totitle(['geo.city'])"),
  }),
  fn({
    name: 'translate',
    tier: 'T3',
    signatures: [
      sig(param('searchList', 'string'), param('replacementList', 'string'), param('source', 'string')),
    ],
    returns: fixed('string'),
    description:
      'Replaces each character of `searchList` in `source` by the character at the same position in `replacementList`.',
    example: q("extend dotted = translate('/', '.', uri)"),
  }),
  fn({
    name: 'quote',
    tier: 'T3',
    signatures: [sig(param('value', 'any'))],
    returns: fixed('string'),
    description: 'The value as a double-quoted string literal with escapes.',
    example: q('extend quoted_uri = quote(uri)'),
  }),
  fn({
    name: 'trim',
    tier: 'T3',
    signatures: [sig(param('cutset', 'string'), param('source', 'string'))],
    returns: fixed('string'),
    description:
      'Removes leading and trailing characters that appear in `cutset` (a set of characters, not a regex).',
    example: q("extend trimmed = trim('/', uri)"),
  }),
  fn({
    name: 'trim_start',
    tier: 'T3',
    signatures: [sig(param('cutset', 'string'), param('text', 'string'))],
    returns: fixed('string'),
    description: 'Removes leading characters that appear in `cutset`.',
    example: q("extend relative = trim_start('/', uri)"),
  }),
  fn({
    name: 'trim_end',
    tier: 'T3',
    signatures: [sig(param('cutset', 'string'), param('text', 'string'))],
    returns: fixed('string'),
    description: 'Removes trailing characters that appear in `cutset`.',
    example: q("extend no_trailing = trim_end('/', uri)"),
  }),
  fn({
    name: 'trim_space',
    tier: 'T3',
    signatures: [sig(param('value', 'string'))],
    returns: fixed('string'),
    description: 'Removes leading and trailing white space.',
    example: q('extend agent = trim_space(user_agent)'),
  }),
  fn({
    name: 'replace_string',
    tier: 'T3',
    signatures: [sig(param('lookup', 'string'), param('rewrite', 'string'), param('text', 'string'))],
    returns: fixed('string'),
    description: 'Replaces every occurrence of `lookup` in `text` by `rewrite` (no regex).',
    example: q("extend v2_uri = replace_string('/v1/', '/v2/', uri)"),
  }),
  fn({
    name: 'strip_ansi_escapes',
    tier: 'T3',
    signatures: [sig(param('text', 'string'))],
    returns: fixed('string'),
    description: 'Removes ANSI escape sequences (colours, cursor moves) from text.',
    example: q('extend plain = strip_ansi_escapes(message)'),
  }),
  fn({
    name: 'format_bytes',
    tier: 'T3',
    signatures: [
      sig(param('value', 'numeric'), opt('precision', 'long'), opt('units', 'string'), opt('base', 'long')),
    ],
    returns: fixed('string'),
    description:
      'Formats a byte count with a unit (`8.36 MB`); base 2 by default, precision in decimal places.',
    example: q('extend body = format_bytes(resp_body_size_bytes, 2)'),
  }),
  fn({
    name: 'parse_bytes',
    tier: 'T3',
    signatures: [sig(param('bytes_string', 'string'), opt('base', 'long'))],
    returns: fixed('long'),
    description:
      'Parses a size with a unit (`1 KB`, `2.5MB`, `1 KiB`) into a byte count; base 2 by default; 0 when unparseable.',
    example: q("extend limit_bytes = parse_bytes('4 KB')"),
  }),
]
