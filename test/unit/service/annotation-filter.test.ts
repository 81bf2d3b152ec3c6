// The annotation list filter in both clients' forms (api-contract.md §6), and the match rule.
import { describe, expect, it } from 'vitest'
import { matchesFilter, parseAnnotationFilter } from '../../../src/service/annotation-filter.ts'

const ns = (iso: string) => BigInt(Date.parse(iso)) * 1_000_000n

describe('annotation filter', () => {
  it.each([
    [
      'datasets=a%2Cb&start=2024-01-01T00:00:00Z&end=2024-02-01T00:00:00Z',
      { datasets: ['a', 'b'], start: ns('2024-01-01T00:00:00Z'), end: ns('2024-02-01T00:00:00Z') },
    ],
    [
      'datasets=a&datasets=b&start=2024-01-01T00:00:00Z&start=2024-02-01T00:00:00Z',
      { datasets: ['a', 'b'], start: ns('2024-01-01T00:00:00Z'), end: ns('2024-02-01T00:00:00Z') },
    ],
    ['datasets=a&start=0001-01-01T00:00:00Z&start=0001-01-01T00:00:00Z', { datasets: ['a'] }],
    ['', {}],
    ['datasets=&start=', {}],
  ])('%s', (qs, expected) => {
    expect(parseAnnotationFilter(new URLSearchParams(qs))).toEqual(expected)
  })

  it('matches on intersecting datasets and a time within [start, end]', () => {
    const a = { id: 'ann_1', datasets: ['a', 'c'], type: 'x', time: '2024-01-15T00:00:00Z' }
    expect(matchesFilter(a, { datasets: ['b', 'c'] })).toBe(true)
    expect(matchesFilter(a, { datasets: ['b'] })).toBe(false)
    expect(matchesFilter(a, { start: ns('2024-01-15T00:00:00Z'), end: ns('2024-01-15T00:00:00Z') })).toBe(
      true,
    )
    expect(matchesFilter(a, { start: ns('2024-01-16T00:00:00Z') })).toBe(false)
    expect(matchesFilter(a, { end: ns('2024-01-14T00:00:00Z') })).toBe(false)
  })

  it('refuses a malformed time', () => {
    expect(() => parseAnnotationFilter(new URLSearchParams('start=yesterday'))).toThrow(/RFC 3339/)
  })
})
