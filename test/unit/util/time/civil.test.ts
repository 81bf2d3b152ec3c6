// test/unit/util/time/civil.test.ts: calendar arithmetic against Date over the whole 0000–9999 range.
import { describe, expect, it } from 'vitest'
import { civilFromDays, daysFromCivil, daysInMonth, isLeapYear } from '../../../../src/util/time/index.ts'

describe('civil calendar', () => {
  it('matches Date for every 397th day from year 0 to 9999', () => {
    const out = new Int32Array(3)
    const first = daysFromCivil(0, 1, 1)
    const last = daysFromCivil(9999, 12, 31)
    for (let d = first; d <= last; d += 397) {
      const date = new Date(d * 86_400_000)
      civilFromDays(d, out)
      expect([out[0], out[1], out[2]]).toEqual([
        date.getUTCFullYear(),
        date.getUTCMonth() + 1,
        date.getUTCDate(),
      ])
      expect(daysFromCivil(out[0], out[1], out[2])).toBe(d)
    }
  })

  it('knows leap years and month lengths', () => {
    expect([isLeapYear(2024), isLeapYear(2023), isLeapYear(1900), isLeapYear(2000), isLeapYear(0)]).toEqual([
      true,
      false,
      false,
      true,
      true,
    ])
    expect([daysInMonth(2024, 2), daysInMonth(2023, 2), daysInMonth(2023, 4), daysInMonth(2023, 12)]).toEqual(
      [29, 28, 30, 31],
    )
    expect(daysFromCivil(1970, 1, 1)).toBe(0)
    expect(daysFromCivil(1969, 12, 31)).toBe(-1)
  })
})
