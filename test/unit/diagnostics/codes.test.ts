// test/unit/diagnostics/codes.test.ts: the code table is well-formed and its messages render.
import { describe, expect, it } from 'vitest'
import { type Code, codes, isCode, quote } from '../../../src/diagnostics/codes.ts'

const SAMPLE_ARGS: Record<string, unknown> = {
  quote: "'",
  char: '#',
  text: '10mins',
  sequence: '\\q',
  expected: '`)`',
  found: '`|`',
  name: 'summarise',
  suggestion: 'summarize',
  open: '(',
  close: ')',
  reason: 'no such date',
  parameter: 'kind',
  operator: 'join',
  bytes: 300000,
  limit: 1000,
  tokens: 70000,
  stages: 10001,
  actual: 2,
  position: 1,
  left: 'string',
  right: 'long',
  feature: '`mv-expand`',
  candidates: '`a` or `b`',
  pattern: '(a',
  detail: 'x',
  visualization: 'timechart',
  nodes: 1500,
}

describe('codes table', () => {
  const entries = Object.entries(codes) as [Code, (typeof codes)[Code]][]

  it('uses stable APLdddd keys grouped by phase', () => {
    expect(entries.length).toBeGreaterThan(40)
    for (const [code] of entries) expect(code).toMatch(/^APL0[0-9]{3}$/)
  })

  it('has unique names and valid severities and HTTP statuses', () => {
    const names = entries.map(([, d]) => d.name)
    expect(new Set(names).size).toBe(names.length)
    for (const [, d] of entries) {
      expect(['error', 'warning']).toContain(d.severity)
      expect([400, 404, 500]).toContain(d.http)
      expect(d.name).toMatch(/^[a-z]+(-[a-z]+)*$/)
    }
  })

  it('renders every message without undefined or template leftovers', () => {
    for (const [code, d] of entries) {
      const text = (d.message as (a: unknown) => string)(SAMPLE_ARGS)
      expect(text, code).not.toMatch(/undefined|\$\{|\[object/)
      expect(text.length, code).toBeGreaterThan(10)
    }
  })

  it('has the codes the binder needs', () => {
    const needed = [
      'unknown-field',
      'unknown-function',
      'unknown-tabular-operator',
      'unknown-dataset',
      'wrong-argument-count',
      'argument-type-mismatch',
      'operator-type-mismatch',
      'not-supported-yet',
      'aggregation-outside-summarize',
      'ambiguous-column',
      'duplicate-column',
      'invalid-regex',
      'invalid-datetime-literal',
      'invalid-timespan-literal',
      'division-by-zero',
      'stricttypes-violation',
    ]
    const names = new Set(entries.map(([, d]) => d.name))
    for (const n of needed) expect(names, n).toContain(n)
  })

  it('offers did-you-mean in the unknown-name messages', () => {
    expect(codes.APL0103.message({ name: 'summarise', suggestion: 'summarize' })).toBe(
      'unknown tabular operator `summarise`; did you mean `summarize`?',
    )
    expect(codes.APL0301.message({ name: 'stauts', suggestion: 'status' })).toContain(
      'did you mean `status`?',
    )
    expect(codes.APL0302.message({ name: 'cuont' })).toBe('unknown function `cuont`')
  })

  it('recognises its own codes only', () => {
    expect(isCode('APL0101')).toBe(true)
    expect(isCode('APL9999')).toBe(false)
    expect(isCode('toString')).toBe(false)
    expect(isCode(101)).toBe(false)
  })

  it('quotes text for messages, escaping control characters and shortening', () => {
    expect(quote('a\u0000b')).toBe('`a\\u0000b`')
    expect(quote('x'.repeat(100))).toBe(`\`${'x'.repeat(37)}…\``)
  })
})
