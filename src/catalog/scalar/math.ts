// catalog/scalar/math.ts: numeric functions (apl-reference §7 "Math"); set_* and range live in
// array.ts, `not` in conditional.ts. Rows only.

import { q } from '../example.ts'
import { commonOfArgs, fixed, opt, param, sameAsArg, sig, variadic } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('math')

const allArgs = (n: number) => Array.from({ length: n }, (_, i) => i)

/** A `name(x: numeric) → real` row; the example extends a column with `name(<arg>)`. */
function realOf<N extends string>(name: N, description: string, arg = 'req_duration_ms') {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('x', 'numeric'))],
    returns: fixed('real'),
    description,
    example: q(`extend ${name}_value = ${name}(${arg})`),
  })
}

/** A `name(x: numeric) → bool` row. */
function testOf<N extends string>(name: N, description: string) {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('x', 'numeric'))],
    returns: fixed('bool'),
    description,
    example: q(`where ${name}(req_duration_ms)`),
  })
}

/** Math function rows. */
export const mathFunctions = [
  fn({
    name: 'abs',
    tier: 'T2',
    signatures: [sig(param('x', 'summable'))],
    returns: sameAsArg(0),
    description: 'Absolute value; keeps the numeric (or timespan) type of the input.',
    example: q('extend distance = abs(req_duration_ms - 1)'),
  }),
  fn({
    name: 'log',
    tier: 'T2',
    signatures: [sig(param('x', 'numeric'))],
    returns: fixed('real'),
    description: 'Natural logarithm; null for x <= 0.',
    example: q('extend log_duration = log(req_duration_ms)'),
  }),
  fn({
    name: 'round',
    tier: 'T2',
    signatures: [sig(param('source', 'numeric'), opt('precision', 'long'))],
    returns: fixed('real'),
    description: 'Rounds to `precision` decimal places (default 0), halves away from zero.',
    example: q('extend duration = round(req_duration_ms, 2)'),
  }),
  realOf('acos', 'Arc cosine in radians; null outside [-1, 1].', 'req_duration_ms / 100'),
  realOf('asin', 'Arc sine in radians; null outside [-1, 1].', 'req_duration_ms / 100'),
  realOf('atan', 'Arc tangent in radians.'),
  fn({
    name: 'atan2',
    tier: 'T3',
    signatures: [sig(param('y', 'numeric'), param('x', 'numeric'))],
    returns: fixed('real'),
    description: 'Angle in radians between the positive x axis and the point (x, y).',
    example: q('extend angle = atan2(req_duration_ms, resp_body_size_bytes)'),
  }),
  realOf('cos', 'Cosine of an angle in radians.'),
  realOf('cot', 'Cotangent of an angle in radians (infinite at multiples of π).'),
  realOf('degrees', 'Converts radians to degrees.'),
  realOf('exp', 'e raised to the power x.'),
  realOf('exp10', '10 raised to the power x.'),
  realOf('exp2', '2 raised to the power x.'),
  realOf('gamma', 'The gamma function; null at 0 and the negative integers.'),
  realOf('log10', 'Base-10 logarithm; null for x <= 0.'),
  realOf('log2', 'Base-2 logarithm; null for x <= 0.'),
  realOf('loggamma', 'Natural logarithm of the absolute value of the gamma function; null at its poles.'),
  realOf('radians', 'Converts degrees to radians.'),
  realOf('sin', 'Sine of an angle in radians.'),
  realOf('sqrt', 'Square root; NaN for x < 0 (shown as null; `isnan` is true).'),
  realOf('tan', 'Tangent of an angle in radians.'),
  testOf('isfinite', 'True when x is neither infinite nor NaN.'),
  testOf('isinf', 'True when x is positive or negative infinity.'),
  testOf('isnan', 'True when x is NaN.'),
  fn({
    name: 'isint',
    tier: 'T3',
    signatures: [sig(param('expression', 'any'))],
    returns: fixed('bool'),
    description: 'True when the value is an integer (a long, or a real with no fractional part).',
    example: q('where isint(req_duration_ms)'),
  }),
  fn({
    name: 'pow',
    tier: 'T3',
    signatures: [sig(param('base', 'numeric'), param('exponent', 'numeric'))],
    returns: fixed('real'),
    description: '`base` raised to the power `exponent`.',
    example: q('extend squared = pow(req_duration_ms, 2)'),
  }),
  fn({
    name: 'pi',
    tier: 'T3',
    signatures: [sig()],
    returns: fixed('real'),
    description: 'The constant π.',
    example: q('extend circle = 2 * pi() * req_duration_ms'),
  }),
  fn({
    name: 'sign',
    tier: 'T3',
    signatures: [sig(param('x', 'numeric'))],
    returns: sameAsArg(0),
    description: '-1, 0 or 1 by the sign of x, in the type of x.',
    example: q('extend direction = sign(req_duration_ms - 1)'),
  }),
  fn({
    name: 'rand',
    tier: 'T3',
    volatile: true,
    signatures: [sig(), { params: [param('range', 'long')], returns: fixed('long') }],
    returns: fixed('real'),
    description: 'A pseudo-random real in [0, 1), or a long in [0, range) when `range` is given.',
    example: q('extend bucket = rand(10)'),
  }),
  fn({
    name: 'max_of',
    tier: 'T3',
    signatures: [variadic([], [param('expr', 'orderable')], 2, 64)],
    returns: commonOfArgs('common type of the arguments', allArgs),
    description: 'The largest of 2 to 64 arguments (nulls ignored).',
    example: q('extend largest = max_of(resp_body_size_bytes, resp_header_size_bytes)'),
  }),
  fn({
    name: 'min_of',
    tier: 'T3',
    signatures: [variadic([], [param('expr', 'orderable')], 2, 64)],
    returns: commonOfArgs('common type of the arguments', allArgs),
    description: 'The smallest of 2 to 64 arguments (nulls ignored).',
    example: q('extend smallest = min_of(resp_body_size_bytes, resp_header_size_bytes)'),
  }),
]
