// Test helper: fast-check doubles for the ordering properties (sort-f64, select-f64): any non-NaN
// double, the edge values (±0, ±Infinity, subnormal and largest magnitudes, ±1), and small integers
// (many duplicates).
import fc from 'fast-check'

/** Edge values of the double order. */
export const specialDouble = fc.constantFrom(
  0,
  -0,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1,
  -1,
)

/** Non-NaN doubles, edge values and integers in ±`range`. */
export const orderedDouble = (range: number) =>
  fc.oneof(fc.double({ noNaN: true }), specialDouble, fc.integer({ min: -range, max: range }))
