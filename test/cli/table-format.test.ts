// test/cli/table-format.test.ts: the table layout fits the width it is given (cutting the widest
// columns first, dropping trailing ones only as a last resort) and aligns by display width.

import { describe, expect, it } from 'vitest'
import { displayWidth, truncate } from '../../src/cli/display-width.ts'
import { tableText } from '../../src/cli/result-output.ts'
import { fitWidths, renderTable } from '../../src/cli/table-format.ts'
import type { WireTable } from '../../src/wire/index.ts'

const table = (fields: [string, string][], columns: unknown[][]): WireTable =>
  ({
    name: '0',
    sources: [],
    fields: fields.map(([name, type]) => ({ name, type })),
    order: [],
    groups: [],
    columns,
  }) as WireTable

describe('fitWidths', () => {
  it('keeps natural widths when they fit', () => {
    expect(fitWidths([5, 10, 3], 40)).toEqual([5, 10, 3])
  })

  it('cuts the widest column first and fills the width exactly', () => {
    // 2 gaps of 2 columns: 30 - 4 = 26 columns for cells.
    expect(fitWidths([5, 40, 3], 30)).toEqual([5, 18, 3])
  })

  it('caps every wide column at the same width', () => {
    const w = fitWidths([50, 50, 50], 64)
    expect(w.reduce((a, b) => a + b, 0) + 4).toBe(64)
    expect(Math.max(...w) - Math.min(...w)).toBeLessThanOrEqual(1)
  })
})

describe('renderTable', () => {
  it('aligns columns, right-aligns numbers and keeps every line within the width', () => {
    const t = table(
      [
        ['uri', 'string'],
        ['status', 'integer'],
        ['message', 'string'],
      ],
      [
        ['/api/v1/users/commit?duration=200', '/a'],
        [200, 5],
        ['upstream timed out while reading the response header from upstream', null],
      ],
    )
    const lines = tableText(t, 60).trimEnd().split('\n')
    expect(lines).toHaveLength(4)
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(60)
    expect(lines[0]).toMatch(/^uri +status {2}message$/)
    expect(lines[1]).toMatch(/^-+ {2}-+ {2}-+$/)
    // The status column is right-aligned: both numbers end at the same column.
    const end200 = lines[2].indexOf('200') + 3
    expect(lines[3].indexOf('5') + 1).toBe(end200)
    expect(lines[2]).toContain('…')
  })

  it('prints everything uncut when the width is unbounded', () => {
    const long = 'x'.repeat(500)
    const text = tableText(table([['a', 'string']], [[long]]), Number.POSITIVE_INFINITY)
    expect(text).toContain(long)
  })

  it('drops trailing columns that cannot fit even at minimum width, and says so', () => {
    const fields: [string, string][] = Array.from({ length: 12 }, (_, i) => [`column_${i}`, 'string'])
    const text = tableText(
      table(
        fields,
        fields.map(() => ['some value']),
      ),
      40,
    )
    const lines = text.trimEnd().split('\n')
    for (const l of lines.slice(0, 3)) expect(displayWidth(l)).toBeLessThanOrEqual(40)
    expect(lines[3]).toMatch(/^\(\d+ more column\(s\) do not fit; use --format vertical, json/)
  })

  it('measures wide characters as two columns and escapes control characters', () => {
    const t = table(
      [
        ['city', 'string'],
        ['n', 'integer'],
      ],
      [
        ['東京', 'Paris\nTX'],
        [1, 2],
      ],
    )
    const lines = tableText(t, 80).trimEnd().split('\n')
    expect(lines[2]).toBe('東京       1')
    expect(lines[3]).toBe('Paris\\nTX  2')
  })

  it('shows null as an empty cell and nested values as JSON', () => {
    const t = table([['v', 'unknown']], [[null, { a: [1, 2] }, 12345678901234567890n]])
    const lines = renderTable(
      { headers: ['v'], rows: [[''], ['{"a":[1,2]}']], rightAlign: [false] },
      80,
    ).lines
    expect(tableText(t, 80).split('\n').slice(2, 5)).toEqual(['', '{"a":[1,2]}', '12345678901234567890'])
    expect(lines[3]).toBe('{"a":[1,2]}')
  })
})

describe('truncate', () => {
  it('cuts to the width with an ellipsis, counting wide characters twice', () => {
    expect(truncate('abcdef', 4)).toBe('abc…')
    expect(truncate('日本語テキスト', 5)).toBe('日本…')
    expect(displayWidth(truncate('日本語テキスト', 5))).toBeLessThanOrEqual(5)
    expect(truncate('abc', 3)).toBe('abc')
  })
})
