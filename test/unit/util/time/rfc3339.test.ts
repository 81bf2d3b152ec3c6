// test/unit/util/time/rfc3339.test.ts: RFC3339 / ISO 8601 parsing, positive and negative forms,
// and the parse∘format round trip as a seeded fast-check property.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatRfc3339Nano, parseRfc3339 } from '../../../../src/util/time/index.ts'

const ms = (iso: string): bigint => BigInt(Date.parse(iso)) * 1_000_000n

describe('parseRfc3339', () => {
  it('parses a date alone as midnight UTC', () => {
    expect(parseRfc3339('2024-08-14')).toBe(ms('2024-08-14T00:00:00Z'))
  })

  it('accepts T, t or a space between date and time', () => {
    const want = ms('2024-08-14T22:26:25Z')
    expect(parseRfc3339('2024-08-14T22:26:25Z')).toBe(want)
    expect(parseRfc3339('2024-08-14t22:26:25z')).toBe(want)
    expect(parseRfc3339('2024-08-14 22:26:25Z')).toBe(want)
  })

  it('makes seconds optional and treats a missing zone as UTC', () => {
    expect(parseRfc3339('2024-08-14T22:26')).toBe(ms('2024-08-14T22:26:00Z'))
    expect(parseRfc3339('2024-08-14T22:26:25')).toBe(ms('2024-08-14T22:26:25Z'))
  })

  it('keeps 9 fraction digits exactly and truncates more', () => {
    expect(parseRfc3339('2024-08-14T22:26:25.123456789Z')).toBe(ms('2024-08-14T22:26:25Z') + 123_456_789n)
    expect(parseRfc3339('2024-08-14T22:26:25.1234567899999Z')).toBe(ms('2024-08-14T22:26:25Z') + 123_456_789n)
    expect(parseRfc3339('2024-08-14T22:26:25.5Z')).toBe(ms('2024-08-14T22:26:25Z') + 500_000_000n)
    expect(parseRfc3339('2024-08-14T22:26:25,25Z')).toBe(ms('2024-08-14T22:26:25Z') + 250_000_000n)
  })

  it('applies every offset form', () => {
    const want = ms('2026-08-01T08:00:00Z') + 123_456_789n
    expect(parseRfc3339('2026-08-01T10:00:00.123456789+02:00')).toBe(want)
    expect(parseRfc3339('2026-08-01T10:00:00.123456789+0200')).toBe(want)
    expect(parseRfc3339('2026-08-01T10:00:00.123456789+02')).toBe(want)
    expect(parseRfc3339('2026-08-01T03:30:00.123456789-04:30')).toBe(want)
    expect(parseRfc3339('2026-08-01T08:00:00.123456789-00:00')).toBe(want)
  })

  it('handles times before 1970 and the year range ends', () => {
    expect(parseRfc3339('1969-12-31T23:59:59.999999999Z')).toBe(-1n)
    expect(parseRfc3339('0000-01-01T00:00:00Z')).toBe(ms('0000-01-01T00:00:00Z'))
    expect(parseRfc3339('9999-12-31T23:59:59Z')).toBe(ms('9999-12-31T23:59:59Z'))
    expect(parseRfc3339('1600-02-29')).toBe(ms('1600-02-29T00:00:00Z'))
  })

  it('validates leap days', () => {
    expect(parseRfc3339('2024-02-29')).toBe(ms('2024-02-29T00:00:00Z'))
    expect(parseRfc3339('2000-02-29')).not.toBeNull()
    expect(parseRfc3339('2023-02-29')).toBeNull()
    expect(parseRfc3339('1900-02-29')).toBeNull()
  })

  it.each([
    '',
    '2024',
    '2024-8-14',
    '24-08-14',
    '2024/08/14',
    '2024-00-10',
    '2024-13-01',
    '2024-04-31',
    '2024-01-00',
    '2024-08-14T',
    '2024-08-14T24:00:00Z',
    '2024-08-14T23:60:00Z',
    '2024-08-14T23:59:60Z',
    '2024-08-14T2:00:00Z',
    '2024-08-14X22:26:25Z',
    '2024-08-14T22:26:25.Z',
    '2024-08-14T22:26:25ZZ',
    '2024-08-14T22:26:25+24:00',
    '2024-08-14T22:26:25+02:60',
    '2024-08-14T22:26:25+2',
    '2024-08-14T22:26:25+02:0',
    '2024-08-14T22:26:25 UTC',
    ' 2024-08-14',
    '2024-08-14 ',
    '+2024-08-14',
    '1723674385',
  ])('rejects %j', (s) => {
    expect(parseRfc3339(s)).toBeNull()
  })

  it('round-trips through formatRfc3339Nano (9-digit fractions and offsets)', () => {
    for (const s of [
      '2024-08-14T22:26:25Z',
      '2025-03-26T12:12:42.68112905Z',
      '1970-01-01T00:00:00.000000001Z',
    ]) {
      expect(formatRfc3339Nano(parseRfc3339(s)!)).toBe(s)
    }
    expect(formatRfc3339Nano(parseRfc3339('2026-08-01T10:00:00.123456789+02:00')!)).toBe(
      '2026-08-01T08:00:00.123456789Z',
    )
  })
})

describe('parseRfc3339 ∘ formatRfc3339Nano (property)', () => {
  it('is the identity on ns in years 1–9999', () => {
    const seed = Date.now() % 2_147_483_647
    console.log(`seed=${seed}`)
    const lo = parseRfc3339('0001-01-01T00:00:00Z')!
    const hi = parseRfc3339('9999-12-31T23:59:59.999999999Z')!
    fc.assert(
      fc.property(fc.bigInt({ min: lo, max: hi }), (ns) => parseRfc3339(formatRfc3339Nano(ns)) === ns),
      { seed, numRuns: 3000, interruptAfterTimeLimit: 10_000 },
    )
  })

  it('agrees with Date on millisecond instants', () => {
    const seed = (Date.now() + 1) % 2_147_483_647
    console.log(`seed=${seed}`)
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 }), (t) => {
        const iso = new Date(t).toISOString()
        return parseRfc3339(iso) === BigInt(t) * 1_000_000n
      }),
      { seed, numRuns: 3000, interruptAfterTimeLimit: 10_000 },
    )
  })
})
