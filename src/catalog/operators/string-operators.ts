// catalog/operators/string-operators.ts: string predicates, set membership and ranges (apl-reference
// §5.2). Case-insensitive unless `_cs`; non-string operands are compared by their tostring form.

import type { AplType } from '../apl-types.ts'
import { q } from '../example.ts'
import type { Tier } from '../signature.ts'
import { computed, fixed, param, sig, variadic } from '../signature.ts'
import { comparable } from '../type-rules.ts'
import { operator } from './scalar-define.ts'

interface StringOpSpec<K extends string, T extends Tier> {
  readonly name: string
  readonly kernel: K
  readonly tier: T
  readonly caseSensitive: boolean
  readonly description: string
  readonly example: string
  readonly negates?: string
  /** The right operand must be a constant RE2 pattern (`matches regex`). */
  readonly constantRhs?: boolean
}

/** `lhs <op> rhs → bool` over strings. */
function stringOp<K extends string, T extends Tier>(spec: StringOpSpec<K, T>) {
  const { constantRhs, ...rest } = spec
  return operator({
    ...rest,
    group: 'string',
    signatures: [
      sig(param('lhs', 'any'), param('rhs', 'any', { constant: constantRhs, regex: constantRhs })),
    ],
    returns: fixed('bool'),
  })
}

/** `lhs <op> (v1, v2, …) → bool`; a dynamic array in the list contributes its elements. */
function setOp<K extends string, T extends Tier>(spec: Omit<StringOpSpec<K, T>, 'constantRhs'>) {
  return operator({
    ...spec,
    group: 'set',
    signatures: [variadic([param('lhs', 'any')], [param('value', 'any')], 1, Infinity)],
    returns: fixed('bool'),
  })
}

const rangeRule = computed('bool (bounds comparable with the operand)', (args: readonly AplType[]) => {
  for (const i of [1, 2]) {
    if (!comparable(args[0], args[i], true))
      return { argIndex: i, expected: `a value comparable with ${args[0]}` }
  }
  return 'bool'
})

/** `lhs between (low .. high)`, inclusive at both ends. */
function rangeOp<K extends string>(
  name: string,
  kernel: K,
  description: string,
  example: string,
  negates?: string,
) {
  return operator({
    name,
    kernel,
    tier: 'T3',
    group: 'range',
    negates,
    signatures: [sig(param('lhs', 'orderable'), param('low', 'orderable'), param('high', 'orderable'))],
    returns: rangeRule,
    description,
    example,
  })
}

/** String, set and range operator rows. */
export const stringOperators = [
  stringOp({
    name: '=~',
    kernel: 'eq_ci',
    tier: 'T2',
    caseSensitive: false,
    description: 'Equal, ignoring case.',
    example: q("where method =~ 'get'"),
  }),
  stringOp({
    name: '!~',
    kernel: 'ne_ci',
    tier: 'T1',
    caseSensitive: false,
    negates: '=~',
    description: 'Not equal, ignoring case.',
    example: q("where method !~ 'get'"),
  }),
  stringOp({
    name: 'contains',
    kernel: 'contains',
    tier: 'T2',
    caseSensitive: false,
    description: 'The right operand is a substring of the left, ignoring case.',
    example: q("where uri contains 'payment'"),
  }),
  stringOp({
    name: '!contains',
    kernel: 'not_contains',
    tier: 'T2',
    caseSensitive: false,
    negates: 'contains',
    description: 'The right operand is not a substring of the left, ignoring case.',
    example: q("where uri !contains 'ping'"),
  }),
  stringOp({
    name: 'contains_cs',
    kernel: 'contains_cs',
    tier: 'T3',
    caseSensitive: true,
    description: 'Case-sensitive contains.',
    example: q("where user_agent contains_cs 'Mozilla'"),
  }),
  stringOp({
    name: '!contains_cs',
    kernel: 'not_contains_cs',
    tier: 'T3',
    caseSensitive: true,
    negates: 'contains_cs',
    description: 'Case-sensitive !contains.',
    example: q("where user_agent !contains_cs 'Mozilla'"),
  }),
  stringOp({
    name: 'startswith',
    kernel: 'startswith',
    tier: 'T1',
    caseSensitive: false,
    description: 'The left operand begins with the right, ignoring case.',
    example: q("where status startswith '5'"),
  }),
  stringOp({
    name: '!startswith',
    kernel: 'not_startswith',
    tier: 'T2',
    caseSensitive: false,
    negates: 'startswith',
    description: 'The left operand does not begin with the right, ignoring case.',
    example: q("where uri !startswith '/api/v1/ping'"),
  }),
  stringOp({
    name: 'startswith_cs',
    kernel: 'startswith_cs',
    tier: 'T3',
    caseSensitive: true,
    description: 'Case-sensitive startswith.',
    example: q("where uri startswith_cs '/api'"),
  }),
  stringOp({
    name: '!startswith_cs',
    kernel: 'not_startswith_cs',
    tier: 'T3',
    caseSensitive: true,
    negates: 'startswith_cs',
    description: 'Case-sensitive !startswith.',
    example: q("where uri !startswith_cs '/api'"),
  }),
  stringOp({
    name: 'endswith',
    kernel: 'endswith',
    tier: 'T1',
    caseSensitive: false,
    description: 'The left operand ends with the right, ignoring case.',
    example: q("where uri endswith '/go'"),
  }),
  stringOp({
    name: '!endswith',
    kernel: 'not_endswith',
    tier: 'T1',
    caseSensitive: false,
    negates: 'endswith',
    description: 'The left operand does not end with the right, ignoring case.',
    example: q("where uri !endswith '/go'"),
  }),
  stringOp({
    name: 'endswith_cs',
    kernel: 'endswith_cs',
    tier: 'T3',
    caseSensitive: true,
    description: 'Case-sensitive endswith.',
    example: q("where content_type endswith_cs 'json'"),
  }),
  stringOp({
    name: '!endswith_cs',
    kernel: 'not_endswith_cs',
    tier: 'T3',
    caseSensitive: true,
    negates: 'endswith_cs',
    description: 'Case-sensitive !endswith.',
    example: q("where content_type !endswith_cs 'json'"),
  }),
  stringOp({
    name: 'has',
    kernel: 'has',
    tier: 'T2',
    caseSensitive: false,
    description:
      'The right operand is a whole term of the left (terms are runs of letters and digits), ignoring case.',
    example: q("where user_agent has 'windows'"),
  }),
  stringOp({
    name: '!has',
    kernel: 'not_has',
    tier: 'T2',
    caseSensitive: false,
    negates: 'has',
    description: 'The right operand is not a whole term of the left, ignoring case.',
    example: q("where user_agent !has 'windows'"),
  }),
  stringOp({
    name: 'has_cs',
    kernel: 'has_cs',
    tier: 'T3',
    caseSensitive: true,
    description: 'Case-sensitive has.',
    example: q("where ['geo.country'] has_cs 'United'"),
  }),
  stringOp({
    name: '!has_cs',
    kernel: 'not_has_cs',
    tier: 'T3',
    caseSensitive: true,
    negates: 'has_cs',
    description: 'Case-sensitive !has.',
    example: q("where ['geo.country'] !has_cs 'United'"),
  }),
  stringOp({
    name: 'hasprefix',
    kernel: 'hasprefix',
    tier: 'T3',
    caseSensitive: false,
    description: 'Some term of the left operand starts with the right, ignoring case.',
    example: q("where uri hasprefix 'pay'"),
  }),
  stringOp({
    name: '!hasprefix',
    kernel: 'not_hasprefix',
    tier: 'T3',
    caseSensitive: false,
    negates: 'hasprefix',
    description: 'No term of the left operand starts with the right, ignoring case.',
    example: q("where uri !hasprefix 'pay'"),
  }),
  stringOp({
    name: 'hasprefix_cs',
    kernel: 'hasprefix_cs',
    tier: 'T3',
    caseSensitive: true,
    description: 'Case-sensitive hasprefix.',
    example: q("where user_agent hasprefix_cs 'Moz'"),
  }),
  stringOp({
    name: '!hasprefix_cs',
    kernel: 'not_hasprefix_cs',
    tier: 'T3',
    caseSensitive: true,
    negates: 'hasprefix_cs',
    description: 'Case-sensitive !hasprefix.',
    example: q("where user_agent !hasprefix_cs 'Moz'"),
  }),
  stringOp({
    name: 'hassuffix',
    kernel: 'hassuffix',
    tier: 'T3',
    caseSensitive: false,
    description: 'Some term of the left operand ends with the right, ignoring case.',
    example: q("where uri hassuffix 'data'"),
  }),
  stringOp({
    name: '!hassuffix',
    kernel: 'not_hassuffix',
    tier: 'T3',
    caseSensitive: false,
    negates: 'hassuffix',
    description: 'No term of the left operand ends with the right, ignoring case.',
    example: q("where uri !hassuffix 'data'"),
  }),
  stringOp({
    name: 'hassuffix_cs',
    kernel: 'hassuffix_cs',
    tier: 'T3',
    caseSensitive: true,
    description: 'Case-sensitive hassuffix.',
    example: q("where content_type hassuffix_cs 'html'"),
  }),
  stringOp({
    name: '!hassuffix_cs',
    kernel: 'not_hassuffix_cs',
    tier: 'T3',
    caseSensitive: true,
    negates: 'hassuffix_cs',
    description: 'Case-sensitive !hassuffix.',
    example: q("where content_type !hassuffix_cs 'html'"),
  }),
  stringOp({
    name: 'matches regex',
    kernel: 'matches_regex',
    tier: 'T2',
    caseSensitive: true,
    constantRhs: true,
    description: 'The left operand contains a match of the RE2 regex on the right (unanchored).',
    example: q("where user_agent matches regex @'Windows NT [\\d\\.]+'"),
  }),
  stringOp({
    name: '!matches regex',
    kernel: 'not_matches_regex',
    tier: 'T3',
    caseSensitive: true,
    constantRhs: true,
    negates: 'matches regex',
    description: 'The left operand contains no match of the regex.',
    example: q("where uri !matches regex @'\\d'"),
  }),
  setOp({
    name: 'in',
    kernel: 'in',
    tier: 'T2',
    caseSensitive: true,
    description: 'Equal to any listed value (a dynamic array in the list contributes its elements).',
    example: q("where method in ('GET', 'POST')"),
  }),
  setOp({
    name: '!in',
    kernel: 'not_in',
    tier: 'T2',
    caseSensitive: true,
    negates: 'in',
    description: 'Equal to none of the listed values.',
    example: q("where status !in ('200', '201', '204')"),
  }),
  setOp({
    name: 'in~',
    kernel: 'in_ci',
    tier: 'T3',
    caseSensitive: false,
    description: 'Equal to any listed value, ignoring case.',
    example: q("where method in~ ('get', 'post')"),
  }),
  setOp({
    name: '!in~',
    kernel: 'not_in_ci',
    tier: 'T3',
    caseSensitive: false,
    negates: 'in~',
    description: 'Equal to none of the listed values, ignoring case.',
    example: q("where method !in~ ('get', 'post')"),
  }),
  setOp({
    name: 'has_any',
    kernel: 'has_any',
    tier: 'T3',
    caseSensitive: false,
    description: 'Some listed value is a whole term of the left operand, ignoring case.',
    example: q("where user_agent has_any ('windows', 'linux')"),
  }),
  setOp({
    name: 'has_any_cs',
    kernel: 'has_any_cs',
    tier: 'T3',
    caseSensitive: true,
    description: 'Case-sensitive has_any.',
    example: q("where user_agent has_any_cs ('Windows', 'Linux')"),
  }),
  rangeOp(
    'between',
    'between',
    'Inside the inclusive range (low .. high).',
    q('where req_duration_ms between (1 .. 5)'),
  ),
  rangeOp(
    '!between',
    'not_between',
    'Outside the inclusive range (low .. high).',
    q('where _time !between (ago(2h) .. ago(1h))'),
    'between',
  ),
]
