// test/unit/util/time/go-layout.test.ts: Go time.Parse layouts (every std token, the named
// constants, Go's leniencies) against expected UTC instants; mismatches must return null.
import { describe, expect, it } from 'vitest'
import { parseGoLayout } from '../../../../src/util/time/index.ts'

/** Epoch ns of an ISO instant with at most ms precision (Date is exact there). */
const at = (iso: string): bigint => BigInt(Date.parse(iso)) * 1_000_000n

describe('parseGoLayout', () => {
  it("parses the contract's example", () => {
    expect(parseGoLayout('17/Aug/2024:10:00:00 +0000', '2/Jan/2006:15:04:05 -0700')).toBe(
      at('2024-08-17T10:00:00Z'),
    )
    expect(parseGoLayout('17/Aug/2024:10:00:00 +0200', '2/Jan/2006:15:04:05 -0700')).toBe(
      at('2024-08-17T08:00:00Z'),
    )
  })

  it.each([
    ['RFC3339', '2024-08-14T22:26:25Z', '2024-08-14T22:26:25Z'],
    ['RFC3339', '2024-08-14T22:26:25+02:00', '2024-08-14T20:26:25Z'],
    ['RFC3339', '2024-08-14T22:26:25.5-01:00', '2024-08-14T23:26:25.500Z'],
    ['RFC3339Nano', '2024-08-14T22:26:25.123Z', '2024-08-14T22:26:25.123Z'],
    ['RFC1123', 'Wed, 14 Aug 2024 22:26:25 GMT', '2024-08-14T22:26:25Z'],
    ['RFC1123', 'Wed, 14 Aug 2024 22:26:25 UTC', '2024-08-14T22:26:25Z'],
    ['RFC1123', 'Wed, 14 Aug 2024 22:26:25 PST', '2024-08-14T22:26:25Z'], // unknown zone: offset 0, as Go
    ['RFC1123Z', 'Wed, 14 Aug 2024 22:26:25 -0700', '2024-08-15T05:26:25Z'],
    ['RFC822', '14 Aug 24 22:26 UTC', '2024-08-14T22:26:00Z'],
    ['RFC822Z', '14 Aug 24 22:26 +0130', '2024-08-14T20:56:00Z'],
    ['RFC850', 'Wednesday, 14-Aug-24 22:26:25 UTC', '2024-08-14T22:26:25Z'],
    ['ANSIC', 'Wed Aug 14 22:26:25 2024', '2024-08-14T22:26:25Z'],
    ['ANSIC', 'Sun Aug  4 22:26:25 2024', '2024-08-04T22:26:25Z'],
    ['UnixDate', 'Wed Aug 14 22:26:25 UTC 2024', '2024-08-14T22:26:25Z'],
    ['RubyDate', 'Wed Aug 14 22:26:25 +0200 2024', '2024-08-14T20:26:25Z'],
    ['Kitchen', '3:04PM', '0000-01-01T15:04:00Z'],
    ['Kitchen', '12:00AM', '0000-01-01T00:00:00Z'],
    ['Kitchen', '12:30PM', '0000-01-01T12:30:00Z'],
    ['Stamp', 'Aug 14 22:26:25', '0000-08-14T22:26:25Z'],
    ['StampMilli', 'Aug  4 22:26:25.123', '0000-08-04T22:26:25.123Z'],
    ['DateTime', '2024-08-14 22:26:25', '2024-08-14T22:26:25Z'],
    ['DateOnly', '2024-02-29', '2024-02-29T00:00:00Z'],
    ['TimeOnly', '22:26:25', '0000-01-01T22:26:25Z'],
  ])('named layout %s parses %j', (layout, value, iso) => {
    expect(parseGoLayout(value, layout)).toBe(at(iso))
  })

  it('reads StampMicro/StampNano fractions to the ns', () => {
    expect(parseGoLayout('Aug 14 22:26:25.123456', 'StampMicro')).toBe(
      at('0000-08-14T22:26:25.123Z') + 456_000n,
    )
    expect(parseGoLayout('Aug 14 22:26:25.123456789', 'StampNano')).toBe(
      at('0000-08-14T22:26:25.123Z') + 456_789n,
    )
    expect(parseGoLayout('2024-08-14T22:26:25.123456789Z', 'RFC3339Nano')).toBe(
      at('2024-08-14T22:26:25.123Z') + 456_789n,
    )
  })

  it('handles numeric, zero-padded and space-padded tokens', () => {
    expect(parseGoLayout('20240814222625', '20060102150405')).toBe(at('2024-08-14T22:26:25Z'))
    expect(parseGoLayout('8/4/2024 3:05:09 PM', '1/2/2006 3:04:05 PM')).toBe(at('2024-08-04T15:05:09Z'))
    expect(parseGoLayout('08/04/2024 03:05:09 am', '01/02/2006 03:04:05 pm')).toBe(at('2024-08-04T03:05:09Z'))
    expect(parseGoLayout('August 14, 2024', 'January 2, 2006')).toBe(at('2024-08-14T00:00:00Z'))
    expect(parseGoLayout('AUGUST 14, 2024', 'January 2, 2006')).toBe(at('2024-08-14T00:00:00Z'))
    expect(parseGoLayout('Wednesday 14 Aug', 'Monday 2 Jan')).toBe(at('0000-08-14T00:00:00Z'))
    expect(parseGoLayout('69-01-01', '06-01-02')).toBe(at('1969-01-01T00:00:00Z'))
    expect(parseGoLayout('68-01-01', '06-01-02')).toBe(at('2068-01-01T00:00:00Z'))
    expect(parseGoLayout('x_2024', 'x_2006')).toBe(at('2024-01-01T00:00:00Z'))
  })

  it('reads day-of-year tokens', () => {
    expect(parseGoLayout('2024-060', '2006-002')).toBe(at('2024-02-29T00:00:00Z'))
    expect(parseGoLayout('2023-060', '2006-002')).toBe(at('2023-03-01T00:00:00Z'))
    expect(parseGoLayout('2024  60', '2006 __2')).toBe(at('2024-02-29T00:00:00Z'))
    expect(parseGoLayout('2023-366', '2006-002')).toBeNull()
    expect(parseGoLayout('2024-060 03', '2006-002 01')).toBeNull() // day 60 is not in March
  })

  it('handles fractional seconds like Go', () => {
    const base = at('2024-08-14T22:26:25Z')
    expect(parseGoLayout('2024-08-14 22:26:25.123', '2006-01-02 15:04:05.000')).toBe(base + 123_000_000n)
    expect(parseGoLayout('2024-08-14 22:26:25,123', '2006-01-02 15:04:05,000')).toBe(base + 123_000_000n)
    expect(parseGoLayout('2024-08-14 22:26:25.12', '2006-01-02 15:04:05.000')).toBeNull() // .000 = exact digits
    expect(parseGoLayout('2024-08-14 22:26:25', '2006-01-02 15:04:05.999')).toBe(base) // .999 = optional
    expect(parseGoLayout('2024-08-14 22:26:25.1234', '2006-01-02 15:04:05.999')).toBe(base + 123_400_000n)
    // A fraction after the seconds is accepted even when the layout has none.
    expect(parseGoLayout('2024-08-14 22:26:25.5', '2006-01-02 15:04:05')).toBe(base + 500_000_000n)
    expect(parseGoLayout('2024-08-14 22:26:25.1234567891', 'DateTime')).toBe(base + 123_456_789n)
  })

  it('reads every numeric zone form', () => {
    const want = at('2024-08-14T20:26:25Z') - 30n * 1_000_000_000n
    const value = '2024-08-14 22:26:25'
    expect(parseGoLayout(`${value} +0200`, '2006-01-02 15:04:05 Z0700')).toBe(at('2024-08-14T20:26:25Z'))
    expect(parseGoLayout(`${value} +020030`, '2006-01-02 15:04:05 -070000')).toBe(want)
    expect(parseGoLayout(`${value} +02:00:30`, '2006-01-02 15:04:05 -07:00:00')).toBe(want)
    expect(parseGoLayout(`${value} +020030`, '2006-01-02 15:04:05 Z070000')).toBe(want)
    expect(parseGoLayout(`${value} +02:00:30`, '2006-01-02 15:04:05 Z07:00:00')).toBe(want)
    expect(parseGoLayout(`${value} +02`, '2006-01-02 15:04:05 -07')).toBe(at('2024-08-14T20:26:25Z'))
    expect(parseGoLayout(`${value} +02`, '2006-01-02 15:04:05 Z07')).toBe(at('2024-08-14T20:26:25Z'))
    expect(parseGoLayout(`${value} Z`, '2006-01-02 15:04:05 Z07:00')).toBe(at('2024-08-14T22:26:25Z'))
    expect(parseGoLayout(`${value} Z`, '2006-01-02 15:04:05 -07:00')).toBeNull() // only Z-forms take Z
    expect(parseGoLayout(`${value} -03:30`, '2006-01-02 15:04:05 -07:00')).toBe(at('2024-08-15T01:56:25Z'))
  })

  it('treats named zones without an offset as UTC, like Go with a UTC location', () => {
    expect(parseGoLayout('2024-08-14 22:26:25 GMT+3', '2006-01-02 15:04:05 MST')).toBe(
      at('2024-08-14T22:26:25Z'),
    )
    expect(parseGoLayout('2024-08-14 22:26:25 CEST', '2006-01-02 15:04:05 MST')).toBe(
      at('2024-08-14T22:26:25Z'),
    )
    expect(parseGoLayout('2024-08-14 22:26:25 +03', '2006-01-02 15:04:05 MST')).toBe(
      at('2024-08-14T22:26:25Z'),
    )
    expect(parseGoLayout('2024-08-14 22:26:25 Xy', '2006-01-02 15:04:05 MST')).toBeNull()
    expect(parseGoLayout('2024-08-25 00:18:19 +0000 UTC', '2006-01-02 15:04:05 -0700 MST')).toBe(
      at('2024-08-25T00:18:19Z'),
    )
  })

  it('lets one layout space match several value spaces, not zero', () => {
    expect(parseGoLayout('2024-08-14   22:26:25', 'DateTime')).toBe(at('2024-08-14T22:26:25Z'))
    expect(parseGoLayout('2024-08-1422:26:25', 'DateTime')).toBeNull()
  })

  it('does not validate the weekday (Go ignores it)', () => {
    expect(parseGoLayout('Thu, 14 Aug 2024 22:26:25 UTC', 'RFC1123')).toBe(at('2024-08-14T22:26:25Z'))
  })

  it.each([
    ['2024-08-14 22:26:25 extra', 'DateTime'],
    ['2024-08-14 22:26', 'DateTime'],
    ['2023-02-29', 'DateOnly'],
    ['2024-13-01', 'DateOnly'],
    ['2024-04-31', 'DateOnly'],
    ['24:00:00', 'TimeOnly'],
    ['23:60:00', 'TimeOnly'],
    ['23:59:60', 'TimeOnly'],
    ['13:04PM', 'Kitchen'],
    ['3:04XM', 'Kitchen'],
    ['Foo 14 22:26:25', 'Stamp'],
    ['2024-8-14', '2006-01-02'],
    ['17/Aug/2024:10:00:00', '2/Jan/2006:15:04:05 -0700'],
    ['17/Aug/2024:10:00:00 0000', '2/Jan/2006:15:04:05 -0700'],
    ['', 'DateOnly'],
    ['abc', '2006'],
  ])('rejects %j with layout %j', (value, layout) => {
    expect(parseGoLayout(value, layout)).toBeNull()
  })
})
