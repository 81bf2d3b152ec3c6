// test/unit/util/time/relative.test.ts: query-window bounds (`now`, `now±<n><unit>`, RFC3339).
import { describe, expect, it } from 'vitest'
import { parseRfc3339, parseTimeBound } from '../../../../src/util/time/index.ts'

const NOW = 1_723_674_385_123_456_789n
const S = 1_000_000_000n
const M = 60n * S
const H = 60n * M
const D = 24n * H

describe('parseTimeBound', () => {
  it.each([
    ['now', NOW],
    ['now()', NOW],
    ['NOW', NOW],
    [' now ', NOW],
    ['now-1h', NOW - H],
    ['now+30m', NOW + 30n * M],
    ['now-1d', NOW - D],
    ['now-1w', NOW - 7n * D],
    ['now-6h', NOW - 6n * H],
    ['now-15s', NOW - 15n * S],
    ['now-10ms', NOW - 10_000_000n],
    ['now-5us', NOW - 5_000n],
    ['now-5µs', NOW - 5_000n],
    ['now-7ns', NOW - 7n],
    ['now-1M', NOW - 30n * D],
    ['now-1y', NOW - 365n * D],
    ['now-1h30m', NOW - 90n * M],
    ['now-1.5h', NOW - 90n * M],
    ['now - 1h', NOW - H],
    ['now()-1d', NOW - D],
  ])('resolves %j', (s, want) => {
    expect(parseTimeBound(s, NOW)).toBe(want)
  })

  it('falls back to RFC3339', () => {
    expect(parseTimeBound('2026-08-01T10:00:00.123456789+02:00', NOW)).toBe(
      parseRfc3339('2026-08-01T08:00:00.123456789Z'),
    )
    expect(parseTimeBound('2024-08-14', NOW)).toBe(parseRfc3339('2024-08-14T00:00:00Z'))
  })

  it.each([
    '',
    'now-',
    'now-h',
    'now-1',
    'now-1x',
    'now*1h',
    'now--1h',
    'now-+1h',
    'nowish',
    'yesterday',
    'now-1H',
  ])('rejects %j', (s) => {
    expect(parseTimeBound(s, NOW)).toBeNull()
  })
})
