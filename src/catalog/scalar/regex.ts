// catalog/scalar/regex.ts: string functions driven by a regular expression (RE2 syntax, decision
// §10.9). Regex parameters are constant-only so the binder can validate and compile them once.

import { q } from '../example.ts'
import { fixed, opt, type Param, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('regex')

const regex: Param = param('regex', 'string', { constant: true, regex: true })

/** Regex-based string function rows. */
export const regexFunctions = [
  fn({
    name: 'extract',
    tier: 'T2',
    signatures: [sig(regex, param('captureGroup', 'long'), param('text', 'string'))],
    returns: fixed('string'),
    description:
      'The text matched by capture group `captureGroup` (0 = whole match) of the first match; null when none.',
    example: q("extend version = extract(@'/api/(v\\d+)/', 1, uri)"),
  }),
  fn({
    name: 'extract_all',
    tier: 'T3',
    signatures: [
      sig(regex, param('text', 'string')),
      sig(regex, param('captureGroups', 'dynamic', { constant: true }), param('text', 'string')),
    ],
    returns: fixed('dynamic'),
    description:
      'All matches of the regex in `text` as a dynamic array (of arrays when several groups are asked for).',
    example: q("extend parts = extract_all(@'/([a-z]+)', uri)"),
  }),
  fn({
    name: 'replace_regex',
    tier: 'T3',
    signatures: [sig(regex, param('rewrite', 'string'), param('text', 'string'))],
    returns: fixed('string'),
    description: 'Replaces every match of the regex; `rewrite` refers to groups as `$0`, `$1`, ….',
    example: q("extend masked = replace_regex(@'\\d+', 'N', uri)"),
  }),
  fn({
    name: 'replace',
    kernel: 'replace_regex',
    tier: 'T3',
    signatures: [sig(regex, param('rewrite', 'string'), param('text', 'string'))],
    returns: fixed('string'),
    description: 'Same as replace_regex.',
    example: q("extend masked = replace(@'\\d+', 'N', uri)"),
  }),
  fn({
    name: 'countof_regex',
    tier: 'T3',
    signatures: [sig(regex, param('text', 'string'))],
    returns: fixed('long'),
    description: 'Number of non-overlapping regex matches in `text`.',
    example: q("extend digit_runs = countof_regex(@'\\d+', uri)"),
  }),
  fn({
    name: 'indexof_regex',
    tier: 'T3',
    signatures: [
      sig(
        param('string', 'string'),
        param('match', 'string', { constant: true, regex: true }),
        opt('start', 'long'),
        opt('occurrence', 'long'),
        opt('length', 'long'),
      ),
    ],
    returns: fixed('long'),
    description: '0-based index of the n-th regex match in the string, or -1.',
    example: q("extend first_digit = indexof_regex(uri, @'\\d')"),
  }),
  fn({
    name: 'regex_quote',
    tier: 'T3',
    signatures: [sig(param('value', 'string'))],
    returns: fixed('string'),
    description: 'Escapes regex metacharacters so the string matches literally.',
    example: q('extend literal_uri = regex_quote(uri)'),
  }),
  fn({
    name: 'trim_regex',
    tier: 'T3',
    signatures: [sig(regex, param('text', 'string'))],
    returns: fixed('string'),
    description: 'Removes leading and trailing matches of the regex.',
    example: q("extend core = trim_regex(@'/+', uri)"),
  }),
  fn({
    name: 'trim_start_regex',
    tier: 'T3',
    signatures: [sig(regex, param('text', 'string'))],
    returns: fixed('string'),
    description: 'Removes a leading match of the regex.',
    example: q("extend rest = trim_start_regex(@'/api/v\\d+', uri)"),
  }),
  fn({
    name: 'trim_end_regex',
    tier: 'T3',
    signatures: [sig(regex, param('text', 'string'))],
    returns: fixed('string'),
    description: 'Removes a trailing match of the regex.',
    example: q("extend base = trim_end_regex(@'\\?.*', uri)"),
  }),
]
