// test/unit/diagnostics/diagnostic.test.ts: diagnostics carry code, located message, clamped span, notes.
import { describe, expect, it } from 'vitest'
import { AplError, createDiagnostic, createNote } from '../../../src/diagnostics/diagnostic.ts'

describe('createDiagnostic', () => {
  it('prefixes the message with 1-based line and column from the span', () => {
    const source = 'T\n| where x ==\n| count'
    const d = createDiagnostic(
      source,
      'APL0101',
      { start: 15, length: 1 },
      { expected: 'an expression', found: '`|`' },
    )
    expect(d).toEqual({
      code: 'APL0101',
      severity: 'error',
      message: 'line: 3, col: 1: expected an expression but found `|`',
      span: { start: 15, length: 1 },
      notes: [],
    })
  })

  it('counts \\r\\n and lone \\r as one line break each', () => {
    const d = createDiagnostic('a\r\nb\rc x', 'APL0002', { start: 7, length: 1 }, { char: 'x' })
    expect(d.message).toBe('line: 3, col: 3: unexpected character `x`')
  })

  it('clamps spans into the text and never produces NaN', () => {
    const text = 'abc'
    for (const [start, length] of [
      [Number.NaN, 1],
      [-1, -1],
      [2, 100],
      [100, 5],
      [1, Number.NaN],
    ]) {
      const d = createDiagnostic(text, 'APL0102', { start, length }, { expected: 'x' })
      expect(Number.isInteger(d.span.start) && Number.isInteger(d.span.length)).toBe(true)
      expect(d.span.start).toBeGreaterThanOrEqual(0)
      expect(d.span.start + d.span.length).toBeLessThanOrEqual(text.length)
    }
    expect(
      createDiagnostic(text, 'APL0102', { start: Number.NaN, length: 0 }, { expected: 'x' }).span,
    ).toEqual({
      start: 3,
      length: 0,
    })
  })

  it('attaches located notes', () => {
    const note = createNote('ab\ncd', { start: 3, length: 1 }, '`(` opened here')
    const d = createDiagnostic('ab\ncd', 'APL0105', { start: 5, length: 0 }, { open: '(', close: ')' }, [
      note,
    ])
    expect(d.notes).toEqual([{ message: 'line: 2, col: 1: `(` opened here', span: { start: 3, length: 1 } }])
  })
})

describe('AplError', () => {
  it('wraps diagnostics and exposes the HTTP status of the first error', () => {
    const d = createDiagnostic('x', 'APL0303', { start: 0, length: 1 }, { name: 'x' })
    const e = new AplError([d])
    expect(e).toBeInstanceOf(Error)
    expect(e.name).toBe('AplError')
    expect(e.diagnostics).toEqual([d])
    expect(e.message).toBe('APL0303 line: 1, col: 1: dataset `x` not found')
    expect(e.httpStatus).toBe(404)
    expect(new AplError([]).httpStatus).toBe(400)
  })
})
