// test/unit/storage/ingest/csv.test.ts: RFC 4180 quoting, delimiters, line endings, header
// handling and cell typing.
import { describe, expect, it } from 'vitest'
import { IngestInputError, parseCsv, typeCell } from '../../../../src/storage/ingest/index.ts'

const rows = (text: string, opts = {}) => parseCsv(text, opts).events.map((r) => ({ ...r }))

describe('parseCsv: structure', () => {
  it('uses the first row as the header', () => {
    expect(rows('a,b\n1,x\n2,y\n')).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
    ])
  })

  it('handles quotes, "" escapes, and delimiters and newlines inside quotes', () => {
    expect(rows('a,b,c\n"x,y","say ""hi""","line1\nline2"\n')).toEqual([
      { a: 'x,y', b: 'say "hi"', c: 'line1\nline2' },
    ])
    expect(rows('a\n""""\n')).toEqual([{ a: '"' }])
  })

  it('accepts CRLF, LF and lone CR row ends, with or without a final newline', () => {
    expect(rows('a,b\r\n1,2\r\n3,4')).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ])
    expect(rows('a,b\r1,2\r')).toEqual([{ a: 1, b: 2 }])
    expect(rows('a\r\n"x\r\ny"\r\n')).toEqual([{ a: 'x\r\ny' }])
  })

  it.each([
    [';', 'a;b\n1;"x;y"\n'],
    ['\t', 'a\tb\n1\t"x\ty"\n'],
    ['|', 'a|b\n1|"x|y"\n'],
  ])('supports the delimiter %j', (delimiter, text) => {
    expect(rows(text, { delimiter })).toEqual([{ a: 1, b: `x${delimiter}y` }])
  })

  it('rejects multi-character, quote and newline delimiters', () => {
    for (const delimiter of [';;', '"', '\n', '\r', '😀']) {
      expect(() => parseCsv('a\n1', { delimiter })).toThrow(IngestInputError)
    }
    try {
      parseCsv('a', { delimiter: '::' })
    } catch (e) {
      expect((e as IngestInputError).code).toBe('invalid_csv_delimiter')
    }
    expect(rows('a,b\n1,2', { delimiter: '' })).toEqual([{ a: 1, b: 2 }])
  })

  it('uses given fields instead of a header row; [] and [""] mean a header row', () => {
    expect(rows('1,x\n2,y', { fields: ['n', 's'] })).toEqual([
      { n: 1, s: 'x' },
      { n: 2, s: 'y' },
    ])
    expect(rows('n,s\n1,x', { fields: [] })).toEqual([{ n: 1, s: 'x' }])
    expect(rows('n,s\n1,x', { fields: [''] })).toEqual([{ n: 1, s: 'x' }])
  })

  it('names extra cells _col<N>, leaves missing cells absent, and names empty headers', () => {
    expect(rows('a,b\n1,2,3,4\n5\n')).toEqual([{ a: 1, b: 2, _col3: 3, _col4: 4 }, { a: 5 }])
    expect(rows('a,,c\n1,2,3')).toEqual([{ a: 1, _col2: 2, c: 3 }])
  })

  it('skips empty lines and lets the rightmost duplicate header win', () => {
    expect(rows('a,a\n\n1,2\n\n')).toEqual([{ a: 2 }])
  })

  it('fails a row with a quoting error alone', () => {
    const r = parseCsv('a,b\n1,2\n"x"y,3\n4,5\n"open,6\n')
    expect(r.events.map((e) => ({ ...e }))).toEqual([
      { a: 1, b: 2 },
      { a: 4, b: 5 },
    ])
    expect(r.errors).toEqual([
      { index: 1, error: 'unexpected text after a closing quote on line 3' },
      { index: 3, error: 'unterminated quoted field (opened on line 5)' },
    ])
  })

  it('throws invalid_csv when the header row is broken', () => {
    try {
      parseCsv('"a,b\n1,2')
      expect.unreachable()
    } catch (e) {
      expect((e as IngestInputError).code).toBe('invalid_csv')
    }
  })

  it('returns no events for a header-only or empty text', () => {
    expect(parseCsv('a,b\n').events).toEqual([])
    expect(parseCsv('').events).toEqual([])
  })
})

describe('typeCell', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    ['-7', -7],
    ['1.5', 1.5],
    ['-0.25', -0.25],
    ['1e3', 1000],
    ['2.5E-2', 0.025],
    ['9007199254740991', 9_007_199_254_740_991],
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
  ])('types %j', (cell, want) => {
    expect(typeCell(cell)).toBe(want)
  })

  it('keeps big integers exact as bigint within int64, float beyond', () => {
    expect(typeCell('9007199254740993')).toBe(9_007_199_254_740_993n)
    expect(typeCell('-9223372036854775808')).toBe(-(2n ** 63n))
    expect(typeCell('9223372036854775808')).toBe(2 ** 63)
    expect(typeCell('1234567890123456')).toBe(1_234_567_890_123_456)
  })

  it.each([
    '007',
    '+1',
    '1.',
    '.5',
    ' 1',
    '1 ',
    '0x10',
    '1e',
    '-',
    '1e400',
    'tRue',
    'yes',
    'NaN',
    'Infinity',
    '12abc',
  ])('keeps %j a string', (cell) => {
    expect(typeCell(cell)).toBe(cell)
  })

  it('makes an empty cell absent, quoted or not', () => {
    expect(typeCell('')).toBeUndefined()
    expect(rows('a,b,c\n,"",x')).toEqual([{ c: 'x' }])
  })
})
