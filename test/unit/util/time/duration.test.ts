// test/unit/util/time/duration.test.ts: Go time.ParseDuration syntax (plus d/w) and the exact
// output of Go's Duration.String() on known cases.
import { describe, expect, it } from 'vitest'
import { formatGoDuration, parseGoDuration } from '../../../../src/util/time/index.ts'

const US = 1_000n
const MS = 1_000_000n
const S = 1_000_000_000n
const M = 60n * S
const H = 60n * M

describe('parseGoDuration', () => {
  it.each([
    ['1h0m0s', H],
    ['1.5s', 1_500n * MS],
    ['300ms', 300n * MS],
    ['30m', 30n * M],
    ['-2h45m', -(2n * H + 45n * M)],
    ['+5s', 5n * S],
    ['1µs', US],
    ['1μs', US],
    ['1us', US],
    ['7ns', 7n],
    ['0', 0n],
    ['-0', 0n],
    ['0s', 0n],
    ['.5s', 500n * MS],
    ['1.s', S],
    ['1.5h', 90n * M],
    ['5m0.004487127s', 5n * M + 4_487_127n],
    ['2d', 48n * H],
    ['1w', 168n * H],
    ['1h1h', 2n * H],
    ['0.000000001s', 1n],
    ['0.0000000019s', 1n],
    ['2562047h47m16.854775807s', 2n ** 63n - 1n],
    ['-2562047h47m16.854775808s', -(2n ** 63n)],
  ])('parses %j', (s, want) => {
    expect(parseGoDuration(s)).toBe(want)
  })

  it.each([
    '',
    '1',
    '-',
    's',
    '.s',
    '1x',
    '1S',
    '1H',
    '1 h',
    ' 1h',
    '1h ',
    '--1h',
    '1.2.3s',
    '2562047h47m16.854775808s',
    '9999999999999999999h',
  ])('rejects %j', (s) => {
    expect(parseGoDuration(s)).toBeNull()
  })
})

describe('formatGoDuration', () => {
  it.each([
    [0n, '0s'],
    [1n, '1ns'],
    [999n, '999ns'],
    [US, '1µs'],
    [1_500n, '1.5µs'],
    [MS, '1ms'],
    [300n * MS, '300ms'],
    [1_100n * US, '1.1ms'],
    [S, '1s'],
    [1_500n * MS, '1.5s'],
    [30n * M, '30m0s'],
    [H, '1h0m0s'],
    [2n * H + 45n * M, '2h45m0s'],
    [-(2n * H + 45n * M), '-2h45m0s'],
    [5n * M + 4_487_127n, '5m0.004487127s'],
    [48n * H, '48h0m0s'],
    [-1n, '-1ns'],
    [2n ** 63n - 1n, '2562047h47m16.854775807s'],
    [-(2n ** 63n), '-2562047h47m16.854775808s'],
  ])('formats %s ns as %j', (ns, want) => {
    expect(formatGoDuration(ns)).toBe(want)
  })

  it('round-trips through parseGoDuration', () => {
    for (const ns of [0n, 1n, 1_234_567_891_234n, -987_654_321n, 90n * M]) {
      expect(parseGoDuration(formatGoDuration(ns))).toBe(ns)
    }
  })
})
