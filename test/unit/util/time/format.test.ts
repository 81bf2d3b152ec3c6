// test/unit/util/time/format.test.ts: RFC3339Nano and Go time.Time.String() rendering of epoch ns.
import { describe, expect, it } from 'vitest'
import { formatGoTimeString, formatRfc3339Nano } from '../../../../src/util/time/index.ts'

const S = 1_000_000_000n

describe('formatRfc3339Nano', () => {
  it('omits a zero fraction and trims trailing zeros', () => {
    expect(formatRfc3339Nano(1_723_674_385n * S)).toBe('2024-08-14T22:26:25Z')
    expect(formatRfc3339Nano(1_742_991_162n * S + 681_129_050n)).toBe('2025-03-26T12:12:42.68112905Z')
    expect(formatRfc3339Nano(1_723_674_385n * S + 100_000_000n)).toBe('2024-08-14T22:26:25.1Z')
    expect(formatRfc3339Nano(1n)).toBe('1970-01-01T00:00:00.000000001Z')
  })

  it('renders the epoch and negative instants', () => {
    expect(formatRfc3339Nano(0n)).toBe('1970-01-01T00:00:00Z')
    expect(formatRfc3339Nano(-1n)).toBe('1969-12-31T23:59:59.999999999Z')
    expect(formatRfc3339Nano(-S)).toBe('1969-12-31T23:59:59Z')
    expect(formatRfc3339Nano(-62_135_596_800n * S)).toBe('0001-01-01T00:00:00Z')
  })

  it('pads small years to 4 digits', () => {
    expect(formatRfc3339Nano(BigInt(new Date('0999-12-31T23:59:59Z').getTime()) * 1_000_000n)).toBe(
      '0999-12-31T23:59:59Z',
    )
    expect(formatRfc3339Nano(BigInt(new Date('0042-03-04T05:06:07Z').getTime()) * 1_000_000n)).toBe(
      '0042-03-04T05:06:07Z',
    )
  })
})

describe('formatGoTimeString', () => {
  it('matches Go time.Time.String() for UTC', () => {
    expect(formatGoTimeString(1_724_545_099n * S)).toBe('2024-08-25 00:18:19 +0000 UTC')
    expect(formatGoTimeString(1_724_545_099n * S + 123_456_789n)).toBe(
      '2024-08-25 00:18:19.123456789 +0000 UTC',
    )
    expect(formatGoTimeString(1_724_545_099n * S + 500_000_000n)).toBe('2024-08-25 00:18:19.5 +0000 UTC')
  })
})
