// catalog/operators/comparison-operators.ts: comparison, arithmetic and logical operators. Typing
// comes from type-rules.ts (arithmetic table, comparability), never restated here.

import type { AplType } from '../apl-types.ts'
import { q } from '../example.ts'
import { computed, fixed, param, sig } from '../signature.ts'
import { type ArithmeticOp, arithmeticType, comparable, negateType } from '../type-rules.ts'
import { operator } from './scalar-define.ts'

const binary = sig(param('lhs', 'any'), param('rhs', 'any'))

function comparisonRule(ordered: boolean) {
  return computed(
    ordered ? 'bool (ordered operands)' : 'bool (comparable operands)',
    (args: readonly AplType[]) =>
      comparable(args[0], args[1], ordered)
        ? 'bool'
        : { argIndex: 1, expected: `a value comparable with ${args[0]}` },
  )
}

function arithmeticRule(op: ArithmeticOp) {
  return computed('arithmetic result type (type-rules.ts)', (args: readonly AplType[]) =>
    arithmeticType(op, args[0], args[1]),
  )
}

/** Comparison, arithmetic and logical operator rows. */
export const comparisonOperators = [
  operator({
    name: '==',
    kernel: 'eq',
    tier: 'T1',
    group: 'comparison',
    signatures: [binary],
    returns: comparisonRule(false),
    description: 'Equal (case-sensitive for strings); null == anything is null/false.',
    example: q("where status == '200'"),
  }),
  operator({
    name: '!=',
    aliases: ['<>'],
    kernel: 'ne',
    tier: 'T1',
    group: 'comparison',
    signatures: [binary],
    returns: comparisonRule(false),
    description: 'Not equal (case-sensitive for strings); null != x is true.',
    example: q("where method != 'GET'"),
  }),
  operator({
    name: '<',
    kernel: 'lt',
    tier: 'T1',
    group: 'comparison',
    signatures: [binary],
    returns: comparisonRule(true),
    description: 'Less than (numbers, datetimes, timespans, strings).',
    example: q('where req_duration_ms < 1'),
  }),
  operator({
    name: '<=',
    kernel: 'le',
    tier: 'T1',
    group: 'comparison',
    signatures: [binary],
    returns: comparisonRule(true),
    description: 'Less than or equal.',
    example: q('where resp_body_size_bytes <= 5000'),
  }),
  operator({
    name: '>',
    kernel: 'gt',
    tier: 'T1',
    group: 'comparison',
    signatures: [binary],
    returns: comparisonRule(true),
    description: 'Greater than.',
    example: q('where _time > ago(1h)'),
  }),
  operator({
    name: '>=',
    kernel: 'ge',
    tier: 'T1',
    group: 'comparison',
    signatures: [binary],
    returns: comparisonRule(true),
    description: 'Greater than or equal.',
    example: q('where resp_header_size_bytes >= 18'),
  }),
  operator({
    name: 'and',
    kernel: 'and',
    tier: 'T1',
    group: 'logical',
    signatures: [sig(param('lhs', 'bool'), param('rhs', 'bool'))],
    returns: fixed('bool'),
    description: 'Logical and (three-valued: false wins over null).',
    example: q("where method == 'GET' and status == '200'"),
  }),
  operator({
    name: 'or',
    kernel: 'or',
    tier: 'T1',
    group: 'logical',
    signatures: [sig(param('lhs', 'bool'), param('rhs', 'bool'))],
    returns: fixed('bool'),
    description: 'Logical or (three-valued: true wins over null).',
    example: q("where status == '500' or status == '503'"),
  }),
  operator({
    name: 'not',
    kernel: 'not',
    fixity: 'prefix',
    tier: 'T2',
    group: 'logical',
    signatures: [sig(param('operand', 'bool'))],
    returns: fixed('bool'),
    description: 'Logical negation; null stays null.',
    example: q("where not (method == 'GET' and status == '200')"),
  }),
  operator({
    name: '+',
    kernel: 'add',
    tier: 'T2',
    group: 'arithmetic',
    signatures: [binary],
    returns: arithmeticRule('+'),
    description: 'Addition; datetime + timespan is a datetime.',
    example: q('extend total_bytes = resp_header_size_bytes + resp_body_size_bytes'),
  }),
  operator({
    name: '-',
    kernel: 'sub',
    tier: 'T2',
    group: 'arithmetic',
    signatures: [binary],
    returns: arithmeticRule('-'),
    description: 'Subtraction; datetime - datetime is a timespan.',
    example: q('extend lag = _sysTime - _time'),
  }),
  operator({
    name: 'negate',
    symbol: '-',
    kernel: 'negate',
    fixity: 'prefix',
    tier: 'T2',
    group: 'arithmetic',
    signatures: [sig(param('operand', 'any'))],
    returns: computed('type of the operand (long, real or timespan)', (args) => negateType(args[0])),
    description: 'Unary minus.',
    example: q('extend delta = -req_duration_ms'),
  }),
  operator({
    name: '*',
    kernel: 'mul',
    tier: 'T2',
    group: 'arithmetic',
    signatures: [binary],
    returns: arithmeticRule('*'),
    description: 'Multiplication; timespan * number is a timespan.',
    example: q('extend duration_us = req_duration_ms * 1000'),
  }),
  operator({
    name: '/',
    kernel: 'div',
    tier: 'T2',
    group: 'arithmetic',
    signatures: [binary],
    returns: arithmeticRule('/'),
    description: 'Division; long / long truncates toward zero, timespan / timespan is a real.',
    example: q('extend duration_s = req_duration_ms / 1000'),
  }),
  operator({
    name: '%',
    kernel: 'mod',
    tier: 'T2',
    group: 'arithmetic',
    signatures: [binary],
    returns: arithmeticRule('%'),
    description: 'Remainder; non-negative for a positive divisor (decision §10.5).',
    example: q('where resp_body_size_bytes % 2 == 0'),
  }),
]
