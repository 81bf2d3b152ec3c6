// catalog/scalar/series.ts: time-series functions over dynamic arrays of numbers (series_*): element-wise
// math and comparisons, fills, reductions and statistics, FIR/IIR filters, FFT. Kernels in
// exec/kernels/series (typed arrays, exec/num-series.ts); reference rules 90–94.

import { q } from '../example.ts'
import { fixed, opt, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('series')

/** A make-series over the sample data whose `s` column the examples use. */
const series = (call: string) =>
  q(`make-series s = avg(req_duration_ms) on _time step 1h | extend result = ${call}`)

const arrayOrNumber = ['dynamic', 'long', 'real'] as const

/** `name(array) → dynamic`, element by element. */
function unary<N extends string>(name: N, description: string) {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'))],
    returns: fixed('dynamic'),
    description,
    example: series(`${name}(s)`),
  })
}

/** `name(array1, array2) → dynamic` element by element; either side may be a number. */
function binary<N extends string>(name: N, description: string) {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('array1', arrayOrNumber), param('array2', arrayOrNumber))],
    returns: fixed('dynamic'),
    description,
    example: series(`${name}(s, s)`),
  })
}

/** `name(array1, array2) → real`. */
function pairReal<N extends string>(name: N, description: string) {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('array1', 'dynamic'), param('array2', 'dynamic'))],
    returns: fixed('real'),
    description,
    example: series(`${name}(s, series_fill_const(s, 0))`),
  })
}

/** series rows. */
export const seriesFunctions = [
  unary('series_abs', 'Absolute value of each element.'),
  unary('series_acos', 'Arc cosine of each element (null outside [-1, 1]).'),
  unary('series_asin', 'Arc sine of each element (null outside [-1, 1]).'),
  unary('series_atan', 'Arc tangent of each element.'),
  unary('series_ceiling', 'Each element rounded up to an integer.'),
  unary('series_cos', 'Cosine of each element.'),
  unary('series_exp', 'e raised to each element.'),
  unary('series_floor', 'Each element rounded down to an integer.'),
  unary('series_log', 'Natural logarithm of each element (null for non-positive elements).'),
  unary('series_sign', 'Sign of each element: -1, 0 or 1.'),
  unary('series_sin', 'Sine of each element.'),
  unary('series_tan', 'Tangent of each element.'),
  binary('series_add', 'Element-wise sum (to the shorter length).'),
  binary('series_subtract', 'Element-wise difference (the shorter array extended with nulls).'),
  binary('series_multiply', 'Element-wise product (the shorter array extended with nulls).'),
  binary('series_divide', 'Element-wise quotient (to the shorter length); x/0 is ±infinity.'),
  binary('series_max', 'Element-wise maximum.'),
  binary('series_min', 'Element-wise minimum.'),
  binary('series_pow', 'Each element raised to the power (a number or an array).'),
  binary('series_equals', 'Element-wise `==` as booleans.'),
  binary('series_not_equals', 'Element-wise `!=` as booleans.'),
  binary('series_greater', 'Element-wise `>` as booleans.'),
  binary('series_greater_equals', 'Element-wise `>=` as booleans.'),
  binary('series_less', 'Element-wise `<` as booleans.'),
  binary('series_less_equals', 'Element-wise `<=` as booleans.'),
  unary('series_fill_forward', 'Nulls replaced by the previous number (leading nulls stay).'),
  unary('series_fill_backward', 'Nulls replaced by the next number (trailing nulls stay).'),
  unary(
    'series_fill_linear',
    'Nulls inside the series interpolated linearly; leading and trailing nulls take the nearest number.',
  ),
  fn({
    name: 'series_fill_const',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'), param('constant_value', 'numeric'))],
    returns: fixed('dynamic'),
    description: 'Nulls replaced by the constant.',
    example: series('series_fill_const(s, 0)'),
  }),
  fn({
    name: 'series_sum',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'))],
    returns: fixed('real'),
    description: 'Sum of the numeric elements (0 for an empty array).',
    example: series('series_sum(s)'),
  }),
  fn({
    name: 'series_magnitude',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'))],
    returns: fixed('real'),
    description: 'Euclidean norm: the square root of the sum of squared elements.',
    example: series('series_magnitude(s)'),
  }),
  pairReal('series_dot_product', 'Sum of element-wise products (to the shorter length).'),
  pairReal('series_cosine_similarity', 'Cosine of the angle between two arrays; null for a zero array.'),
  pairReal('series_pearson_correlation', "Pearson's correlation coefficient of two equally long arrays."),
  fn({
    name: 'series_stats',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'))],
    returns: fixed('dynamic'),
    description: 'The array [min, min_idx, max, max_idx, avg, variance, stdev] (sample variance).',
    example: series('series_stats(s)'),
  }),
  fn({
    name: 'series_stats_dynamic',
    tier: 'T3',
    signatures: [sig(param('array', 'dynamic'))],
    returns: fixed('dynamic'),
    description: 'A bag of min, min_idx, max, max_idx, avg, variance and stdev (sample variance).',
    example: series('series_stats_dynamic(s)'),
  }),
  fn({
    name: 'series_fir',
    tier: 'T3',
    signatures: [
      sig(
        param('array', 'dynamic'),
        param('filter', 'dynamic'),
        opt('normalize', 'bool'),
        opt('center', 'bool'),
      ),
    ],
    returns: fixed('dynamic'),
    description:
      'Finite impulse response filter (direct-form convolution; coefficients normalised by default).',
    example: series('series_fir(s, dynamic([1, 1, 1]))'),
  }),
  fn({
    name: 'series_iir',
    tier: 'T3',
    signatures: [
      sig(param('array', 'dynamic'), param('numerator', 'dynamic'), param('denominator', 'dynamic')),
    ],
    returns: fixed('dynamic'),
    description: 'Infinite impulse response filter (Direct Form I, normalised by denominator[0]).',
    example: series('series_iir(s, dynamic([0.5]), dynamic([1, -0.5]))'),
  }),
  fn({
    name: 'series_fft',
    tier: 'T3',
    signatures: [sig(param('x_real', 'dynamic'), opt('x_imaginary', 'dynamic'))],
    returns: fixed('dynamic'),
    description: 'Discrete Fourier transform as [real[], imaginary[]] (radix-2 or Bluestein).',
    example: series('series_fft(series_fill_const(s, 0))'),
  }),
  fn({
    name: 'series_ifft',
    tier: 'T3',
    signatures: [sig(param('fft_real', 'dynamic'), opt('fft_imaginary', 'dynamic'))],
    returns: fixed('dynamic'),
    description: 'Inverse discrete Fourier transform (scaled by 1/n) as [real[], imaginary[]].',
    example: series('series_ifft(series_fft(series_fill_const(s, 0))[0])'),
  }),
]
