// test/unit/util/time/epoch.test.ts: Unix epoch numbers and numeric strings → ns, with the
// magnitude boundaries (1e11 s|ms, 1e14 ms|µs, 1e17 µs|ns) on both sides.
import { describe, expect, it } from 'vitest'
import { epochToNs, parseEpochString } from '../../../../src/util/time/index.ts'

describe('epochToNs', () => {
  it('reads seconds below 1e11, keeping the fraction to the ns', () => {
    expect(epochToNs(1_723_900_000)).toBe(1_723_900_000_000_000_000n)
    expect(epochToNs(1_723_900_000.123)).toBe(1_723_900_000_123_000_000n)
    expect(epochToNs(1.5)).toBe(1_500_000_000n)
    expect(epochToNs(-1.5)).toBe(-1_500_000_000n)
    expect(epochToNs(0)).toBe(0n)
    expect(epochToNs(99_999_999_999)).toBe(99_999_999_999_000_000_000n)
  })

  it('switches unit exactly at each boundary', () => {
    expect(epochToNs(1e11)).toBe(100_000_000_000_000_000n) // ms
    expect(epochToNs(1e11 - 1)).toBe(99_999_999_999_000_000_000n) // s
    expect(epochToNs(1e14)).toBe(100_000_000_000_000_000n) // µs
    expect(epochToNs(1e14 - 1)).toBe(99_999_999_999_999_000_000n) // ms
    expect(epochToNs(1e17)).toBe(100_000_000_000_000_000n) // ns
    expect(epochToNs(1e17 - 16)).toBe(99_999_999_999_999_984_000n) // µs (1e17-1 is not a double)
    expect(epochToNs(-1e11)).toBe(-100_000_000_000_000_000n)
  })

  it('reads ms, µs and ns magnitudes', () => {
    expect(epochToNs(1_723_900_000_123)).toBe(1_723_900_000_123_000_000n)
    expect(epochToNs(1_723_900_000_123.5)).toBe(1_723_900_000_123_500_000n)
    expect(epochToNs(1_723_900_000_123_456)).toBe(1_723_900_000_123_456_000n)
    expect(epochToNs(1_723_900_000_123_456_789n)).toBe(1_723_900_000_123_456_789n)
  })

  it('uses the same magnitude rule for bigints', () => {
    expect(epochToNs(1_723_900_000n)).toBe(1_723_900_000_000_000_000n)
    expect(epochToNs(99_999_999_999n)).toBe(99_999_999_999_000_000_000n)
    expect(epochToNs(100_000_000_000n)).toBe(100_000_000_000_000_000n)
    expect(epochToNs(99_999_999_999_999_999n)).toBe(99_999_999_999_999_999_000n)
    expect(epochToNs(-1_723_900_000n)).toBe(-1_723_900_000_000_000_000n)
  })

  it('rejects NaN and infinities', () => {
    expect(epochToNs(Number.NaN)).toBeNull()
    expect(epochToNs(Number.POSITIVE_INFINITY)).toBeNull()
    expect(epochToNs(Number.NEGATIVE_INFINITY)).toBeNull()
  })
})

describe('parseEpochString', () => {
  it('parses integers exactly, even beyond 2^53', () => {
    expect(parseEpochString('1723900000')).toBe(1_723_900_000_000_000_000n)
    expect(parseEpochString('1723900000123456789')).toBe(1_723_900_000_123_456_789n)
    expect(parseEpochString('1723900000123')).toBe(1_723_900_000_123_000_000n)
    expect(parseEpochString('-5')).toBe(-5_000_000_000n)
    expect(parseEpochString('+5')).toBe(5_000_000_000n)
  })

  it('keeps decimal fractions exactly and truncates below the ns', () => {
    expect(parseEpochString('1723900000.123456789')).toBe(1_723_900_000_123_456_789n)
    expect(parseEpochString('1723900000.1234567891')).toBe(1_723_900_000_123_456_789n)
    expect(parseEpochString('1723900000123.4567')).toBe(1_723_900_000_123_456_700n)
    expect(parseEpochString('.5')).toBe(500_000_000n)
    expect(parseEpochString('0099999999999')).toBe(99_999_999_999_000_000_000n) // leading zeros don't count
  })

  it('accepts exponent forms through Number', () => {
    expect(parseEpochString('1.7239e9')).toBe(1_723_900_000_000_000_000n)
    expect(parseEpochString('1E3')).toBe(1_000_000_000_000n)
  })

  it.each(['', '-', '+', '.', 'abc', '12a', ' 12', '12 ', '1.2.3', '1e', '--1', '0x10', 'e5'])(
    'rejects %j',
    (s) => {
      expect(parseEpochString(s)).toBeNull()
    },
  )
})
